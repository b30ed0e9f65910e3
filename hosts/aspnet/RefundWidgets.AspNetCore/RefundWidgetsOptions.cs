namespace RefundWidgets.AspNetCore;

/// <summary>
/// How the page refers to the widgets' files. Bound by
/// <see cref="RefundWidgetsServiceCollectionExtensions.AddRefundWidgets"/> (docs/aspnet.md "Embedding the widgets in ASP.NET Core").
/// </summary>
public sealed class RefundWidgetsOptions
{
    /// <summary>Where the package's static web assets are served by <c>app.MapStaticAssets()</c>.</summary>
    public const string PackageBasePath = "/_content/RefundWidgets.AspNetCore";

    /// <summary>
    /// URL the page loads the files from: the site's own static web assets (default
    /// <c>/_content/RefundWidgets.AspNetCore</c>) or an absolute CDN base such as
    /// <c>https://cdn.example.co.uk/refund-widgets/0.2.0</c> holding the same files (docs/aspnet.md "A CDN").
    /// </summary>
    public string BaseUrl { get; set; } = PackageBasePath;

    /// <summary>
    /// The <c>manifest.json</c> whose integrity values the page names. Empty (default): the package's own,
    /// read from the site's static web assets, so the tag helpers and the files are always of one version.
    /// Set it (an absolute path, or relative to the content root) only when <see cref="BaseUrl"/> is a CDN
    /// that you fill from another build of the widgets: the path of that build's <c>manifest.json</c>.
    /// </summary>
    public string? ManifestFile { get; set; }

    /// <summary>
    /// Optional <c>data-api-base</c> of the script tag: prefix of the widgets' API paths (default: the page's origin).
    /// </summary>
    public string? ApiBase { get; set; }

    /// <summary>
    /// The retailer's API the site forwards the widgets' calls to and opens booking sessions on, server to
    /// server, such as <c>https://api.example.co.uk/</c> (docs/aspnet.md "Your own site, start to finish").
    /// Required by <c>app.MapRefundWidgets()</c>.
    /// </summary>
    public string? ApiBaseUrl { get; set; }

    /// <summary>
    /// Check ASP.NET Core antiforgery on forwarded POSTs (true). Turn it off only to serve widgets built
    /// before they sent the token.
    /// </summary>
    public bool ValidateAntiforgery { get; set; } = true;

    /// <summary><paramref name="apiBaseUrl"/> with one trailing slash.</summary>
    /// <exception cref="InvalidOperationException">it is empty, or not an absolute http(s) URL.</exception>
    public static string CheckedApiBaseUrl(string? apiBaseUrl) =>
        Uri.TryCreate(apiBaseUrl, UriKind.Absolute, out var uri) && (uri.Scheme == Uri.UriSchemeHttps || uri.Scheme == Uri.UriSchemeHttp)
            ? uri.AbsoluteUri.TrimEnd('/') + "/"
            : throw new InvalidOperationException(
                $"refund-widgets: ApiBaseUrl is \"{apiBaseUrl}\"; set it to your API's address, such as https://api.example.co.uk/, in AddRefundWidgets(options => options.ApiBaseUrl = ...).");

    private double? vitalsSampleRate;

    /// <summary>
    /// Optional <c>data-vitals</c> of the script tag: the share of page views, from 0 to 1, whose Web Vitals
    /// (LCP, INP, CLS, TTFB) the shim sends to <c>POST /report/vitals</c> (docs/host-contract.md
    /// "POST /report/vitals"); 0.1 is one view in ten. Null (default): nothing is measured or sent.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">a value below 0 or above 1, or not a number.</exception>
    public double? VitalsSampleRate
    {
        get => vitalsSampleRate;
        set => vitalsSampleRate = value is null or (>= 0 and <= 1)
            ? value
            : throw new ArgumentOutOfRangeException(nameof(VitalsSampleRate), value,
                "refund-widgets: VitalsSampleRate is a share of page views from 0 to 1, such as 0.1.");
    }

    /// <summary>True when <see cref="BaseUrl"/> is an absolute http(s) URL (a CDN).</summary>
    public bool IsCdn =>
        Uri.TryCreate(BaseUrl, UriKind.Absolute, out var uri) && (uri.Scheme == Uri.UriSchemeHttps || uri.Scheme == Uri.UriSchemeHttp);

    /// <summary>The URL of a file of dist/, e.g. <c>host-shim.js</c> → <c>/_content/RefundWidgets.AspNetCore/host-shim.js</c>.</summary>
    public string UrlOf(string file) => $"{BaseUrl.TrimEnd('/')}/{file.TrimStart('/')}";
}
