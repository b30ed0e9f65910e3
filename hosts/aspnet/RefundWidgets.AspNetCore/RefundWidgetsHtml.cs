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
    /// and <c>data-api-base</c> and <c>data-vitals</c> (<see cref="RefundWidgetsOptions.VitalsSampleRate"/>,
    /// in digits whatever the culture) when configured.
    /// </summary>
    /// <exception cref="InvalidOperationException">the manifest does not list the shim.</exception>
    public static string ShimScript(RefundWidgetsOptions options, RefundWidgetsManifest manifest)
    {
        var integrity = ShimIntegrity(manifest);
        var encode = HtmlEncoder.Default;
        var apiBase = string.IsNullOrEmpty(options.ApiBase) ? "" : $" data-api-base=\"{encode.Encode(options.ApiBase)}\"";
        var vitals = options.VitalsSampleRate is { } rate
            ? $" data-vitals=\"{rate.ToString("0.##########", System.Globalization.CultureInfo.InvariantCulture)}\""
            : "";
        return $"<script src=\"{encode.Encode(options.UrlOf(manifest.Shim))}\" integrity=\"{integrity}\" crossorigin=\"anonymous\"{apiBase}{vitals} defer></script>";
    }

    /// <summary>The shim's integrity in the manifest, checked to be an SRI value (base64 needs no encoding in a quoted attribute).</summary>
    /// <exception cref="InvalidOperationException">the manifest does not list the shim, or not with an SRI value.</exception>
    private static string ShimIntegrity(RefundWidgetsManifest manifest)
    {
        var integrity = manifest.IntegrityOf(manifest.Shim)
            ?? throw new InvalidOperationException($"refund-widgets: manifest.json lists no integrity for {manifest.Shim}.");
        if (!Integrity.IsMatch(integrity))
        {
            throw new InvalidOperationException($"refund-widgets: the integrity of {manifest.Shim} in manifest.json is not an SRI value.");
        }
        return integrity;
    }

    /// <summary>
    /// The host stylesheet's <c>&lt;link rel="stylesheet"&gt;</c> (docs/host-contract.md "Reserved space"): under
    /// <see cref="RefundWidgetsOptions.BaseUrl"/>, with its integrity from the manifest and, from a CDN,
    /// <c>crossorigin="anonymous"</c>. Empty for a manifest that names none (a build from before it).
    /// </summary>
    /// <exception cref="InvalidOperationException">the manifest names a stylesheet without an SRI integrity.</exception>
    public static string Stylesheet(RefundWidgetsOptions options, RefundWidgetsManifest manifest)
    {
        if (string.IsNullOrEmpty(manifest.Stylesheet)) return "";
        var integrity = manifest.IntegrityOf(manifest.Stylesheet);
        if (integrity is null || !Integrity.IsMatch(integrity))
        {
            throw new InvalidOperationException($"refund-widgets: the integrity of {manifest.Stylesheet} in manifest.json is missing or not an SRI value.");
        }
        var crossOrigin = options.IsCdn ? " crossorigin=\"anonymous\"" : "";
        return $"<link rel=\"stylesheet\" href=\"{HtmlEncoder.Default.Encode(options.UrlOf(manifest.Stylesheet))}\" integrity=\"{integrity}\"{crossOrigin}>";
    }

    /// <summary>
    /// The preload hints of <paramref name="widgets"/> (docs/aspnet.md "Preload hints"): first the GETs of
    /// their first panel (the URLs the manifest's <c>prefetch</c> names, but one whose <c>unless</c> attribute
    /// the mount has, <c>as="fetch"</c> with <c>crossorigin="anonymous"</c>: the credentials mode of the
    /// shim's same-origin GET, so the browser hands it the preloaded answer), then the shim with the
    /// integrity and <c>crossorigin</c> of <see cref="ShimScript"/>, then every file their first
    /// panels load, with its integrity and, from a CDN, <c>crossorigin="anonymous"</c>, as the shim would
    /// preload them. A widget whose mount id is on the page twice gets none (the shim mounts neither); a GET
    /// URL that is not a path of the page's own site gets none (its credentials depend on the shim's API base).
    /// </summary>
    /// <exception cref="InvalidOperationException">a file's integrity in the manifest is not an SRI value.</exception>
    public static string PreloadHints(RefundWidgetsOptions options, RefundWidgetsManifest manifest,
        IReadOnlyList<(string MountId, IReadOnlyDictionary<string, string> Attributes)> widgets)
    {
        var encode = HtmlEncoder.Default;
        var html = new System.Text.StringBuilder();
        var once = widgets.GroupBy(widget => widget.MountId).Where(group => group.Count() == 1).Select(group => group.Single());
        var names = new List<string>();
        foreach (var (mountId, attributes) in once)
        {
            var widget = manifest.Widgets.FirstOrDefault(w => w.MountId == mountId);
            if (widget is null) continue;
            names.Add(widget.Name);
            if (widget.Prefetch is not { } prefetch) continue;
            foreach (var attribute in prefetch.Urls)
            {
                if (prefetch.Unless.TryGetValue(attribute, out var unless) && attributes.ContainsKey(unless)) continue;
                if (!attributes.TryGetValue(attribute, out var url) || !IsSitePath(url)) continue;
                html.Append($"<link rel=\"preload\" href=\"{encode.Encode(url)}\" as=\"fetch\" crossorigin=\"anonymous\">");
            }
        }
        var files = manifest.FirstPanel?.FilesFor(names) ?? [];
        if (files.Count > 0)
        {
            html.Append($"<link rel=\"preload\" href=\"{encode.Encode(options.UrlOf(manifest.Shim))}\" as=\"script\" integrity=\"{ShimIntegrity(manifest)}\" crossorigin=\"anonymous\">");
        }
        var crossOrigin = options.IsCdn ? " crossorigin=\"anonymous\"" : "";
        foreach (var file in files)
        {
            var @as = file.EndsWith(".css", StringComparison.Ordinal) ? "style" : file.EndsWith(".js", StringComparison.Ordinal) ? "script" : null;
            var integrity = manifest.IntegrityOf(file);
            if (@as is null || integrity is null) continue; // as the shim: no preload without an integrity
            if (!Integrity.IsMatch(integrity))
            {
                throw new InvalidOperationException($"refund-widgets: the integrity of {file} in manifest.json is not an SRI value.");
            }
            html.Append($"<link rel=\"preload\" href=\"{encode.Encode(options.UrlOf(file))}\" as=\"{@as}\" integrity=\"{integrity}\"{crossOrigin}>");
        }
        return html.ToString();
    }

    /// <summary>The preamble of docs/product-rules.md, the first text of every mount but the lookup's.</summary>
    public const string Preamble = "Please wait while we load the data required to process your refund.";

    /// <summary>
    /// What a mount <c>&lt;div&gt;</c> holds before its widget mounts (docs/host-contract.md "Content before the
    /// widget"), the markup of the build's <c>preload/&lt;widget&gt;.mount.html</c>: for <c>lookup-widget</c> a
    /// plain GET form to <c>data-action</c> (default <c>/ConfirmRefund</c>) with <c>BookingReference</c> and
    /// <c>Email</c>; for every other mount the preamble, then the failure text the host stylesheet shows
    /// after a delay, naming <c>data-support-email</c> when the mount has one. Values are HTML-encoded.
    /// </summary>
    public static string MountContent(string mountId, IReadOnlyDictionary<string, string> attributes)
    {
        var encode = HtmlEncoder.Default;
        if (mountId == "lookup-widget")
        {
            var action = attributes.TryGetValue("data-action", out var given) && given.Length > 0 ? given : "/ConfirmRefund";
            return string.Join('\n',
                $"<form class=\"rw-before\" method=\"get\" action=\"{encode.Encode(action)}\">",
                "<h2>Find your booking</h2>",
                "<p>Enter your booking reference and the email address you booked with to see what you can get back.</p>",
                "<p><label for=\"rw-before-booking-reference\">Booking reference</label><br>",
                "<input id=\"rw-before-booking-reference\" name=\"BookingReference\" type=\"text\" required autocomplete=\"off\" autocapitalize=\"characters\" spellcheck=\"false\"></p>",
                "<p><label for=\"rw-before-email\">Email address</label><br>",
                "<input id=\"rw-before-email\" name=\"Email\" type=\"email\" required autocomplete=\"email\" spellcheck=\"false\"></p>",
                "<button type=\"submit\">Continue</button>",
                "</form>");
        }
        var email = attributes.TryGetValue("data-support-email", out var address) ? address.Trim() : "";
        var contact = email.Length > 0
            ? $"If it still does not load, email <a href=\"mailto:{encode.Encode(email)}\">{encode.Encode(email)}</a> with your booking reference."
            : "If it still does not load, contact our customer services team with your booking reference.";
        return string.Join('\n',
            "<div class=\"rw-before\">",
            $"<p class=\"rw-before__wait\">{Preamble}</p>",
            "<div class=\"rw-before__failed\" hidden>",
            "<p>Sorry, this part of the page could not be loaded. Please refresh the page or try again later.</p>",
            "<p class=\"rw-before__noscript\" hidden>This part of the page needs JavaScript. Turn it on in your browser, or allow it for this site, then refresh the page.</p>",
            $"<p>{contact}</p>",
            "</div>",
            "</div>");
    }

    /// <summary>True for a path of the page's own site (<c>/Refund/Status?…</c>), not <c>//host/…</c> or an absolute URL.</summary>
    private static bool IsSitePath(string url) =>
        url.StartsWith('/') && !url.StartsWith("//", StringComparison.Ordinal) && !url.StartsWith("/\\", StringComparison.Ordinal);
}
