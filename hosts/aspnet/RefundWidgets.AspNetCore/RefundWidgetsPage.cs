using Microsoft.AspNetCore.Http;

namespace RefundWidgets.AspNetCore;

/// <summary>
/// What the kit has written into the page being rendered (one per request): the shim's script tag
/// is written once, and each distinct Details value and the station names once.
/// </summary>
public sealed class RefundWidgetsPage
{
    private static readonly object Key = new();
    private readonly Dictionary<string, string> detailsIds = new(StringComparer.Ordinal);

    /// <summary>True once the <c>host-shim.js</c> script tag has been written.</summary>
    public bool ScriptWritten { get; set; }

    /// <summary>True once the <c>station-names</c> block has been written.</summary>
    public bool StationsWritten { get; set; }

    private readonly List<(string MountId, IReadOnlyDictionary<string, string> Attributes)> widgets = [];

    /// <summary>The widgets written so far, in order: mount id and data attributes (name with <c>data-</c> → value).</summary>
    public IReadOnlyList<(string MountId, IReadOnlyDictionary<string, string> Attributes)> Widgets => widgets;

    /// <summary>Records a widget the page holds, for the preload hints of <c>&lt;refund-widgets-head /&gt;</c>.</summary>
    public void AddWidget(string mountId, IReadOnlyDictionary<string, string> attributes) => widgets.Add((mountId, attributes));

    /// <summary>The page's state for this request, created on first use.</summary>
    public static RefundWidgetsPage For(HttpContext context)
    {
        if (context.Items.TryGetValue(Key, out var existing) && existing is RefundWidgetsPage page) return page;
        page = new RefundWidgetsPage();
        context.Items[Key] = page;
        return page;
    }

    /// <summary>
    /// The element id for a Details block with this JSON: <c>refund-details</c> for the first, then
    /// <c>refund-details-2</c>, …; <paramref name="isNew"/> tells whether the block still has to be written.
    /// </summary>
    public string DetailsIdFor(string json, out bool isNew)
    {
        if (detailsIds.TryGetValue(json, out var id))
        {
            isNew = false;
            return id;
        }
        id = detailsIds.Count == 0 ? RefundWidgetsHtml.DetailsId : $"{RefundWidgetsHtml.DetailsId}-{detailsIds.Count + 1}";
        detailsIds[json] = id;
        isNew = true;
        return id;
    }
}
