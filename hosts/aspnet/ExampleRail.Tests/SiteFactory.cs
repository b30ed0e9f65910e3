using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.RegularExpressions;
using ExampleRail.Backend;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc.Testing;
using Microsoft.AspNetCore.TestHost;
using RefundWidgets.AspNetCore;
using Microsoft.Extensions.DependencyInjection;

namespace ExampleRail.Tests;

/// <summary>
/// The example site in memory (TestServer) in front of a <see cref="RecordingBackend"/>: every request the
/// site sends to the reference backend is recorded and answered by the stand-in, none leaves the process.
/// The widgets' files are those of the RefundWidgets.AspNetCore package the site installed.
/// </summary>
public sealed class SiteFactory : WebApplicationFactory<Program>
{
    /// <summary>The stand-in for the reference backend.</summary>
    public RecordingBackend Backend { get; } = new();

    /// <summary>The site's clock (its <see cref="TimeProvider"/>), moved on by tests.</summary>
    public ManualClock Clock { get; } = new();

    /// <summary>Configuration set on the site (e.g. <c>Backend:HostDataKey</c>), before it starts.</summary>
    public Dictionary<string, string?> Settings { get; } = new()
    {
        ["Backend:Url"] = "http://backend.test/",
        ["Backend:ValidateAntiforgery"] = "true",
    };

    protected override void ConfigureWebHost(IWebHostBuilder builder)
    {
        builder.UseEnvironment("Production");
        foreach (var (key, value) in Settings) builder.UseSetting(key, value);
        builder.ConfigureTestServices(services =>
        {
            services.AddHttpClient(nameof(ReferenceBackend)).ConfigurePrimaryHttpMessageHandler(() => new RecordingHandler(Backend));
            services.AddHttpClient(RefundWidgetsApi.HttpClientName).ConfigurePrimaryHttpMessageHandler(() => new RecordingHandler(Backend));
            services.AddSingleton<TimeProvider>(Clock);
        });
    }

    /// <summary>A client that keeps no cookies and follows no redirect; <paramref name="https"/> serves the pages over HTTPS.</summary>
    public HttpClient Client(bool https = false) => CreateClient(new WebApplicationFactoryClientOptions
    {
        BaseAddress = new Uri(https ? "https://localhost" : "http://localhost"),
        HandleCookies = false,
        AllowAutoRedirect = false,
    });

    /// <summary>
    /// Renders the booking page <c>/JourneySummary</c> (with <paramref name="cookie"/> as the request's Cookie
    /// header when given; <paramref name="bookingReference"/>, KXB7HT2N by default) and returns the answer, its Set-Cookie lines, the Cookie header a browser would
    /// send afterwards (the antiforgery cookie and the session cookie) and the page's antiforgery token.
    /// </summary>
    public async Task<BookingPageVisit> VisitBookingPageAsync(HttpClient client, string? cookie = null, string bookingReference = "KXB7HT2N")
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, $"/JourneySummary?BookingReference={bookingReference}&Email=traveller%40example.com");
        if (cookie is not null) request.Headers.Add("Cookie", cookie);
        using var answer = await client.SendAsync(request);
        var html = await answer.Content.ReadAsStringAsync();
        Assert.True(answer.StatusCode == HttpStatusCode.OK, $"the booking page: {(int)answer.StatusCode} {html}");
        var lines = answer.Headers.TryGetValues("Set-Cookie", out var values) ? values.ToArray() : [];
        var token = Regex.Match(html, "<meta name=\"request-verification-token\" content=\"([^\"]+)\">").Groups[1].Value;
        Assert.False(string.IsNullOrEmpty(token), "the page's antiforgery token");
        var pairs = lines.Select(line => line.Split(';')[0]).Where(pair => !pair.EndsWith('=')).ToArray();
        return new BookingPageVisit(lines, string.Join("; ", pairs), token);
    }
}

/// <summary>What a booking page left: its Set-Cookie lines, the browser's next Cookie header and the page's token.</summary>
public sealed record BookingPageVisit(string[] SetCookies, string Cookie, string Token);

/// <summary>A request the site sent to the backend.</summary>
public sealed record BackendRequest(string Method, string PathAndQuery, string AbsolutePath, IReadOnlyDictionary<string, string> Headers, string Body);

/// <summary>
/// The reference backend's stand-in: records each request and answers the routes the site needs.
/// <c>POST /api/Session</c> extends the session the request names (as the backend did before it rotated
/// tokens) unless <see cref="RotatesSessions"/>; any other route answers <see cref="Answer"/>.
/// </summary>
public sealed class RecordingBackend
{
    private int issued;
    private readonly List<BackendRequest> received = [];

    /// <summary>True: <c>POST /api/Session</c> always issues a new token.</summary>
    public bool RotatesSessions { get; set; }

