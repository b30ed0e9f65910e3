using System.Text.Json;

namespace RefundWidgets.AspNetCore.Tests;

/// <summary>
/// <c>&lt;refund-widgets-head /&gt;</c>: the preload hints of the widgets on the page (docs/aspnet.md "Preload
/// hints"), from the manifest's first-panel table and the widgets' first GETs.
/// </summary>
public sealed class PreloadHintTests
{
    private const string Base = "/_content/RefundWidgets.AspNetCore/";
    private static readonly JsonElement Details = JsonDocument.Parse("""{"bookingReference":"KXB7HT2N"}""").RootElement;
    private static readonly Dictionary<string, string> Stations = new() { ["KGX"] = "London Kings Cross" };

    private static string FileHint(string file, string @as, string crossOrigin = "") =>
        $"<link rel=\"preload\" href=\"{Base}{file}\" as=\"{@as}\" integrity=\"{TestPage.IntegrityOf(file)}\"{crossOrigin}>";

    /// <summary>The shim's hint: the integrity and crossorigin of its script tag, so the tag takes the preloaded file.</summary>
    private static readonly string ShimHint =
        $"<link rel=\"preload\" href=\"{Base}host-shim.js\" as=\"script\" integrity=\"{TestPage.ShimIntegrity}\" crossorigin=\"anonymous\">";

    /// <summary>What the shim loads first: its own file, then its loader chunk's.</summary>
    private static readonly string ShimHints =
        ShimHint + FileHint("host-shim/769.ffff6666.css", "style") + FileHint("host-shim/loader.ffff7777.js", "script");

    private static string FetchHint(string href) => $"<link rel=\"preload\" href=\"{href}\" as=\"fetch\" crossorigin=\"anonymous\">";

    private static void RenderJourneySummaryAndRefund(TestPage page)
    {
        var summary = page.JourneySummary();
        summary.Details = Details;
        summary.Stations = Stations;
        page.Render(summary, "journey-summary-widget");
        RenderRefund(page);
    }

    private static void RenderRefund(TestPage page, string? statusUrl = "/Refund/Status?bookingReference=KXB7HT2N", string? view = null)
    {
        var refund = page.Refund();
        refund.Details = Details;
        refund.Stations = Stations;
        refund.StatusUrl = statusUrl;
        refund.DryRunUrl = "/Refund/DryRun?bookingReference=KXB7HT2N";
        refund.View = view;
        page.Render(refund, "refund-widget");
    }

    [Fact]
    public void The_refund_page_hints_its_two_gets_then_the_shim_then_each_first_panel_file_with_its_integrity()
    {
        using var page = new TestPage();
        RenderRefund(page);

        var html = page.Render(page.Head(), "refund-widgets-head");

        Assert.Equal(
            FetchHint("/Refund/Status?bookingReference=KXB7HT2N") +
            FetchHint("/Refund/DryRun?bookingReference=KXB7HT2N") +
            ShimHints +
            FileHint("refund/remoteEntry.js", "script") +
            FileHint("refund/908.aaaa1111.css", "style") +
            FileHint("refund/908.bbbb2222.js", "script") +
            FileHint("refund/558.cccc3333.js", "script"),
            html);
    }

    [Fact]
    public void No_hint_for_a_widget_not_on_the_page_and_none_on_a_page_without_widgets()
    {
        using var empty = new TestPage();
        Assert.Equal("", empty.Render(empty.Head(), "refund-widgets-head"));

        using var page = new TestPage();
        var summary = page.JourneySummary();
        summary.Details = Details;
        summary.Stations = Stations;
        page.Render(summary, "journey-summary-widget");

        var html = page.Render(page.Head(), "refund-widgets-head");

        Assert.Equal(
            ShimHints +
            FileHint("journeySummary/remoteEntry.js", "script") +
            FileHint("journeySummary/412.dddd4444.js", "script") +
            FileHint("journeySummary/558.eeee5555.js", "script"),
            html);
        Assert.DoesNotContain("refund/", html);
        Assert.DoesNotContain("as=\"fetch\"", html);
    }

    [Fact]
    public void Two_widgets_share_one_provider_of_react_the_one_the_federation_runtime_keeps()
    {
        using var page = new TestPage();
        RenderJourneySummaryAndRefund(page);

        var html = page.Render(page.Head(), "refund-widgets-head");

        Assert.Contains(FileHint("refund/558.cccc3333.js", "script"), html); // "refund" > "journeySummary"
        Assert.DoesNotContain("journeySummary/558.eeee5555.js", html);
        Assert.Contains(FileHint("journeySummary/412.dddd4444.js", "script"), html);
        Assert.Equal(2, html.Split("as=\"fetch\"").Length - 1);
        Assert.Equal(1, html.Split("host-shim/loader.ffff7777.js").Length - 1); // the shim's loader once
        Assert.Equal(1, html.Split("host-shim.js").Length - 1);
        Assert.Contains(FetchHint("/Refund/DryRun?bookingReference=KXB7HT2N") + ShimHints, html);
    }

