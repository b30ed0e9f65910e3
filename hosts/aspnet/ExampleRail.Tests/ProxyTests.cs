using System.Net;
using System.Text;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;

namespace ExampleRail.Tests;

/// <summary>
/// The forwarding (docs/aspnet.md "What the package does for you"): the security review's walk-out
/// payloads, every level of encoding, the allowlist by method and path template, and antiforgery on the
/// matched route. Each test starts its own site in front of a recording stand-in of the backend.
/// </summary>
public sealed class ProxyTests : IDisposable
{
    private readonly SiteFactory site = new();

    public void Dispose() => site.Dispose();

    /// <summary>
    /// Sends one request as Kestrel would hand it over: <paramref name="rawTarget"/> as the client wrote
    /// it and <paramref name="path"/> as Kestrel decoded it (it decodes <c>%5C</c> to <c>\</c>).
    /// </summary>
    private async Task<(int Status, string Body)> SendRawAsync(string method, string rawTarget, string path, string? cookie = null, string? contentType = null)
    {
        var context = await site.Server.SendAsync(c =>
        {
            c.Request.Method = method;
            c.Request.Path = new PathString(path);
            var query = rawTarget.IndexOf('?');
            if (query >= 0) c.Request.QueryString = new QueryString(rawTarget[query..]);
            c.Features.Get<IHttpRequestFeature>()!.RawTarget = rawTarget;
            if (cookie is not null) c.Request.Headers.Cookie = cookie;
            if (contentType is not null)
            {
                c.Request.ContentType = contentType;
                c.Request.Body = new MemoryStream(Encoding.UTF8.GetBytes("a=b"));
            }
        });
        return (context.Response.StatusCode, await new StreamReader(context.Response.Body).ReadToEndAsync());
    }

    /// <summary>Fails, naming them, when any request reached the backend other than the page data and session of a booking page.</summary>
    private void AssertNothingForwarded() =>
        Assert.True(site.Backend.Forwarded.Count == 0,
            "reached the backend: " + string.Join(", ", site.Backend.Forwarded.Select(r => $"{r.Method} {r.PathAndQuery}")));

