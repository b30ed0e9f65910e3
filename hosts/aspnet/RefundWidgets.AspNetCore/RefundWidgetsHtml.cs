using System.Text.Encodings.Web;

namespace RefundWidgets.AspNetCore;

/// <summary>The pieces of HTML of the host contract, as strings (used by the tag helpers).</summary>
public static class RefundWidgetsHtml
{
    /// <summary>Default id of the Details block.</summary>
    public const string DetailsId = "refund-details";

    private static readonly System.Text.RegularExpressions.Regex Integrity = new("^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$");

    /// <summary>Id of the station-names block.</summary>
    public const string StationsId = "station-names";

    /// <summary>
    /// <c>&lt;script type="application/json" id="…"&gt;…&lt;/script&gt;</c> holding <paramref name="value"/>
    /// serialised by <see cref="RefundWidgetsJson.ForScriptBlock"/>.
    /// </summary>
    public static string JsonBlock(string id, object? value) =>
        $"<script type=\"application/json\" id=\"{HtmlEncoder.Default.Encode(id)}\">{RefundWidgetsJson.ForScriptBlock(value)}</script>";

    /// <summary>
    /// The shim's script tag: <c>defer</c>, <c>src</c> under <see cref="RefundWidgetsOptions.BaseUrl"/>,
    /// <c>integrity</c> from the manifest, <c>crossorigin="anonymous"</c> (needed for integrity on a CDN),
    /// and <c>data-api-base</c> when configured.
    /// </summary>
    /// <exception cref="InvalidOperationException">the manifest does not list the shim.</exception>
    public static string ShimScript(RefundWidgetsOptions options, RefundWidgetsManifest manifest)
    {
        var integrity = manifest.IntegrityOf(manifest.Shim)
            ?? throw new InvalidOperationException($"refund-widgets: manifest.json lists no integrity for {manifest.Shim}.");
        // Written as it is (base64 needs no encoding in a quoted attribute), once checked to be an SRI value.
        if (!Integrity.IsMatch(integrity))
        {
            throw new InvalidOperationException($"refund-widgets: the integrity of {manifest.Shim} in manifest.json is not an SRI value.");
        }
        var encode = HtmlEncoder.Default;
        var apiBase = string.IsNullOrEmpty(options.ApiBase) ? "" : $" data-api-base=\"{encode.Encode(options.ApiBase)}\"";
        return $"<script src=\"{encode.Encode(options.UrlOf(manifest.Shim))}\" integrity=\"{integrity}\" crossorigin=\"anonymous\"{apiBase} defer></script>";
    }
}
