using System.Net;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text.Json;
using System.Text.Json.Serialization;
using ExampleRail.Models;

namespace ExampleRail.Backend;

/// <summary>
/// Server-to-server calls to the reference backend: the page data of a booking (<c>/host-data/*</c>,
/// with the header <c>X-Host-Data-Key</c> when <see cref="BackendOptions.HostDataKey"/> is set) and the
/// session a booking's page opens (<c>POST /api/Session</c>, the Session contract).
/// </summary>
public sealed class ReferenceBackend(HttpClient http, BackendOptions options)
{
    /// <summary>Name of the session cookie (the Session contract).</summary>
    public const string SessionCookie = "rw_session";
    /// <summary>Name of the backend's double-submit antiforgery cookie.</summary>
    public const string CsrfCookie = "rw_csrf";
    /// <summary>Header carrying the antiforgery token (ASP.NET's default name).</summary>
    public const string CsrfHeader = "RequestVerificationToken";
    /// <summary>Header carrying the server-to-server key of the <c>/host-data/*</c> routes.</summary>
    public const string HostDataKeyHeader = "X-Host-Data-Key";

    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web);

    /// <summary>The demo bookings, for the start page.</summary>
    /// <exception cref="HttpRequestException">the backend failed or is unreachable.</exception>
    public async Task<IReadOnlyList<DemoBooking>> DemoBookingsAsync(CancellationToken cancel)
    {
        using var response = await HostDataAsync("host-data/bookings", cancel);
        response.EnsureSuccessStatusCode();
        return await response.Content.ReadFromJsonAsync<List<DemoBooking>>(Json, cancel) ?? [];
    }

    /// <summary>
    /// A booking's page data: Details, station names and journey id; null when reference and e-mail
    /// match no booking (the backend answers 404).
    /// </summary>
    /// <exception cref="HttpRequestException">the backend failed or is unreachable.</exception>
    public async Task<BookingPage?> BookingPageAsync(string bookingReference, string email, CancellationToken cancel)
    {
        var query = $"host-data/booking?bookingReference={Uri.EscapeDataString(bookingReference)}&email={Uri.EscapeDataString(email)}";
        using var response = await HostDataAsync(query, cancel);
        if (response.StatusCode == HttpStatusCode.NotFound) return null;
        response.EnsureSuccessStatusCode();
        var booking = await response.Content.ReadFromJsonAsync<BookingData>(Json, cancel)
            ?? throw new HttpRequestException("The backend sent no booking.");
        using var stationsResponse = await HostDataAsync("host-data/stations", cancel);
        stationsResponse.EnsureSuccessStatusCode();
        var stations = await stationsResponse.Content.ReadFromJsonAsync<Dictionary<string, string>>(Json, cancel) ?? [];
        return new BookingPage(booking.BookingReference, booking.Email, booking.Details, stations, booking.JourneyId?.ToString());
    }

    /// <summary>
    /// Opens the backend session for a booking: <c>POST /api/Session</c> <c>{bookingReference, email}</c>
    /// → <c>{"session": "…"}</c>, with <paramref name="existingSession"/> as <c>rw_session</c> when given
    /// (the backend then issues a new token holding that session's bookings too, docs/security.md).
    /// Returns the token, or null when the backend has no sessions (older backend) or refused.
    /// </summary>
    public async Task<string?> OpenSessionAsync(string bookingReference, string email, string? existingSession, CancellationToken cancel)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "api/Session")
        {
            Content = JsonContent.Create(new { bookingReference, email }),
        };
        AddCookies(request, existingSession, NewCsrfToken(request));
        using var response = await http.SendAsync(request, cancel);
        if (!response.IsSuccessStatusCode) return null;
        try
        {
            var answer = await response.Content.ReadFromJsonAsync<SessionAnswer>(Json, cancel);
            return string.IsNullOrEmpty(answer?.Session) ? null : answer.Session;
        }
        catch (JsonException)
        {
            return null;
        }
    }

    /// <summary>
    /// A fresh double-submit token for a state-changing call to the backend: set as the
    /// <c>RequestVerificationToken</c> header of <paramref name="request"/>; returns it for the <c>rw_csrf</c> cookie.
    /// </summary>
    public static string NewCsrfToken(HttpRequestMessage request)
    {
        var token = Convert.ToBase64String(RandomNumberGenerator.GetBytes(32)).TrimEnd('=').Replace('+', '-').Replace('/', '_');
        request.Headers.TryAddWithoutValidation(CsrfHeader, token);
        return token;
    }

    /// <summary>Sets the request's Cookie header: <c>rw_session</c> and <c>rw_csrf</c> when given.</summary>
    public static void AddCookies(HttpRequestMessage request, string? session, string? csrf)
    {
        var cookies = new List<string>();
        if (!string.IsNullOrEmpty(session)) cookies.Add($"{SessionCookie}={session}");
        if (!string.IsNullOrEmpty(csrf)) cookies.Add($"{CsrfCookie}={csrf}");
        if (cookies.Count > 0) request.Headers.TryAddWithoutValidation("Cookie", string.Join("; ", cookies));
    }

    /// <summary>A GET of a <c>/host-data/*</c> route, carrying <see cref="HostDataKeyHeader"/> when a key is configured.</summary>
    private async Task<HttpResponseMessage> HostDataAsync(string pathAndQuery, CancellationToken cancel)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, pathAndQuery);
        if (!string.IsNullOrEmpty(options.HostDataKey)) request.Headers.TryAddWithoutValidation(HostDataKeyHeader, options.HostDataKey);
        return await http.SendAsync(request, cancel);
    }

    private sealed record BookingData(string BookingReference, string Email, JsonElement Details, JsonElement? JourneyId);

    private sealed record SessionAnswer([property: JsonPropertyName("session")] string? Session);
}
