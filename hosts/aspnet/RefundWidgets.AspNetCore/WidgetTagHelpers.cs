using Microsoft.AspNetCore.Mvc.Rendering;
using Microsoft.AspNetCore.Mvc.ViewFeatures;
using Microsoft.AspNetCore.Razor.TagHelpers;
using Microsoft.Extensions.Options;

namespace RefundWidgets.AspNetCore;

/// <summary>
/// Base of the widget tag helpers: writes the mount <c>&lt;div id="…"&gt;</c> with its data attributes and
/// its content before the widget mounts, then (once per page) the Details and station-name JSON blocks and the shim's script tag.
/// </summary>
public abstract class WidgetTagHelperBase(RefundWidgetsManifestProvider manifests, IOptions<RefundWidgetsOptions> options) : TagHelper
{
    /// <summary>Set by Razor: the view being rendered.</summary>
    [ViewContext, HtmlAttributeNotBound]
    public ViewContext ViewContext { get; set; } = default!;

    /// <summary>The mount id of the widget (host contract), e.g. <c>refund-widget</c>.</summary>
    protected abstract string MountId { get; }

    /// <summary>Whether the widget reads the Details and station-name blocks.</summary>
    protected virtual bool NeedsPageData => true;

    /// <summary>Details JSON of the booking (any serialisable value, e.g. a <c>JsonElement</c>).</summary>
    [HtmlAttributeName("details")]
    public object? Details { get; set; }

    /// <summary>Station names: CRS code → name.</summary>
    [HtmlAttributeName("stations")]
    public IReadOnlyDictionary<string, string>? Stations { get; set; }

    /// <summary><c>data-support-email</c>.</summary>
    [HtmlAttributeName("support-email")]
    public string? SupportEmail { get; set; }

    /// <summary>False to leave the script tag to <c>&lt;refund-widgets-script /&gt;</c> elsewhere (default true).</summary>
    [HtmlAttributeName("include-script")]
    public bool IncludeScript { get; set; } = true;

    /// <summary>The widget's data attributes (name without <c>data-</c> → value; null values are left out).</summary>
    protected abstract IEnumerable<(string Name, string? Value)> DataAttributes();

    /// <summary>Checks the attributes the widget needs; throws with the attribute's name when one is missing.</summary>
    protected virtual void Validate() { }

    /// <summary>Throws when <paramref name="value"/> is empty: a set-up mistake the developer sees at once.</summary>
    protected void Require(string? value, string attribute)
    {
        if (string.IsNullOrWhiteSpace(value))
        {
            throw new InvalidOperationException($"refund-widgets: <{TagName}> needs {attribute}.");
        }
    }

    private string TagName => GetType().Name.Replace("TagHelper", "");

    /// <inheritdoc />
    public override void Process(TagHelperContext context, TagHelperOutput output)
    {
        Validate();
        if (NeedsPageData)
        {
            if (Details is null) throw new InvalidOperationException($"refund-widgets: <{TagName}> needs details.");
            if (Stations is null) throw new InvalidOperationException($"refund-widgets: <{TagName}> needs stations.");
        }
        var page = RefundWidgetsPage.For(ViewContext.HttpContext);

        output.TagName = "div";
        output.TagMode = TagMode.StartTagAndEndTag;
        output.Attributes.SetAttribute("id", MountId);
        var attributes = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var (name, value) in DataAttributes())
        {
            if (value is null) continue;
            output.Attributes.SetAttribute($"data-{name}", value);
            attributes[$"data-{name}"] = value;
        }
        page.AddWidget(MountId, attributes);
        // What the traveller reads if the widget never mounts (docs/host-contract.md "Content before the widget").
        output.Content.SetHtmlContent(RefundWidgetsHtml.MountContent(MountId, attributes));

        if (NeedsPageData)
        {
            var detailsJson = RefundWidgetsJson.ForScriptBlock(Details);
            var detailsId = page.DetailsIdFor(detailsJson, out var isNew);
            if (detailsId != RefundWidgetsHtml.DetailsId) output.Attributes.SetAttribute("data-details-id", detailsId);
            if (isNew) output.PostElement.AppendHtml(RefundWidgetsHtml.JsonBlock(detailsId, Details));
            if (!page.StationsWritten)
            {
                output.PostElement.AppendHtml(RefundWidgetsHtml.JsonBlock(RefundWidgetsHtml.StationsId, Stations));
                page.StationsWritten = true;
            }
        }
        if (IncludeScript && !page.ScriptWritten)
        {
            output.PostElement.AppendHtml(RefundWidgetsHtml.ShimScript(options.Value, manifests.Current));
            page.ScriptWritten = true;
        }
    }
}

