namespace RefundWidgets.AspNetCore;

/// <summary>
/// Where the built widgets are and how the page refers to them. Bound by
/// <see cref="RefundWidgetsServiceCollectionExtensions.AddRefundWidgets"/>.
/// </summary>
public sealed class RefundWidgetsOptions
{
    /// <summary>
    /// Folder of the built <c>dist/</c> (holding <c>host-shim.js</c> and <c>manifest.json</c>); relative
    /// paths are resolved against the content root. Default <c>dist</c>.
    /// </summary>
    public string DistPath { get; set; } = "dist";

    /// <summary>
    /// URL the page loads the files from: a site path (default <c>/static/refund-widgets</c>) or an
    /// absolute CDN base such as <c>https://cdn.example.co.uk/refund-widgets/v1</c>.
    /// </summary>
    public string BaseUrl { get; set; } = "/static/refund-widgets";

    /// <summary>
    /// Serve <see cref="DistPath"/> at <see cref="BaseUrl"/> with the cache rules of the manifest
    /// (default true; false when a CDN serves the files). Ignored when <see cref="BaseUrl"/> is absolute.
    /// </summary>
    public bool ServeFiles { get; set; } = true;

    /// <summary>
    /// Optional <c>data-api-base</c> of the script tag: prefix of the widgets' API paths (default: the page's origin).
    /// </summary>
    public string? ApiBase { get; set; }

    /// <summary>True when <see cref="BaseUrl"/> is an absolute http(s) URL (a CDN).</summary>
    public bool IsCdn =>
        Uri.TryCreate(BaseUrl, UriKind.Absolute, out var uri) && (uri.Scheme == Uri.UriSchemeHttps || uri.Scheme == Uri.UriSchemeHttp);

    /// <summary>The URL of a file of dist/, e.g. <c>host-shim.js</c> → <c>/static/refund-widgets/host-shim.js</c>.</summary>
    public string UrlOf(string file) => $"{BaseUrl.TrimEnd('/')}/{file.TrimStart('/')}";
}
