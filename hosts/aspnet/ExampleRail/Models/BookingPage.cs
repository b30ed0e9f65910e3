using System.Text.Json;

namespace ExampleRail.Models;

/// <summary>
/// The view model of a booking's page (refund, manual claim, disruption): what the host contract
/// embeds, read from the reference backend.
/// </summary>
/// <param name="BookingReference">The booking reference.</param>
/// <param name="Email">The e-mail the booking was made with.</param>
/// <param name="Details">The Details JSON of the host contract, as the backend gave it.</param>
/// <param name="Stations">Station names, CRS code → name.</param>
/// <param name="JourneyId">The refund status's journeyID (for <c>data-journey-id</c>), or null.</param>
public sealed record BookingPage(
    string BookingReference,
    string Email,
    JsonElement Details,
    IReadOnlyDictionary<string, string> Stations,
    string? JourneyId)
{
    /// <summary><c>/Refund/Status?bookingReference=…</c> (forwarded to the backend).</summary>
    public string StatusUrl => $"/Refund/Status?bookingReference={Uri.EscapeDataString(BookingReference)}";

    /// <summary><c>/Refund/DryRun?bookingReference=…</c> (forwarded to the backend).</summary>
    public string DryRunUrl => $"/Refund/DryRun?bookingReference={Uri.EscapeDataString(BookingReference)}";
}

/// <summary>A demo booking listed on the start page.</summary>
public sealed record DemoBooking(string Name, string Label, string BookingReference, string Email, string Expected)
{
    /// <summary><c>route?BookingReference=…&amp;Email=…</c>, both values encoded.</summary>
    public string Url(string route) =>
        $"{route}?BookingReference={Uri.EscapeDataString(BookingReference)}&Email={Uri.EscapeDataString(Email)}";
}