/// <summary>
/// <c>&lt;refund-widget details="…" stations="…" status-url="…" dry-run-url="…" /&gt;</c>: the refund page
/// (mount id <c>refund-widget</c>); with <c>view="unavailable"</c>, the Refund unavailable page.
/// </summary>
[HtmlTargetElement("refund-widget", TagStructure = TagStructure.WithoutEndTag)]
public sealed class RefundWidgetTagHelper(RefundWidgetsManifestProvider manifests, IOptions<RefundWidgetsOptions> options)
    : WidgetTagHelperBase(manifests, options)
{
    /// <inheritdoc />
    protected override string MountId => "refund-widget";

    /// <summary><c>data-refund-status-url</c> (required unless view is <c>unavailable</c>).</summary>
    [HtmlAttributeName("status-url")] public string? StatusUrl { get; set; }
    /// <summary><c>data-dry-run-url</c> (required unless view is <c>unavailable</c>).</summary>
    [HtmlAttributeName("dry-run-url")] public string? DryRunUrl { get; set; }
    /// <summary><c>data-appeals-email</c>.</summary>
    [HtmlAttributeName("appeals-email")] public string? AppealsEmail { get; set; }
    /// <summary><c>data-view</c>: <c>unavailable</c> for the Refund unavailable page.</summary>
    [HtmlAttributeName("view")] public string? View { get; set; }
    /// <summary><c>data-appeal-link</c>: false hides the appeal link.</summary>
    [HtmlAttributeName("appeal-link")] public bool? AppealLink { get; set; }

    /// <inheritdoc />
    protected override void Validate()
    {
        if (View == "unavailable") return;
        Require(StatusUrl, "status-url");
        Require(DryRunUrl, "dry-run-url");
    }

    /// <inheritdoc />
    protected override IEnumerable<(string, string?)> DataAttributes() =>
    [
        ("refund-status-url", StatusUrl),
        ("dry-run-url", DryRunUrl),
        ("appeals-email", AppealsEmail),
        ("support-email", SupportEmail),
        ("view", View),
        ("appeal-link", AppealLink is null ? null : AppealLink.Value ? "true" : "false"),
    ];
}

/// <summary><c>&lt;manual-claim-widget details="…" stations="…" journey-id="…" /&gt;</c>: the manual claim page.</summary>
[HtmlTargetElement("manual-claim-widget", TagStructure = TagStructure.WithoutEndTag)]
public sealed class ManualClaimWidgetTagHelper(RefundWidgetsManifestProvider manifests, IOptions<RefundWidgetsOptions> options)
    : WidgetTagHelperBase(manifests, options)
{
    /// <inheritdoc />
    protected override string MountId => "manual-claim-widget";

    /// <summary><c>data-journey-id</c>: the refund status's journeyID, sent as the uploads' Journey-Id header.</summary>
    [HtmlAttributeName("journey-id")] public string? JourneyId { get; set; }

    /// <inheritdoc />
    protected override void Validate() => Require(JourneyId, "journey-id");

    /// <inheritdoc />
    protected override IEnumerable<(string, string?)> DataAttributes() =>
        [("journey-id", JourneyId), ("support-email", SupportEmail)];
}

/// <summary>
/// <c>&lt;disruption-widget details="…" stations="…" status-url="…" /&gt;</c>: the disruption funnel; with
/// <c>view="finished"</c>, its outcome page.
/// </summary>
[HtmlTargetElement("disruption-widget", TagStructure = TagStructure.WithoutEndTag)]
public sealed class DisruptionWidgetTagHelper(RefundWidgetsManifestProvider manifests, IOptions<RefundWidgetsOptions> options)
    : WidgetTagHelperBase(manifests, options)
{
    /// <inheritdoc />
    protected override string MountId => "disruption-widget";

    /// <summary><c>data-refund-status-url</c> (required unless view is <c>finished</c>).</summary>
    [HtmlAttributeName("status-url")] public string? StatusUrl { get; set; }
    /// <summary><c>data-view</c>: <c>finished</c> for the outcome page.</summary>
    [HtmlAttributeName("view")] public string? View { get; set; }

    /// <inheritdoc />
    protected override void Validate()
    {
        if (View != "finished") Require(StatusUrl, "status-url");
    }

    /// <inheritdoc />
    protected override IEnumerable<(string, string?)> DataAttributes() =>
        [("refund-status-url", StatusUrl), ("support-email", SupportEmail), ("view", View)];
}

/// <summary><c>&lt;lookup-widget /&gt;</c>: the booking lookup form (no page data needed).</summary>
[HtmlTargetElement("lookup-widget", TagStructure = TagStructure.WithoutEndTag)]
public sealed class LookupWidgetTagHelper(RefundWidgetsManifestProvider manifests, IOptions<RefundWidgetsOptions> options)
    : WidgetTagHelperBase(manifests, options)
{
    /// <inheritdoc />
    protected override string MountId => "lookup-widget";

    /// <inheritdoc />
    protected override bool NeedsPageData => false;

    /// <summary><c>data-action</c> (default <c>/ConfirmRefund</c>).</summary>
    [HtmlAttributeName("action")] public string? Action { get; set; }
    /// <summary><c>data-disruption-action</c> (default <c>/Home/Disruption</c>).</summary>
    [HtmlAttributeName("disruption-action")] public string? DisruptionAction { get; set; }

    /// <inheritdoc />
    protected override IEnumerable<(string, string?)> DataAttributes() =>
        [("action", Action), ("disruption-action", DisruptionAction), ("support-email", SupportEmail)];
}

