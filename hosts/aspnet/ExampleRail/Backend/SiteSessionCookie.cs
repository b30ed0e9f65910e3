using RefundWidgets.AspNetCore;

namespace ExampleRail.Backend;

/// <summary>
/// The site's own cookie for the backend session: the package's <see cref="RefundWidgetsSessionCookie"/>
/// (docs/aspnet.md "Antiforgery and the booking session (the ASP.NET side)").
/// </summary>
public static class SiteSessionCookie
{
    /// <summary><c>__Host-rw_session</c>, the name over HTTPS.</summary>
    public const string HttpsName = RefundWidgetsSessionCookie.HttpsName;

    /// <summary><c>rw_session</c>, the name over plain HTTP.</summary>
    public const string HttpName = RefundWidgetsSessionCookie.HttpName;

    /// <inheritdoc cref="RefundWidgetsSessionCookie.Read"/>
    public static string? Read(HttpRequest request) => RefundWidgetsSessionCookie.Read(request);

    /// <inheritdoc cref="RefundWidgetsSessionCookie.IsToken"/>
    public static bool IsToken(string? value) => RefundWidgetsSessionCookie.IsToken(value);
}
