using System.Net;
using System.Text;
using Microsoft.AspNetCore.Http;

namespace ExampleRail.Tests;

/// <summary>
/// A booking page reuses the traveller's backend session (docs/aspnet.md "Antiforgery and the booking
/// session"): it opens one only when the browser brings none the site opened for this booking, or that one
/// is older than the reuse limit, or the backend refused it since.
/// </summary>
public sealed class SessionReuseTests : IDisposable
{
    private readonly SiteFactory site = new();

    public SessionReuseTests() => site.Backend.RotatesSessions = true;

    public void Dispose() => site.Dispose();

    private int SessionsOpened => site.Backend.Received.Count(r => r.AbsolutePath == "/api/Session");

    [Fact]
    public async Task Pages_of_the_same_booking_open_one_backend_session_and_keep_its_cookie_and_token_working()
    {
        var client = site.Client();
        var first = await site.VisitBookingPageAsync(client);

        var pages = new List<BookingPageVisit>();
        for (var i = 0; i < 5; i++) pages.Add(await site.VisitBookingPageAsync(client, first.Cookie));

        Assert.Equal(1, SessionsOpened);
        Assert.All(pages, page => Assert.DoesNotContain(page.SetCookies, line => line.StartsWith("rw_session=", StringComparison.Ordinal)));
        using var post = new HttpRequestMessage(HttpMethod.Post, "/api/ProcessRefund") { Content = new StringContent("{}", Encoding.UTF8, "application/json") };
        post.Headers.Add("Cookie", first.Cookie);
        post.Headers.Add("RequestVerificationToken", pages[^1].Token);
        Assert.Equal(HttpStatusCode.OK, (await client.SendAsync(post)).StatusCode);
    }

    [Fact]
    public async Task A_page_of_another_booking_opens_a_new_session()
    {
        var client = site.Client();
        var first = await site.VisitBookingPageAsync(client);

        var other = await site.VisitBookingPageAsync(client, first.Cookie, bookingReference: "LBG7WK2F");

        Assert.Equal(2, SessionsOpened);
        Assert.Contains(other.SetCookies, line => line.StartsWith("rw_session=", StringComparison.Ordinal));
    }

    [Fact]
    public async Task A_session_older_than_the_reuse_limit_is_replaced()
    {
        var client = site.Client();
        var first = await site.VisitBookingPageAsync(client);
        site.Clock.Advance(TimeSpan.FromMinutes(29));
        await site.VisitBookingPageAsync(client, first.Cookie);
        Assert.Equal(1, SessionsOpened);

        site.Clock.Advance(TimeSpan.FromMinutes(2));
        var later = await site.VisitBookingPageAsync(client, first.Cookie);

        Assert.Equal(2, SessionsOpened);
        Assert.Contains(later.SetCookies, line => line.StartsWith("rw_session=", StringComparison.Ordinal));
    }

    [Fact]
    public async Task After_the_backend_refuses_the_session_the_next_page_opens_a_new_one()
    {
        // The backend forgot it (a restart, or its own limits): reloading the page, as its message says, works.
        var client = site.Client();
        var first = await site.VisitBookingPageAsync(client);
        site.Backend.Answer = _ => (HttpStatusCode.Forbidden, "{\"message\":\"There is no session for this booking.\"}", []);
        using var status = new HttpRequestMessage(HttpMethod.Get, "/Refund/Status?bookingReference=KXB7HT2N");
        status.Headers.Add("Cookie", first.Cookie);
        Assert.Equal(HttpStatusCode.Forbidden, (await client.SendAsync(status)).StatusCode);

        var reloaded = await site.VisitBookingPageAsync(client, first.Cookie);

        Assert.Equal(2, SessionsOpened);
        Assert.Contains(reloaded.SetCookies, line => line.StartsWith("rw_session=", StringComparison.Ordinal));
    }

    [Fact]
    public async Task A_session_cookie_the_site_did_not_open_is_never_reused()
    {
        var planted = site.Backend.NewToken();

        var visit = await site.VisitBookingPageAsync(site.Client(), $"rw_session={planted}");

        Assert.Equal(1, SessionsOpened);
        Assert.DoesNotContain($"rw_session={planted}", visit.Cookie);
    }

    /// <summary>Renders a booking page for <paramref name="client"/> (its remote address), with no cookie; returns the status, Retry-After and body.</summary>
    private async Task<(int Status, string? RetryAfter, string Body)> RenderAsync(string client)
    {
        var context = await site.Server.SendAsync(c =>
        {
            c.Request.Method = "GET";
            c.Request.Path = "/JourneySummary";
            c.Request.QueryString = new QueryString("?BookingReference=KXB7HT2N&Email=traveller%40example.com");
            c.Connection.RemoteIpAddress = IPAddress.Parse(client);
        });
        return (context.Response.StatusCode, context.Response.Headers.RetryAfter.FirstOrDefault(), await new StreamReader(context.Response.Body).ReadToEndAsync());
    }

    [Fact]
    public async Task One_client_rendering_pages_without_its_cookie_opens_a_bounded_number_of_sessions_then_gets_429()
    {
        // The review: 10,000 sessions for one booking, each a page rendered without the cookie.
        var answers = new List<(int Status, string? RetryAfter, string Body)>();
        for (var i = 0; i < 80; i++) answers.Add(await RenderAsync("192.0.2.50"));
        var other = await RenderAsync("192.0.2.60");

        var rendered = answers.Count(answer => answer.Status == 200);
        Assert.InRange(rendered, 30, 70);
        var refused = Assert.Single(answers.Where(answer => answer.Status != 200).Take(1));
        Assert.Equal(StatusCodes.Status429TooManyRequests, refused.Status);
        Assert.True(int.TryParse(refused.RetryAfter, out var seconds) && seconds >= 1, $"Retry-After: {refused.RetryAfter}");
        Assert.Contains("Please wait a minute and try again.", refused.Body);
        Assert.All(answers.Where(answer => answer.Status != 200), answer => Assert.Equal(429, answer.Status));
        Assert.Equal(200, other.Status);
        Assert.Equal(rendered + 1, SessionsOpened);
    }
}
