using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;

namespace RefundWidgets.AspNetCore;

/// <summary>
/// Refuses request paths that could be walked out of (docs/aspnet.md "What the package does for you"): a backslash or a dot segment (<c>.</c>, <c>..</c>) at any level of percent-encoding, in the
/// raw request target as the client sent it and in the path Kestrel decoded.
/// </summary>
/// <remarks>
/// Kestrel decodes <c>%5C</c> to <c>\</c>, and .NET's <see cref="Uri"/> turns <c>\</c> into <c>/</c> and
/// then resolves <c>..</c>: <c>/api/..%5Chost-data%5Cbookings</c> would otherwise reach
/// <c>/host-data/bookings</c> of whatever the path is sent on to.
/// </remarks>
public static class RefundWidgetsRequestPathGuard
{
    /// <summary>The plain-text answer (400) to a refused path.</summary>
    public const string Refusal = "This address is not valid.";

    /// <summary>Rounds of percent-decoding before a path still changing is refused as it is.</summary>
    private const int MaxDecodingRounds = 8;

    /// <summary>
    /// True when <paramref name="path"/> (a URL path, query excluded) holds a backslash, a dot segment or a
    /// control character, as written or after decoding it again and again until it no longer changes;
    /// also true when it still changes after <see cref="MaxDecodingRounds"/> rounds. Null or empty is safe.
    /// </summary>
    public static bool IsUnsafe(string? path)
    {
        if (string.IsNullOrEmpty(path)) return false;
        var current = path;
        for (var round = 0; round <= MaxDecodingRounds; round++)
        {
            if (HasBackslashDotSegmentOrControl(current)) return true;
            var decoded = Uri.UnescapeDataString(current);
            if (decoded == current) return false;
            current = decoded;
        }
        return true;
    }

    /// <summary>
    /// True when the request's raw target (<see cref="IHttpRequestFeature.RawTarget"/>, as the client sent
    /// it) or its decoded <see cref="HttpRequest.PathBase"/> + <see cref="HttpRequest.Path"/> is unsafe
    /// (<see cref="IsUnsafe(string?)"/>).
    /// </summary>
    public static bool IsUnsafe(HttpContext context)
    {
        var raw = context.Features.Get<IHttpRequestFeature>()?.RawTarget;
        return IsUnsafe(PathOfRawTarget(raw)) || IsUnsafe(context.Request.PathBase.Value + context.Request.Path.Value);
    }

    /// <summary>
    /// The path of a raw request target: origin-form <c>/p?q</c> gives <c>/p</c>; absolute-form
    /// <c>http://host/p?q</c> gives <c>/p</c> (taken from the text, never through <see cref="Uri"/>, which
    /// would resolve the very segments being looked for); <c>*</c>, authority-form or null give "".
    /// </summary>
    public static string PathOfRawTarget(string? rawTarget)
    {
        if (string.IsNullOrEmpty(rawTarget)) return "";
        var target = rawTarget;
        if (!target.StartsWith('/'))
        {
            var scheme = target.IndexOf("://", StringComparison.Ordinal);
            if (scheme < 0) return "";
            var slash = target.IndexOf('/', scheme + 3);
            if (slash < 0) return "";
            target = target[slash..];
        }
        var end = target.IndexOfAny(['?', '#']);
        return end < 0 ? target : target[..end];
    }

    /// <summary>A backslash, a <c>.</c> or <c>..</c> segment, or a control character in <paramref name="path"/>.</summary>
    private static bool HasBackslashDotSegmentOrControl(string path)
    {
        if (path.Contains('\\') || path.Any(char.IsControl)) return true;
        foreach (var segment in path.Split('/'))
        {
            if (segment is "." or "..") return true;
        }
        return false;
    }
}
