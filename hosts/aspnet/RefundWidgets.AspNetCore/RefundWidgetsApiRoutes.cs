using System.Text.RegularExpressions;
using Microsoft.AspNetCore.Http;

namespace RefundWidgets.AspNetCore;

/// <summary>
/// A route of the widgets' API that the site forwards (docs/aspnet.md "What the package does for you").
/// </summary>
/// <param name="Method">The HTTP method, upper case.</param>
/// <param name="Template">The backend path, spelled as the contract spells it; <c>{uploadId}</c> stands for one segment of <see cref="RefundWidgetsApiRoutes.UploadId"/>.</param>
/// <param name="WithoutToken">True only for the reports (errors, Web Vitals), which the page runtime sends without the antiforgery header.</param>
public sealed record RefundWidgetsApiRoute(string Method, string Template, bool WithoutToken = false)
{
    /// <summary>True when the route changes state (not a GET) and so needs the antiforgery token, unless <see cref="WithoutToken"/>.</summary>
    public bool NeedsToken => Method != "GET" && !WithoutToken;
}

/// <summary>
/// The allowlist of the proxy: each route of the host contract's API by method and path template
/// (docs/host-contract.md, docs/aspnet.md). A request that matches none is not forwarded.
/// </summary>
public static partial class RefundWidgetsApiRoutes
{
    /// <summary>An upload id as the backend issues them (base64url), in a conservative character set.</summary>
    [GeneratedRegex("^[A-Za-z0-9_-]{1,64}$", RegexOptions.CultureInvariant)]
    public static partial Regex UploadId();

    /// <summary>Every route the widgets call.</summary>
    public static readonly IReadOnlyList<RefundWidgetsApiRoute> All =
    [
        new("GET", "/Refund/Status"),
        new("GET", "/Refund/DryRun"),
        new("POST", "/api/ProcessRefund"),
        new("POST", "/api/LookupJourneys"),
        new("POST", "/api/ProcessRefundWithReplacement/DryRun"),
        new("POST", "/api/ProcessRefundWithReplacement"),
        new("POST", "/tickets/upload"),
        new("POST", "/tickets/submit-claim"),
        new("POST", "/tickets/delete/{uploadId}"),
        // The page runtime posts reports with fetch keepalive and no antiforgery header (shared/runtime).
        new("POST", "/report/error", WithoutToken: true),
        new("POST", "/report/vitals", WithoutToken: true),
    ];

    /// <summary>The path prefixes the allowlist lives under; anything else under them is answered 404.</summary>
    public static readonly PathString[] Prefixes = ["/Refund", "/api", "/tickets", "/report"];

    /// <summary>True for a path under one of <see cref="Prefixes"/> (letter case ignored).</summary>
    public static bool IsUnderPrefix(PathString path) =>
        Prefixes.Any(prefix => path.StartsWithSegments(prefix, StringComparison.OrdinalIgnoreCase));

    /// <summary>
    /// The route <paramref name="method"/> <paramref name="path"/> matches (path letter case ignored, no
    /// trailing slash), and the path to send to the backend, built from the template's own spelling and
    /// the checked <c>{uploadId}</c>; null when nothing matches. <paramref name="path"/> is the decoded
    /// path, already checked by <see cref="RefundWidgetsRequestPathGuard"/>.
    /// </summary>
    public static (RefundWidgetsApiRoute Route, string UpstreamPath)? Match(string method, string? path)
    {
        if (string.IsNullOrEmpty(path)) return null;
        var segments = path.Split('/');
        foreach (var route in All)
        {
            if (!string.Equals(route.Method, method, StringComparison.OrdinalIgnoreCase)) continue;
            var template = route.Template.Split('/');
            if (template.Length != segments.Length) continue;
            var upstream = new string[template.Length];
            var matches = true;
            for (var i = 0; i < template.Length && matches; i++)
            {
                if (template[i] == "{uploadId}")
                {
                    matches = UploadId().IsMatch(segments[i]);
                    upstream[i] = segments[i];
                }
                else
                {
                    matches = string.Equals(template[i], segments[i], StringComparison.OrdinalIgnoreCase);
                    upstream[i] = template[i];
                }
            }
            if (matches) return (route, string.Join('/', upstream));
        }
        return null;
    }
}
