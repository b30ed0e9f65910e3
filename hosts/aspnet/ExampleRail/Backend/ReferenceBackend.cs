using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using ExampleRail.Models;
using Microsoft.Extensions.Options;

namespace ExampleRail.Backend;

/// <summary>
/// The site's own page data, read from the reference backend's <c>/host-data/*</c> routes (with the header
/// <c>X-Host-Data-Key</c> when <see cref="BackendOptions.HostDataKey"/> is set); a retailer reads its own.
/// </summary>
public sealed class ReferenceBackend(HttpClient http, IOptions<BackendOptions> options)
{
    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web);

    /// <summary>The demo bookings, for the start page.</summary>
    /// <exception cref="HttpRequestException">the backend failed or is unreachable.</exception>
    public async Task<IReadOnlyList<DemoBooking>> DemoBookingsAsync(CancellationToken cancel)
    {
        using var response = await HostDataAsync("host-data/bookings", cancel);
        response.EnsureSuccessStatusCode();
        return await response.Content.ReadFromJsonAsync<List<DemoBooking>>(Json, cancel) ?? [];
    }

    /// <summary>A booking's page data; null when reference and e-mail match no booking (404).</summary>
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

    private async Task<HttpResponseMessage> HostDataAsync(string pathAndQuery, CancellationToken cancel)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, new Uri(new Uri(options.Value.Url.TrimEnd('/') + "/"), pathAndQuery));
        if (!string.IsNullOrEmpty(options.Value.HostDataKey)) request.Headers.TryAddWithoutValidation("X-Host-Data-Key", options.Value.HostDataKey);
        return await http.SendAsync(request, cancel);
    }

    private sealed record BookingData(string BookingReference, string Email, JsonElement Details, JsonElement? JourneyId);
}
