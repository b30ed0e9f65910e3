using System.Text.Json;

namespace RefundWidgets.AspNetCore.Tests;

/// <summary>
/// <c>&lt;refund-widgets-head /&gt;</c>: the host stylesheet, which keeps each mount point's space until its
/// widget's first panel (docs/host-contract.md "Reserved space"), linked with its integrity before the hints.
/// </summary>
public sealed class HostStylesheetTests
{
    private const string Base = "/_content/RefundWidgets.AspNetCore/";
    private static readonly JsonElement Details = JsonDocument.Parse("""{"bookingReference":"KXB7HT2N"}""").RootElement;
    private static readonly Dictionary<string, string> Stations = new() { ["KGX"] = "London Kings Cross" };

    private static string Link(string href, string crossOrigin = "") =>
        $"<link rel=\"stylesheet\" href=\"{href}\" integrity=\"{TestPage.IntegrityOf(TestPage.StylesheetFile)}\"{crossOrigin}>";

    private static TestPage PageWithStylesheet()
    {
        var page = new TestPage();
        page.WriteManifest(TestPage.ShimIntegrity, stylesheet: true);
        return page;
    }

    private static void RenderRefund(TestPage page)
    {
        var refund = page.Refund();
        refund.Details = Details;
        refund.Stations = Stations;
        refund.StatusUrl = "/Refund/Status?bookingReference=KXB7HT2N";
        refund.DryRunUrl = "/Refund/DryRun?bookingReference=KXB7HT2N";
        page.Render(refund, "refund-widget");
    }

    [Fact]
    public void A_page_with_a_widget_links_the_stylesheet_with_its_integrity_before_the_hints()
    {
        using var page = PageWithStylesheet();
        RenderRefund(page);

        var html = page.Render(page.Head(), "refund-widgets-head");

        Assert.StartsWith(Link($"{Base}refund-widgets.css") + "<link rel=\"preload\" href=\"/Refund/Status?bookingReference=KXB7HT2N\"", html);
        Assert.Single(System.Text.RegularExpressions.Regex.Matches(html, "rel=\"stylesheet\""));
    }

    [Fact]
    public void A_widget_without_hints_still_gets_the_stylesheet()
    {
        using var page = PageWithStylesheet();
        page.Render(page.Lookup(), "lookup-widget");

        Assert.StartsWith(Link($"{Base}refund-widgets.css"), page.Render(page.Head(), "refund-widgets-head"));
    }

    [Fact]
    public void No_stylesheet_on_a_page_without_widgets_nor_from_a_build_without_one()
    {
        using var empty = PageWithStylesheet();
        Assert.Equal("", empty.Render(empty.Head(), "refund-widgets-head"));

        using var older = new TestPage();
        RenderRefund(older);
        Assert.DoesNotContain("rel=\"stylesheet\"", older.Render(older.Head(), "refund-widgets-head"));
    }

    [Fact]
    public void From_a_cdn_the_stylesheet_carries_crossorigin()
    {
        using var page = PageWithStylesheet();
        page.Options.BaseUrl = "https://cdn.example.co.uk/rw/0.2.0";
        RenderRefund(page);

        Assert.StartsWith(
            Link("https://cdn.example.co.uk/rw/0.2.0/refund-widgets.css", " crossorigin=\"anonymous\""),
            page.Render(page.Head(), "refund-widgets-head"));
    }

    [Fact]
    public void A_stylesheet_the_manifest_gives_no_sri_value_is_refused()
    {
        using var page = new TestPage();
        File.WriteAllText(Path.Combine(page.DistDirectory, "manifest.json"),
            """{"version":"0.1","shim":"host-shim.js","stylesheet":"refund-widgets.css","widgets":[],"files":{"host-shim.js":{"integrity":"sha384-AAAA","size":1,"cacheControl":"no-cache"},"refund-widgets.css":{"integrity":"\"><script>","size":1,"cacheControl":"no-cache"}}}""");
        RenderRefund(page);

        var error = Assert.Throws<InvalidOperationException>(() => page.Render(page.Head(), "refund-widgets-head"));
        Assert.Contains("refund-widgets.css", error.Message);
    }
}
