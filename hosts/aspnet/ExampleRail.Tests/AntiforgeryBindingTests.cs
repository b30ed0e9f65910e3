using System.Net;
using System.Text;

namespace ExampleRail.Tests;

/// <summary>
/// Antiforgery bound to the booking session (docs/aspnet.md "Antiforgery and the booking session (the ASP.NET side)"): a
/// token made for one browser's session is refused with another's, the proxied API takes the token from
/// its header alone, the cookie is <c>__Host-</c> and Secure over HTTPS, and the page's token outlives
/// the session rotation of a lookup.
/// </summary>
public sealed class AntiforgeryBindingTests : IDisposable
{
    private const string Delete = "/tickets/delete/AbCdEfGhIjKlMnOpQrStUvWx";

    private readonly SiteFactory site = new();

    public void Dispose() => site.Dispose();

    /// <summary>The name=value pair of cookie <paramref name="name"/> (by prefix) in a visit's Cookie header.</summary>
    private static string PairOf(BookingPageVisit visit, string prefix) =>
        visit.Cookie.Split("; ").Single(pair => pair.StartsWith(prefix, StringComparison.Ordinal));

    private static HttpRequestMessage FormPost(string path, string cookie, string token) => new(HttpMethod.Post, path)
    {
        Content = new FormUrlEncodedContent([KeyValuePair.Create("__RequestVerificationToken", token)]),
        Headers = { { "Cookie", cookie } },
    };