/// <summary><c>&lt;journey-summary-widget details="…" stations="…" /&gt;</c>: the journey summary alone.</summary>
[HtmlTargetElement("journey-summary-widget", TagStructure = TagStructure.WithoutEndTag)]
public sealed class JourneySummaryWidgetTagHelper(RefundWidgetsManifestProvider manifests, IOptions<RefundWidgetsOptions> options)
    : WidgetTagHelperBase(manifests, options)
{
    /// <inheritdoc />
    protected override string MountId => "journey-summary-widget";

    /// <inheritdoc />
    protected override IEnumerable<(string, string?)> DataAttributes() => [];
}

/// <summary>
/// <c>&lt;refund-widgets-script /&gt;</c>: the shim's script tag, for a layout that puts it in one place
/// (written once per page: nothing when a widget already wrote it, and widgets after it write none).
/// </summary>
[HtmlTargetElement("refund-widgets-script", TagStructure = TagStructure.WithoutEndTag)]
public sealed class RefundWidgetsScriptTagHelper(RefundWidgetsManifestProvider manifests, IOptions<RefundWidgetsOptions> options) : TagHelper
{
    /// <summary>Set by Razor: the view being rendered.</summary>
    [ViewContext, HtmlAttributeNotBound]
    public ViewContext ViewContext { get; set; } = default!;

    /// <inheritdoc />
    public override void Process(TagHelperContext context, TagHelperOutput output)
    {
        output.TagName = null;
        var page = RefundWidgetsPage.For(ViewContext.HttpContext);
        if (page.ScriptWritten) return;
        output.Content.SetHtmlContent(RefundWidgetsHtml.ShimScript(options.Value, manifests.Current));
        page.ScriptWritten = true;
    }
}

/// <summary>
/// <c>&lt;refund-widgets-head /&gt;</c>, in the layout's <c>&lt;head&gt;</c>: the host stylesheet, which keeps each
/// mount point's space until its widget's first panel (docs/host-contract.md "Reserved space"), then the
/// preload hints of the widgets on the page (docs/aspnet.md "Preload hints"), so the browser starts their
/// first panel's files and GETs with the HTML instead of after the shim. Razor renders a view before its layout, so the widget
/// tags of the view have been written when the layout's head is; nothing is written for a page
/// without widgets.
/// </summary>
[HtmlTargetElement("refund-widgets-head", TagStructure = TagStructure.WithoutEndTag)]
public sealed class RefundWidgetsHeadTagHelper(RefundWidgetsManifestProvider manifests, IOptions<RefundWidgetsOptions> options) : TagHelper
{
    /// <summary>Set by Razor: the view being rendered.</summary>
    [ViewContext, HtmlAttributeNotBound]
    public ViewContext ViewContext { get; set; } = default!;

    /// <inheritdoc />
    public override void Process(TagHelperContext context, TagHelperOutput output)
    {
        output.TagName = null;
        var page = RefundWidgetsPage.For(ViewContext.HttpContext);
        if (page.Widgets.Count == 0) return;
        var manifest = manifests.Current;
        output.Content.SetHtmlContent(
            RefundWidgetsHtml.Stylesheet(options.Value, manifest) + RefundWidgetsHtml.PreloadHints(options.Value, manifest, page.Widgets));
    }
}

/// <summary>
/// <c>&lt;refund-widgets-token /&gt;</c>, in the layout's <c>&lt;head&gt;</c>:
/// <c>&lt;meta name="request-verification-token" content="…"&gt;</c>, the ASP.NET Core antiforgery token the
/// widgets send with their POSTs, bound to the booking session (docs/aspnet.md "Your own site, start to finish").
/// Put it after the view's session is opened, which a layout is.
/// </summary>
[HtmlTargetElement("refund-widgets-token", TagStructure = TagStructure.WithoutEndTag)]
public sealed class RefundWidgetsTokenTagHelper(Microsoft.AspNetCore.Antiforgery.IAntiforgery antiforgery) : TagHelper
{
    /// <summary>Set by Razor: the view being rendered.</summary>
    [ViewContext, HtmlAttributeNotBound]
    public ViewContext ViewContext { get; set; } = default!;

    /// <inheritdoc />
    public override void Process(TagHelperContext context, TagHelperOutput output)
    {
        output.TagName = "meta";
        output.TagMode = TagMode.StartTagOnly;
        output.Attributes.SetAttribute("name", "request-verification-token");
        output.Attributes.SetAttribute("content", antiforgery.GetAndStoreTokens(ViewContext.HttpContext).RequestToken);
    }
}