    [Fact]
    public void A_share_the_shim_provides_is_hinted_from_the_shims_file_once_not_from_a_remote()
    {
        using var page = new TestPage();
        page.WriteManifest(TestPage.ShimIntegrity, hostReact: true);
        RenderJourneySummaryAndRefund(page);

        var html = page.Render(page.Head(), "refund-widgets-head");

        Assert.Equal(1, html.Split(FileHint("host-shim/558.abab8888.js", "script")).Length - 1);
        Assert.DoesNotContain("refund/558.cccc3333.js", html);
        Assert.DoesNotContain("journeySummary/558.eeee5555.js", html);
        Assert.Contains(FileHint("refund/908.bbbb2222.js", "script"), html);
    }

    [Fact]
    public void The_refund_unavailable_page_hints_its_status_get_but_never_the_dry_run()
    {
        using var page = new TestPage();
        RenderRefund(page, view: "unavailable");

        var html = page.Render(page.Head(), "refund-widgets-head");

        Assert.StartsWith(FetchHint("/Refund/Status?bookingReference=KXB7HT2N") + ShimHints + FileHint("refund/remoteEntry.js", "script"), html);
        Assert.Equal(1, html.Split("as=\"fetch\"").Length - 1);
        Assert.DoesNotContain("/Refund/DryRun", html);
    }

    [Fact]
    public void A_get_without_a_url_or_off_the_site_gets_no_hint()
    {
        using var unavailable = new TestPage();
        RenderRefund(unavailable, statusUrl: null, view: "unavailable");
        var html = unavailable.Render(unavailable.Head(), "refund-widgets-head");
        Assert.DoesNotContain("as=\"fetch\"", html);
        Assert.StartsWith(ShimHints, html);

        using var page = new TestPage();
        RenderRefund(page, statusUrl: "https://api.example.co.uk/Refund/Status?bookingReference=KXB7HT2N");
        html = page.Render(page.Head(), "refund-widgets-head");
        Assert.DoesNotContain("api.example.co.uk", html);
        Assert.StartsWith(FetchHint("/Refund/DryRun?bookingReference=KXB7HT2N") + ShimHints, html);

        using var twice = new TestPage();
        RenderRefund(twice);
        RenderRefund(twice);
        Assert.Equal("", twice.Render(twice.Head(), "refund-widgets-head"));
    }

    [Theory]
    [InlineData("/Refund/Status?bookingReference=\"><script>alert(1)</script>", "/Refund/Status?bookingReference=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;")]
    [InlineData("/Refund/Status?a=1&b=' onload='alert(1)", "/Refund/Status?a=1&amp;b=&#x27; onload=&#x27;alert(1)")]
    public void Hostile_values_in_urls_stay_attribute_escaped(string statusUrl, string written)
    {
        using var page = new TestPage();
        RenderRefund(page, statusUrl);
        var html = page.Render(page.Head(), "refund-widgets-head");
        Assert.StartsWith(FetchHint(written), html);
        Assert.DoesNotContain("<script", html);
        Assert.DoesNotContain("'", html);
    }

    [Fact]
    public void From_a_cdn_the_files_are_hinted_with_crossorigin_as_the_shim_loads_them()
    {
        using var page = new TestPage();
        page.Options.BaseUrl = "https://cdn.example.co.uk/rw/0.2.0";
        RenderRefund(page);
        var html = page.Render(page.Head(), "refund-widgets-head");
        Assert.Contains(
            $"<link rel=\"preload\" href=\"https://cdn.example.co.uk/rw/0.2.0/host-shim.js\" as=\"script\" integrity=\"{TestPage.ShimIntegrity}\" crossorigin=\"anonymous\">",
            html);
        Assert.Contains(
            $"<link rel=\"preload\" href=\"https://cdn.example.co.uk/rw/0.2.0/refund/remoteEntry.js\" as=\"script\" integrity=\"{TestPage.IntegrityOf("refund/remoteEntry.js")}\" crossorigin=\"anonymous\">",
            html);
    }

    [Fact]
    public void A_manifest_without_a_first_panel_table_hints_only_the_gets()
    {
        using var page = new TestPage();
        File.WriteAllText(Path.Combine(page.DistDirectory, "manifest.json"),
            """{"version":"0.1","shim":"host-shim.js","widgets":[{"name":"refund","mountId":"refund-widget","prefetch":{"urls":["data-refund-status-url"]}}],"files":{"host-shim.js":{"integrity":"sha384-AAAA","size":1,"cacheControl":"no-cache"}}}""");
        RenderRefund(page);
        Assert.Equal(FetchHint("/Refund/Status?bookingReference=KXB7HT2N"), page.Render(page.Head(), "refund-widgets-head"));
    }
}
