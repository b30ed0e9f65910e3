using System.Net;
using System.Text;

namespace ExampleRail.Tests;

/// <summary>
/// The site's session cookie (docs/aspnet.md "Antiforgery and the booking session (the ASP.NET side)"): a booking page
/// always sets the token the backend issued, never one the request brought; the cookie is
/// <c>__Host-rw_session</c> over HTTPS and <c>rw_session</c> over HTTP; the proxy sends it upstream as
/// <c>rw_session</c> and sets the backend's <c>rw_session</c> again under the site's name.
/// </summary>
public sealed class SessionCookieTests : IDisposable
{
    private readonly SiteFactory site = new();

    public void Dispose() => site.Dispose();

    private static string? LineOf(IEnumerable<string> setCookies, string name) =>
        setCookies.SingleOrDefault(line => line.StartsWith(name + "=", StringComparison.Ordinal));

    private static string ValueOf(string line) => line.Split(';')[0].Split('=', 2)[1];

    private static string[] AttributesOf(string line) =>
        line.Split(';').Skip(1).Select(part => part.Trim().ToLowerInvariant()).ToArray();

    [Fact]
    public async Task Over_HTTP_a_booking_page_sets_rw_session_to_the_backend_s_token()
    {
        var visit = await site.VisitBookingPageAsync(site.Client());

        var line = LineOf(visit.SetCookies, "rw_session");
        Assert.NotNull(line);
        var session = Assert.Single(site.Backend.Received, r => r.AbsolutePath == "/api/Session");
        Assert.Null(RecordingBackend.CookieOf(session, "rw_session"));
        Assert.Equal(site.Backend.NewToken()[..7], ValueOf(line)[..7]);
        Assert.Contains("httponly", AttributesOf(line));
        Assert.Contains("samesite=lax", AttributesOf(line));
        Assert.Contains("path=/", AttributesOf(line));
        Assert.DoesNotContain("secure", AttributesOf(line));
        Assert.Null(LineOf(visit.SetCookies, "__Host-rw_session"));
    }

    [Fact]
    public async Task Over_HTTPS_a_booking_page_sets_Host_rw_session_Secure_Path_root_without_Domain()
    {
        var visit = await site.VisitBookingPageAsync(site.Client(https: true));

        var line = LineOf(visit.SetCookies, "__Host-rw_session");
        Assert.True(line is not null, $"__Host-rw_session set: {string.Join(" | ", visit.SetCookies)}");
        Assert.Contains("secure", AttributesOf(line));
        Assert.Contains("path=/", AttributesOf(line));
        Assert.Contains("httponly", AttributesOf(line));
        Assert.Contains("samesite=lax", AttributesOf(line));
        Assert.DoesNotContain(AttributesOf(line), attribute => attribute.StartsWith("domain", StringComparison.Ordinal));
        Assert.Null(LineOf(visit.SetCookies, "rw_session"));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_session_cookie_the_request_brings_is_never_kept_even_when_the_backend_extends_it(bool https)
    {
        // The review: a page on another port of the same host set the attacker's own session cookie.
        var name = https ? "__Host-rw_session" : "rw_session";
        var attacker = site.Backend.NewToken();

        var visit = await site.VisitBookingPageAsync(site.Client(https), $"{name}={attacker}");

        var line = LineOf(visit.SetCookies, name);
        Assert.True(line is not null, $"{name} set: {string.Join(" | ", visit.SetCookies)}");
        Assert.NotEqual(attacker, ValueOf(line));
        Assert.Equal(site.Backend.NewToken()[..7], ValueOf(line)[..7]);
    }

    [Fact]
    public async Task With_a_backend_that_rotates_the_brought_session_goes_upstream_and_the_new_token_is_set()
    {
        site.Backend.RotatesSessions = true;
        var earlier = site.Backend.NewToken();

        var visit = await site.VisitBookingPageAsync(site.Client(https: true), $"__Host-rw_session={earlier}");

        var session = Assert.Single(site.Backend.Received, r => r.AbsolutePath == "/api/Session");
        Assert.Equal(earlier, RecordingBackend.CookieOf(session, "rw_session"));
        var line = LineOf(visit.SetCookies, "__Host-rw_session");
        Assert.NotNull(line);
        Assert.NotEqual(earlier, ValueOf(line));
    }

    [Fact]
    public async Task Over_HTTPS_a_plain_rw_session_which_any_page_of_the_host_can_set_is_ignored()
    {
        site.Backend.RotatesSessions = true;
        var planted = site.Backend.NewToken();
        var client = site.Client(https: true);

        await site.VisitBookingPageAsync(client, $"rw_session={planted}");
        using var status = new HttpRequestMessage(HttpMethod.Get, "/Refund/Status?bookingReference=KXB7HT2N");
        status.Headers.Add("Cookie", $"rw_session={planted}");
        await client.SendAsync(status);

        Assert.All(site.Backend.Received, r => Assert.Null(RecordingBackend.CookieOf(r, "rw_session")));
    }

    [Theory]
    [InlineData(false, "rw_session")]
    [InlineData(true, "__Host-rw_session")]
    public async Task The_proxy_sends_the_site_s_cookie_as_rw_session_and_sets_the_backend_s_under_the_site_s_name(bool https, string name)
    {
        var client = site.Client(https);
        var visit = await site.VisitBookingPageAsync(client);
        var mine = ValueOf(LineOf(visit.SetCookies, name)!);
        var replaced = site.Backend.NewToken();
        site.Backend.Answer = _ => (HttpStatusCode.OK, "[]",
            [$"rw_session={replaced}; Path=/; HttpOnly; SameSite=Lax", "rw_csrf=x; Path=/", "other=y; Path=/"]);
        using var request = new HttpRequestMessage(HttpMethod.Post, "/api/LookupJourneys")
        {
            Content = new StringContent("{}", Encoding.UTF8, "application/json"),
        };
        request.Headers.Add("Cookie", visit.Cookie);
        request.Headers.Add("RequestVerificationToken", visit.Token);

        var answer = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        var forwarded = Assert.Single(site.Backend.Forwarded);
        Assert.Equal(mine, RecordingBackend.CookieOf(forwarded, "rw_session"));
        Assert.Null(RecordingBackend.CookieOf(forwarded, name == "rw_session" ? "__Host-rw_session" : name));
        var lines = answer.Headers.GetValues("Set-Cookie").ToArray();
        var line = Assert.Single(lines);
        Assert.StartsWith($"{name}={replaced};", line);
        Assert.Contains("httponly", AttributesOf(line));
        Assert.Contains("samesite=lax", AttributesOf(line));
        Assert.Contains("path=/", AttributesOf(line));
        Assert.Equal(https, AttributesOf(line).Contains("secure"));
    }

    [Fact]
    public async Task A_session_cookie_that_is_not_a_token_is_not_written_into_the_backend_s_Cookie_header()
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/Refund/Status?bookingReference=KXB7HT2N");
        request.Headers.Add("Cookie", "rw_session=x%3B%20rw_csrf%3Dforged");

        var answer = await site.Client().SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        var forwarded = Assert.Single(site.Backend.Forwarded);
        Assert.Null(RecordingBackend.CookieOf(forwarded, "rw_session"));
        Assert.Null(RecordingBackend.CookieOf(forwarded, "rw_csrf"));
    }
}
