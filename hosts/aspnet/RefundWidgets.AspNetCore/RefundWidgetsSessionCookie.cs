using System.Text.RegularExpressions;
using Microsoft.AspNetCore.Http;

namespace RefundWidgets.AspNetCore;

/// <summary>
/// The site's cookie for the backend session (docs/aspnet.md "Antiforgery and the booking session (the ASP.NET side)"):
/// <c>__Host-rw_session</c> (Secure, Path=/, no Domain) on a page served over HTTPS, plain
/// <c>rw_session</c> over HTTP; HttpOnly and SameSite=Lax either way. Towards the API it is always
/// <see cref="UpstreamName"/>.
/// </summary>
public static partial class RefundWidgetsSessionCookie
{
    /// <summary>The session cookie's name towards the API (the Session contract).</summary>
    public const string UpstreamName = "rw_session";

    /// <summary>The cookie's name over HTTPS: host-only, Secure, set by no other host or sub-domain.</summary>
    public const string HttpsName = "__Host-" + UpstreamName;

    /// <summary>The cookie's name over plain HTTP (local development).</summary>
    public const string HttpName = UpstreamName;

    /// <summary>A session token in a conservative character set (the backend's are base64url).</summary>
    [GeneratedRegex("^[A-Za-z0-9_-]{16,256}$", RegexOptions.CultureInvariant)]
    private static partial Regex Token();

    /// <summary>The name that applies to <paramref name="request"/>: <see cref="HttpsName"/> over HTTPS, else <see cref="HttpName"/>.</summary>
    public static string NameFor(HttpRequest request) => request.IsHttps ? HttpsName : HttpName;

    /// <summary>
    /// The session token the request brings under the name that applies to it, or null when there is
    /// none or it is not of the token shape. Over HTTPS a plain <c>rw_session</c>, which any page on the
    /// same host can set, is never read.
    /// </summary>
    public static string? Read(HttpRequest request)
    {
        var value = request.Cookies[NameFor(request)];
        return IsToken(value) ? value : null;
    }

    /// <summary>True when <paramref name="value"/> has the shape of a session token.</summary>
    public static bool IsToken(string? value) => value is not null && Token().IsMatch(value);

    /// <summary>Sets the site's cookie to <paramref name="token"/> with the site's attributes.</summary>
    /// <exception cref="ArgumentException"><paramref name="token"/> is not of the token shape.</exception>
    public static void Write(HttpContext context, string token)
    {
        if (!IsToken(token)) throw new ArgumentException("Not a session token.", nameof(token));
        context.Response.Cookies.Append(NameFor(context.Request), token, OptionsFor(context.Request));
    }

    /// <summary>Removes the site's cookie (expired, same name and attributes).</summary>
    public static void Delete(HttpContext context) =>
        context.Response.Cookies.Delete(NameFor(context.Request), OptionsFor(context.Request));

    /// <summary>HttpOnly, SameSite=Lax, Path=/, no Domain; Secure over HTTPS (which <c>__Host-</c> requires).</summary>
    private static CookieOptions OptionsFor(HttpRequest request) => new()
    {
        HttpOnly = true,
        SameSite = SameSiteMode.Lax,
        Path = "/",
        Secure = request.IsHttps,
        IsEssential = true,
    };
}