    private static HttpRequestMessage Post(string path, BookingPageVisit? visit, bool withToken, string json = "{\"protectedReference\":\"P\"}")
    {
        var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new StringContent(json, Encoding.UTF8, "application/json") };
        if (visit is not null) request.Headers.Add("Cookie", visit.Cookie);
        if (visit is not null && withToken) request.Headers.Add("RequestVerificationToken", visit.Token);
        return request;
    }

    [Theory]
    [InlineData("/api/..%5Chost-data%5Cbookings")]
    [InlineData("/Refund/..%5Cgallery-api%5CRefund%5CStatus?bookingReference=KXB7HT2N")]
    public async Task The_review_s_GET_walk_outs_are_refused_with_400_and_never_reach_the_backend(string target)
    {
        var answer = await site.Client().GetAsync(target);

        Assert.True(site.Backend.Received.Count == 0,
            "reached the backend: " + string.Join(", ", site.Backend.Received.Select(r => $"{r.Method} {r.PathAndQuery}")));
        Assert.Equal(HttpStatusCode.BadRequest, answer.StatusCode);
        Assert.StartsWith("text/plain", answer.Content.Headers.ContentType?.ToString());
    }

    [Fact]
    public async Task A_cross_site_POST_to_report_walking_to_dev_reset_is_refused_and_never_reaches_the_backend()
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/report/..%5C__dev%5Creset")
        {
            Content = new StringContent("a=b", Encoding.UTF8, "application/x-www-form-urlencoded"),
        };
        request.Headers.Add("Origin", "http://127.0.0.2:45229");

        var answer = await site.Client().SendAsync(request);

        AssertNothingForwarded();
        Assert.Equal(HttpStatusCode.BadRequest, answer.StatusCode);
    }

    [Fact]
    public async Task A_POST_to_report_walking_to_an_upload_s_delete_with_only_the_session_cookie_never_reaches_the_backend()
    {
        var client = site.Client();
        var visit = await site.VisitBookingPageAsync(client);
        using var request = Post("/report/..%5Ctickets%5Cdelete%5CAbCdEfGhIjKlMnOpQrStUvWx", visit, withToken: false, json: "");

        var answer = await client.SendAsync(request);

        AssertNothingForwarded();
        Assert.Equal(HttpStatusCode.BadRequest, answer.StatusCode);
    }

    // Every level of encoding of a backslash or a dot segment, in the raw target as a client may send it
    // (HttpClient would resolve some of them itself), with the path as Kestrel decodes it.
    [Theory]
    [InlineData("GET", "/api/..%5Chost-data%5Cbookings", "/api/..\\host-data\\bookings")]
    [InlineData("GET", "/api/..%5chost-data%5cbookings", "/api/..\\host-data\\bookings")]
    [InlineData("GET", "/api/..%255Chost-data%255Cbookings", "/api/..%5Chost-data%5Cbookings")]
    [InlineData("GET", "/api/..%25255Chost-data", "/api/..%255Chost-data")]
    [InlineData("GET", "/api/%2e%2e/host-data/bookings", "/host-data/bookings")]
    [InlineData("GET", "/api/%2E%2E/host-data/bookings", "/host-data/bookings")]
    [InlineData("GET", "/api/.%2e/host-data/bookings", "/host-data/bookings")]
    [InlineData("GET", "/api/%252e%252e/host-data/bookings", "/api/%2e%2e/host-data/bookings")]
    [InlineData("GET", "/api/%25252e%25252e/host-data/bookings", "/api/%252e%252e/host-data/bookings")]
    [InlineData("GET", "/api/..%2Fhost-data%2Fbookings", "/api/..%2Fhost-data%2Fbookings")]
    [InlineData("GET", "/api/..%252Fhost-data", "/api/..%2Fhost-data")]
    [InlineData("GET", "/Refund/%2e/Status?bookingReference=KXB7HT2N", "/Refund/Status")]
    [InlineData("GET", "/Refund/Status/..?bookingReference=KXB7HT2N", "/Refund")]
    [InlineData("POST", "/report/..%5C__dev%5Creset", "/report/..\\__dev\\reset")]
    [InlineData("POST", "/report/%2e%2e/__dev/reset", "/__dev/reset")]
    [InlineData("POST", "/report/..%255C__dev%255Creset", "/report/..%5C__dev%5Creset")]
    [InlineData("POST", "/tickets/delete/..%5C..%5C__dev%5Creset", "/tickets/delete/..\\..\\__dev\\reset")]
    [InlineData("POST", "http://localhost/report/..%5C__dev%5Creset", "/report/..\\__dev\\reset")]
    public async Task A_backslash_or_dot_segment_at_any_level_of_encoding_is_refused_with_400(string method, string rawTarget, string kestrelPath)
    {
        var (status, body) = await SendRawAsync(method, rawTarget, kestrelPath, contentType: method == "POST" ? "application/x-www-form-urlencoded" : null);

        AssertNothingForwarded();
        Assert.Equal(400, status);
        Assert.Equal("This address is not valid.", body);
    }

    [Fact]
    public async Task A_decoded_path_with_a_backslash_is_refused_even_when_the_raw_target_looks_clean()
    {
        // A front end that decoded the path before this site would leave only the decoded form.
        var (status, _) = await SendRawAsync("GET", "/api/x", "/api/..\\host-data\\bookings");

        Assert.Equal(400, status);
        Assert.Empty(site.Backend.Received);
    }

    [Theory]
    [InlineData("GET", "/Refund/Status?bookingReference=KXB7HT2N", "/Refund/Status")]
    [InlineData("GET", "/Refund/DryRun?bookingReference=KXB7HT2N", "/Refund/DryRun")]
    [InlineData("GET", "/refund/status?bookingReference=KXB7HT2N", "/Refund/Status")]
    [InlineData("POST", "/api/ProcessRefund", "/api/ProcessRefund")]
    [InlineData("POST", "/api/LookupJourneys", "/api/LookupJourneys")]
    [InlineData("POST", "/api/ProcessRefundWithReplacement/DryRun", "/api/ProcessRefundWithReplacement/DryRun")]
    [InlineData("POST", "/api/ProcessRefundWithReplacement", "/api/ProcessRefundWithReplacement")]
    [InlineData("POST", "/tickets/upload", "/tickets/upload")]
    [InlineData("POST", "/tickets/submit-claim", "/tickets/submit-claim")]
    [InlineData("POST", "/tickets/delete/AbCdEfGhIjKlMnOpQr_-0123", "/tickets/delete/AbCdEfGhIjKlMnOpQr_-0123")]
    [InlineData("POST", "/report/error", "/report/error")]
    [InlineData("POST", "/report/vitals", "/report/vitals")]
    public async Task Each_route_of_the_allowlist_is_forwarded_to_the_route_s_own_path(string method, string target, string upstreamPath)
    {
        var client = site.Client();
        var visit = await site.VisitBookingPageAsync(client);
        using var request = method == "GET" ? new HttpRequestMessage(HttpMethod.Get, target) : Post(target, visit, withToken: true);
        if (method == "GET") request.Headers.Add("Cookie", visit.Cookie);

        var answer = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        var forwarded = Assert.Single(site.Backend.Forwarded);
        Assert.Equal(method, forwarded.Method);
        Assert.Equal(upstreamPath, forwarded.AbsolutePath);
        if (method == "GET") Assert.Equal("?bookingReference=KXB7HT2N", forwarded.PathAndQuery[upstreamPath.Length..]);
    }

    [Theory]
    [InlineData("GET", "/api/ProcessRefund")]
    [InlineData("POST", "/api/Session")]
    [InlineData("GET", "/api/host-data/bookings")]
    [InlineData("POST", "/api/ProcessRefund/extra")]
    [InlineData("POST", "/api/ProcessRefund/")]
    [InlineData("POST", "/Refund/Status")]
    [InlineData("GET", "/Refund/Other")]
    [InlineData("GET", "/tickets/upload")]
    [InlineData("POST", "/tickets/delete/abc.def")]
    [InlineData("POST", "/tickets/delete/a%2Fb")]
    [InlineData("POST", "/tickets/delete/")]
    [InlineData("POST", "/report/other")]
    [InlineData("GET", "/report/error")]
    [InlineData("GET", "/report/vitals")]
    [InlineData("POST", "/report/vitals/")]
    [InlineData("DELETE", "/tickets/delete/AbCdEfGhIjKlMnOpQrStUvWx")]
    public async Task A_call_off_the_allowlist_under_the_proxy_s_prefixes_is_404_and_never_forwarded(string method, string target)
    {
        var client = site.Client();
        var visit = await site.VisitBookingPageAsync(client);
        using var request = new HttpRequestMessage(new HttpMethod(method), target);
        request.Headers.Add("Cookie", visit.Cookie);
        request.Headers.Add("RequestVerificationToken", visit.Token);
        if (method != "GET") request.Content = new StringContent("{}", Encoding.UTF8, "application/json");

        var answer = await client.SendAsync(request);

        AssertNothingForwarded();
        Assert.Equal(HttpStatusCode.NotFound, answer.StatusCode);
    }

    [Theory]
    [InlineData("/api/ProcessRefund")]
    [InlineData("/tickets/delete/AbCdEfGhIjKlMnOpQrStUvWx")]
    [InlineData("/TICKETS/DELETE/AbCdEfGhIjKlMnOpQrStUvWx")]
    public async Task A_state_changing_route_without_the_token_is_403_and_never_forwarded(string path)
    {
        var client = site.Client();
        var visit = await site.VisitBookingPageAsync(client);
        using var request = Post(path, visit, withToken: false);

        var answer = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.Forbidden, answer.StatusCode);
        Assert.Contains("Reload the page and try again", await answer.Content.ReadAsStringAsync());
        Assert.Empty(site.Backend.Forwarded);
    }

    [Theory]
    [InlineData("/report/error")]
    [InlineData("/report/vitals")]
    public async Task The_reports_are_the_POSTs_forwarded_without_a_token_and_only_as_JSON(string path)
    {
        var client = site.Client();
        using var json = Post(path, null, withToken: false, json: "{\"message\":\"m\"}");
        using var form = new HttpRequestMessage(HttpMethod.Post, path)
        {
            Content = new StringContent("message=m", Encoding.UTF8, "application/x-www-form-urlencoded"),
        };

        var sent = await client.SendAsync(json);
        var refused = await client.SendAsync(form);

        Assert.Equal(HttpStatusCode.OK, sent.StatusCode);
        Assert.Equal(HttpStatusCode.UnsupportedMediaType, refused.StatusCode);
        var forwarded = Assert.Single(site.Backend.Forwarded);
        Assert.Equal(path, forwarded.AbsolutePath);
        Assert.Equal("{\"message\":\"m\"}", forwarded.Body);
    }

    [Fact]
    public async Task The_query_is_forwarded_re_encoded_and_cannot_add_a_path()
    {
        var client = site.Client();
        using var request = new HttpRequestMessage(HttpMethod.Get, "/Refund/Status?bookingReference=KXB7HT2N&x=%2F..%2Fhost-data%23frag");

        var answer = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        var forwarded = Assert.Single(site.Backend.Forwarded);
        Assert.Equal("/Refund/Status", forwarded.AbsolutePath);
        Assert.Equal("/Refund/Status?bookingReference=KXB7HT2N&x=%2F..%2Fhost-data%23frag", forwarded.PathAndQuery);
    }
}
