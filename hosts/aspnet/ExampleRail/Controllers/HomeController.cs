using ExampleRail.Backend;
using ExampleRail.Models;
using Microsoft.AspNetCore.Mvc;
using RefundWidgets.AspNetCore;

namespace ExampleRail.Controllers;

/// <summary>
/// The site's pages at the routes of the refund product: each booking page is rendered from a
/// <see cref="BookingPage"/> read from the reference backend, which also gets a session for the booking.
/// </summary>
public sealed class HomeController(ReferenceBackend backend, RefundWidgetsApi widgets) : Controller
{
    /// <summary><c>/</c>: the lookup widget and the demo bookings.</summary>
    [HttpGet("/")]
    public async Task<IActionResult> Index(CancellationToken cancel) =>
        Page(await backend.DemoBookingsAsync(cancel));

    /// <summary><c>/ConfirmRefund?BookingReference=…&amp;Email=…</c>: the refund widget.</summary>
    [HttpGet("/ConfirmRefund")]
    public Task<IActionResult> ConfirmRefund(string? bookingReference, string? email, CancellationToken cancel) =>
        BookingView("ConfirmRefund", bookingReference, email, cancel);

    /// <summary><c>/RefundUnavailable</c>: the refund widget with <c>data-view="unavailable"</c>.</summary>
    [HttpGet("/RefundUnavailable")]
    public Task<IActionResult> RefundUnavailable(string? bookingReference, string? email, CancellationToken cancel) =>
        BookingView("RefundUnavailable", bookingReference, email, cancel);

    /// <summary><c>/ManualRefund</c>: the manual claim widget.</summary>
    [HttpGet("/ManualRefund")]
    public Task<IActionResult> ManualRefund(string? bookingReference, string? email, CancellationToken cancel) =>
        BookingView("ManualRefund", bookingReference, email, cancel);

    /// <summary><c>/Home/Disruption</c>: the disruption funnel.</summary>
    [HttpGet("/Home/Disruption")]
    public Task<IActionResult> Disruption(string? bookingReference, string? email, CancellationToken cancel) =>
        BookingView("Disruption", bookingReference, email, cancel);

    /// <summary><c>/Home/Disruption/Finished</c>: the disruption funnel's outcome page.</summary>
    [HttpGet("/Home/Disruption/Finished")]
    public Task<IActionResult> DisruptionFinished(string? bookingReference, string? email, CancellationToken cancel) =>
        BookingView("DisruptionFinished", bookingReference, email, cancel);

    /// <summary><c>/JourneySummary</c>: the journey summary widget alone.</summary>
    [HttpGet("/JourneySummary")]
    public Task<IActionResult> JourneySummary(string? bookingReference, string? email, CancellationToken cancel) =>
        BookingView("JourneySummary", bookingReference, email, cancel);

    /// <summary><c>/Demo/TwoWidgets</c>: the refund and journey summary widgets on one page.</summary>
    [HttpGet("/Demo/TwoWidgets")]
    public Task<IActionResult> TwoWidgets(string? bookingReference, string? email, CancellationToken cancel) =>
        BookingView("TwoWidgets", bookingReference, email, cancel);

    /// <summary><c>/SelfRefundsUnavailable</c>: a static page.</summary>
    [HttpGet("/SelfRefundsUnavailable")]
    public IActionResult SelfRefundsUnavailable() => Page(null);

    /// <summary>The error pages (404 and others), rendered without widgets.</summary>
    [HttpGet("/Error/{status:int}")]
    public IActionResult Error(int status)
    {
        Response.StatusCode = status;
        return Page(status, "Error");
    }

    /// <summary>A view; never cached, since every page carries an antiforgery token (ASP.NET sets no-cache, no-store).</summary>
    private IActionResult Page(object? model, string? view = null) => view is null ? View(model) : View(view, model);

    /// <summary>
    /// Reads the booking (404 page when reference and e-mail do not match), then renders
    /// <paramref name="view"/> once the package has given the page its backend session (429 page when the
    /// client opened too many).
    /// </summary>
    private async Task<IActionResult> BookingView(string view, string? bookingReference, string? email, CancellationToken cancel)
    {
        var page = string.IsNullOrWhiteSpace(bookingReference) || string.IsNullOrWhiteSpace(email)
            ? null
            : await backend.BookingPageAsync(bookingReference.Trim(), email.Trim(), cancel);
        if (page is null)
        {
            Response.StatusCode = StatusCodes.Status404NotFound;
            return Page(null, "BookingNotFound");
        }
        return await widgets.OpenSessionAsync(HttpContext, page.BookingReference, page.Email, cancel)
            ? Page(page, view)
            : Page(StatusCodes.Status429TooManyRequests, "Error");
    }
}