    /// <summary>The answer to a proxied call: status, JSON body and Set-Cookie lines.</summary>
    public Func<BackendRequest, (HttpStatusCode Status, string Json, string[] SetCookies)> Answer { get; set; } =
        _ => (HttpStatusCode.OK, "{\"ok\":true}", []);

    /// <summary>Every request received so far, in order.</summary>
    public IReadOnlyList<BackendRequest> Received
    {
        get { lock (received) return received.ToArray(); }
    }

    /// <summary>The requests that were not server-to-server page data or sessions: what the proxy forwarded.</summary>
    public IReadOnlyList<BackendRequest> Forwarded =>
        Received.Where(r => !r.AbsolutePath.StartsWith("/host-data/", StringComparison.Ordinal) && r.AbsolutePath != "/api/Session").ToArray();

    /// <summary>A new session token of the backend's shape (43 base64url characters).</summary>
    public string NewToken() => $"session{Interlocked.Increment(ref issued):D36}";

    /// <summary>The value of cookie <paramref name="name"/> in a request's Cookie header, or null.</summary>
    public static string? CookieOf(BackendRequest request, string name) =>
        request.Headers.TryGetValue("Cookie", out var header)
            ? header.Split(';').Select(part => part.Trim().Split('=', 2)).FirstOrDefault(pair => pair[0] == name)?.ElementAtOrDefault(1)
            : null;

    internal async Task<HttpResponseMessage> HandleAsync(HttpRequestMessage request, CancellationToken cancel)
    {
        var headers = request.Headers.Concat(request.Content?.Headers ?? Enumerable.Empty<KeyValuePair<string, IEnumerable<string>>>())
            .ToDictionary(pair => pair.Key, pair => string.Join(pair.Key == "Cookie" ? "; " : ", ", pair.Value), StringComparer.OrdinalIgnoreCase);
        var body = request.Content is null ? "" : await request.Content.ReadAsStringAsync(cancel);
        var uri = request.RequestUri!;
        var recorded = new BackendRequest(request.Method.Method, uri.PathAndQuery, uri.AbsolutePath, headers, body);
        lock (received) received.Add(recorded);
        return uri.AbsolutePath switch
        {
            "/host-data/booking" => Booking(uri),
            "/host-data/stations" => Json(HttpStatusCode.OK, "{\"KGX\":\"London Kings Cross\"}"),
            "/host-data/bookings" => Json(HttpStatusCode.OK, "[]"),
            "/api/Session" => Session(recorded),
            _ => Proxied(recorded),
        };
    }

    /// <summary>The booking the query names (any reference of letters and digits; KXB7HT2N otherwise).</summary>
    private static HttpResponseMessage Booking(Uri uri)
    {
        var named = Regex.Match(uri.Query, "bookingReference=([A-Za-z0-9]{1,12})(&|$)").Groups[1].Value;
        var reference = named.Length > 0 ? named : "KXB7HT2N";
        return Json(HttpStatusCode.OK,
            $"{{\"bookingReference\":\"{reference}\",\"email\":\"traveller@example.com\",\"details\":{{\"bookingReference\":\"{reference}\"}},\"journeyId\":700101}}");
    }

    private HttpResponseMessage Session(BackendRequest request)
    {
        var brought = CookieOf(request, RefundWidgetsSessionCookie.UpstreamName);
        var token = !RotatesSessions && brought is not null ? brought : NewToken();
        var answer = Json(HttpStatusCode.OK, $"{{\"session\":\"{token}\"}}");
        if (token != brought) answer.Headers.Add("Set-Cookie", $"rw_session={token}; Path=/; HttpOnly; SameSite=Lax");
        return answer;
    }

    private HttpResponseMessage Proxied(BackendRequest request)
    {
        var (status, json, cookies) = Answer(request);
        var answer = Json(status, json);
        foreach (var line in cookies) answer.Headers.TryAddWithoutValidation("Set-Cookie", line);
        return answer;
    }

    private static HttpResponseMessage Json(HttpStatusCode status, string json) =>
        new(status) { Content = new StringContent(json, Encoding.UTF8, "application/json") };
}

/// <summary>The primary handler of the site's backend client in tests: hands every request to the stand-in.</summary>
internal sealed class RecordingHandler(RecordingBackend backend) : HttpMessageHandler
{
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken) =>
        backend.HandleAsync(request, cancellationToken);
}

/// <summary>A clock that stands still until a test moves it on.</summary>
public sealed class ManualClock : TimeProvider
{
    private DateTimeOffset now = new(2026, 11, 23, 9, 0, 0, TimeSpan.Zero);

    public override DateTimeOffset GetUtcNow() => now;

    /// <summary>Moves the clock on by <paramref name="by"/>.</summary>
    public void Advance(TimeSpan by) => now += by;
}