    [Fact]
    public async Task The_victim_s_session_with_the_attacker_s_antiforgery_cookie_and_form_token_deletes_nothing()
    {
        // The review's curl: the victim's session cookie, the attacker's own antiforgery cookie and token.
        var client = site.Client();
        var victim = await site.VisitBookingPageAsync(client);
        var attacker = await site.VisitBookingPageAsync(client);
        site.Backend.Answer = _ => (HttpStatusCode.NoContent, "", []);
        var cookie = $"{PairOf(victim, "rw_session=")}; {PairOf(attacker, ".AspNetCore.Antiforgery")}";

        using var request = FormPost(Delete, cookie, attacker.Token);
        var answer = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.Forbidden, answer.StatusCode);
        Assert.Empty(site.Backend.Forwarded);
    }

    [Fact]
    public async Task The_attacker_s_token_in_the_header_with_the_victim_s_session_is_refused()
    {
        var client = site.Client();
        var victim = await site.VisitBookingPageAsync(client);
        var attacker = await site.VisitBookingPageAsync(client);
        using var request = new HttpRequestMessage(HttpMethod.Post, Delete) { Content = new StringContent("", Encoding.UTF8, "application/json") };
        request.Headers.Add("Cookie", $"{PairOf(victim, "rw_session=")}; {PairOf(attacker, ".AspNetCore.Antiforgery")}");
        request.Headers.Add("RequestVerificationToken", attacker.Token);

        var answer = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.Forbidden, answer.StatusCode);
        Assert.Contains("Reload the page and try again", await answer.Content.ReadAsStringAsync());
        Assert.Empty(site.Backend.Forwarded);
    }

    [Fact]
    public async Task A_token_made_without_a_session_is_refused_with_a_session()
    {
        var client = site.Client();
        var victim = await site.VisitBookingPageAsync(client);
        var start = await client.GetAsync("/");
        var html = await start.Content.ReadAsStringAsync();
        var token = System.Text.RegularExpressions.Regex.Match(html, "<meta name=\"request-verification-token\" content=\"([^\"]+)\">").Groups[1].Value;
        var antiforgery = start.Headers.GetValues("Set-Cookie").Single(line => line.StartsWith(".AspNetCore.Antiforgery", StringComparison.Ordinal)).Split(';')[0];
        using var request = new HttpRequestMessage(HttpMethod.Post, Delete) { Content = new StringContent("", Encoding.UTF8, "application/json") };
        request.Headers.Add("Cookie", $"{PairOf(victim, "rw_session=")}; {antiforgery}");
        request.Headers.Add("RequestVerificationToken", token);

        var answer = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.Forbidden, answer.StatusCode);
        Assert.Empty(site.Backend.Forwarded);
    }

    [Fact]
    public async Task The_page_s_own_token_in_a_form_body_is_refused_on_the_proxied_API()
    {
        var client = site.Client();
        var visit = await site.VisitBookingPageAsync(client);

        using var request = FormPost(Delete, visit.Cookie, visit.Token);
        var answer = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.Forbidden, answer.StatusCode);
        Assert.Empty(site.Backend.Forwarded);
    }

    [Fact]
    public async Task Over_HTTPS_the_antiforgery_cookie_is_Host_prefixed_Secure_and_Path_root()
    {
        var visit = await site.VisitBookingPageAsync(site.Client(https: true));

        var line = visit.SetCookies.SingleOrDefault(l => l.Contains("Antiforgery", StringComparison.Ordinal));
        Assert.True(line is not null, string.Join(" | ", visit.SetCookies));
        Assert.StartsWith("__Host-", line);
        var attributes = line.Split(';').Skip(1).Select(part => part.Trim().ToLowerInvariant()).ToArray();
        Assert.Contains("secure", attributes);
        Assert.Contains("path=/", attributes);
        Assert.DoesNotContain(attributes, attribute => attribute.StartsWith("domain", StringComparison.Ordinal));
    }

    [Fact]
    public async Task Over_HTTPS_the_page_s_token_with_its_Host_cookie_is_forwarded_and_a_plain_named_cookie_is_not_read()
    {
        var client = site.Client(https: true);
        var visit = await site.VisitBookingPageAsync(client);
        var plain = visit.Cookie.Replace("__Host-.AspNetCore.Antiforgery", ".AspNetCore.Antiforgery", StringComparison.Ordinal);

        using var good = new HttpRequestMessage(HttpMethod.Post, "/api/ProcessRefund") { Content = new StringContent("{}", Encoding.UTF8, "application/json") };
        good.Headers.Add("Cookie", visit.Cookie);
        good.Headers.Add("RequestVerificationToken", visit.Token);
        using var planted = new HttpRequestMessage(HttpMethod.Post, "/api/ProcessRefund") { Content = new StringContent("{}", Encoding.UTF8, "application/json") };
        planted.Headers.Add("Cookie", plain);
        planted.Headers.Add("RequestVerificationToken", visit.Token);

        Assert.Equal(HttpStatusCode.OK, (await client.SendAsync(good)).StatusCode);
        Assert.Equal(HttpStatusCode.Forbidden, (await client.SendAsync(planted)).StatusCode);
        Assert.Single(site.Backend.Forwarded);
    }

    [Fact]
    public async Task After_a_lookup_rotates_the_session_the_page_s_token_still_works_for_the_replacement()
    {
        var client = site.Client();
        var visit = await site.VisitBookingPageAsync(client);
        var rotated = site.Backend.NewToken();
        site.Backend.Answer = r => r.AbsolutePath == "/api/LookupJourneys"
            ? (HttpStatusCode.OK, "[]", [$"rw_session={rotated}; Path=/; HttpOnly; SameSite=Lax"])
            : (HttpStatusCode.OK, "{\"ok\":true}", []);
        using var lookup = new HttpRequestMessage(HttpMethod.Post, "/api/LookupJourneys") { Content = new StringContent("{}", Encoding.UTF8, "application/json") };
        lookup.Headers.Add("Cookie", visit.Cookie);
        lookup.Headers.Add("RequestVerificationToken", visit.Token);
        Assert.Equal(HttpStatusCode.OK, (await client.SendAsync(lookup)).StatusCode);

        var cookie = visit.Cookie.Replace(PairOf(visit, "rw_session="), $"rw_session={rotated}", StringComparison.Ordinal);
        using var replacement = new HttpRequestMessage(HttpMethod.Post, "/api/ProcessRefundWithReplacement") { Content = new StringContent("{}", Encoding.UTF8, "application/json") };
        replacement.Headers.Add("Cookie", cookie);
        replacement.Headers.Add("RequestVerificationToken", visit.Token);
        var answer = await client.SendAsync(replacement);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        Assert.Equal(rotated, RecordingBackend.CookieOf(site.Backend.Forwarded[^1], "rw_session"));
    }
}
