using System.Text.Json;

namespace RefundWidgets.AspNetCore.Tests;

/// <summary>The script tag from the manifest, the manifest reader, the CSP and the JSON serialiser.</summary>
public sealed class KitTests
{
    [Fact]
    public void The_shim_tag_takes_a_cdn_base_and_the_api_base()
    {
        using var page = new TestPage();
        page.Options.BaseUrl = "https://cdn.example.co.uk/refund-widgets/v1/";
        page.Options.ApiBase = "https://api.example.co.uk";
        Assert.Equal(
            $"<script src=\"https://cdn.example.co.uk/refund-widgets/v1/host-shim.js\" integrity=\"{TestPage.ShimIntegrity}\" crossorigin=\"anonymous\" data-api-base=\"https://api.example.co.uk\" defer></script>",
            RefundWidgetsHtml.ShimScript(page.Options, page.Manifests.Current));
    }

    [Theory]
    [InlineData(0.1, "0.1")]
    [InlineData(1.0, "1")]
    [InlineData(0.0, "0")]
    [InlineData(0.00001, "0.00001")]
    public void The_shim_tag_carries_the_vitals_sample_rate_in_digits_whatever_the_culture(double rate, string written)
    {
        var culture = System.Globalization.CultureInfo.CurrentCulture;
        System.Globalization.CultureInfo.CurrentCulture = new System.Globalization.CultureInfo("de-DE");
        try
        {
            using var page = new TestPage();
            page.Options.ApiBase = "https://api.example.co.uk";
            page.Options.VitalsSampleRate = rate;
            Assert.Equal(
                $"<script src=\"/_content/RefundWidgets.AspNetCore/host-shim.js\" integrity=\"{TestPage.ShimIntegrity}\" crossorigin=\"anonymous\" data-api-base=\"https://api.example.co.uk\" data-vitals=\"{written}\" defer></script>",
                RefundWidgetsHtml.ShimScript(page.Options, page.Manifests.Current));
        }
        finally
        {
            System.Globalization.CultureInfo.CurrentCulture = culture;
        }
    }

    [Fact]
    public void Without_a_vitals_sample_rate_the_shim_tag_has_no_data_vitals()
    {
        using var page = new TestPage();
        Assert.Null(page.Options.VitalsSampleRate);
        Assert.DoesNotContain("data-vitals", RefundWidgetsHtml.ShimScript(page.Options, page.Manifests.Current));
    }

    [Theory]
    [InlineData(-0.1)]
    [InlineData(1.5)]
    [InlineData(double.NaN)]
    [InlineData(double.PositiveInfinity)]
    public void A_vitals_sample_rate_outside_0_to_1_is_refused_when_set(double rate)
    {
        var options = new RefundWidgetsOptions();
        var error = Assert.Throws<ArgumentOutOfRangeException>(() => options.VitalsSampleRate = rate);
        Assert.Equal("VitalsSampleRate", error.ParamName);
        Assert.StartsWith("refund-widgets: VitalsSampleRate is a share of page views from 0 to 1, such as 0.1.", error.Message);
        Assert.Null(options.VitalsSampleRate);
    }

    [Fact]
    public void Hostile_base_urls_stay_inside_their_attributes()
    {
        using var page = new TestPage();
        page.Options.BaseUrl = "https://cdn.example.co.uk/rw/\"><script>alert(1)</script><x a=\"";
        page.Options.ApiBase = "https://api.example.co.uk/' onload='alert(1)\" x=\"&amp;";
        var html = RefundWidgetsHtml.ShimScript(page.Options, page.Manifests.Current);
        Assert.Equal(
            "<script src=\"https://cdn.example.co.uk/rw/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;x a=&quot;/host-shim.js\" " +
            $"integrity=\"{TestPage.ShimIntegrity}\" crossorigin=\"anonymous\" " +
            "data-api-base=\"https://api.example.co.uk/&#x27; onload=&#x27;alert(1)&quot; x=&quot;&amp;amp;\" defer></script>",
            html);
    }

    [Fact]
    public void The_manifest_is_read_again_when_a_deploy_replaces_it()
    {
        using var page = new TestPage("sha384-old");
        Assert.Equal("sha384-old", page.Manifests.Current.IntegrityOf("host-shim.js"));
        page.WriteManifest("sha384-newAndLonger+/=", "1.0.1");
        File.SetLastWriteTimeUtc(Path.Combine(page.DistDirectory, "manifest.json"), DateTime.UtcNow.AddMinutes(1));
        Assert.Equal("sha384-newAndLonger+/=", page.Manifests.Current.IntegrityOf("host-shim.js"));
        Assert.Equal("1.0.1", page.Manifests.Current.Version);
    }

    [Fact]
    public void A_missing_manifest_fails_rendering_with_an_error_naming_the_file()
    {
        using var page = new TestPage();
        var manifest = Path.Combine(page.DistDirectory, "manifest.json");
        File.Delete(manifest);
        var error = Assert.Throws<InvalidOperationException>(() => page.Manifests.Current);
        Assert.Contains(manifest, error.Message);
        Assert.Contains("MapStaticAssets", error.Message);
        var helper = page.Lookup();
        Assert.Throws<InvalidOperationException>(() => page.Render(helper, "lookup-widget"));
    }

    [Theory]
    [InlineData("")]
    [InlineData("{\"version\":\"1\",")]
    [InlineData("[]")]
    [InlineData("{\"version\":\"1\",\"files\":{}}")]
    public void A_manifest_being_rewritten_fails_rendering_with_an_error_naming_the_file(string text)
    {
        using var page = new TestPage();
        var manifest = Path.Combine(page.DistDirectory, "manifest.json");
        File.WriteAllText(manifest, text);
        var error = Assert.Throws<InvalidOperationException>(() => page.Manifests.Current);
        Assert.StartsWith($"refund-widgets: cannot read {manifest}: ", error.Message);
        var helper = page.Script();
        Assert.Throws<InvalidOperationException>(() => page.Render(helper, "refund-widgets-script"));
    }

    [Fact]
    public void The_package_files_are_the_default_and_a_cdn_build_names_its_own_manifest()
    {
        Assert.Equal("/_content/RefundWidgets.AspNetCore", new RefundWidgetsOptions().BaseUrl);
        Assert.Equal("_content/RefundWidgets.AspNetCore/manifest.json", RefundWidgetsManifestProvider.StaticAssetPath);
        using var page = new TestPage();
        var cdnBuild = Path.Combine(page.WebRoot, "cdn-build");
        Directory.CreateDirectory(cdnBuild);
        File.WriteAllText(Path.Combine(cdnBuild, "manifest.json"),
            """{"version":"0.1.9","shim":"host-shim.js","widgets":[],"files":{"host-shim.js":{"integrity":"sha384-CDNbuild","size":1,"cacheControl":"no-cache"}}}""");
        page.Options.ManifestFile = "cdn-build/manifest.json"; // relative to the content root
        var manifests = page.NewManifestProvider();
        Assert.Equal(Path.Combine(cdnBuild, "manifest.json"), manifests.Location);
        Assert.Equal("sha384-CDNbuild", manifests.Current.IntegrityOf("host-shim.js"));
        Assert.Equal("0.1.9", manifests.Current.Version);
    }

    [Fact]
    public void A_manifest_without_the_shim_is_refused()
    {
        var manifest = JsonSerializer.Deserialize<RefundWidgetsManifest>("""{"version":"1","shim":"host-shim.js","widgets":[],"files":{}}""")!;
        Assert.Throws<InvalidOperationException>(() => RefundWidgetsHtml.ShimScript(new RefundWidgetsOptions(), manifest));
    }

    [Fact]
    public void An_integrity_that_is_not_an_sri_value_is_refused()
    {
        using var page = new TestPage("sha384-abc\" onload=\"alert(1)");
        Assert.Throws<InvalidOperationException>(() => RefundWidgetsHtml.ShimScript(page.Options, page.Manifests.Current));
    }

    [Fact]
    public void The_csp_is_the_strict_policy_with_the_cdn_origin_added()
    {
        Assert.Equal(
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
            RefundWidgetsCsp.For(new RefundWidgetsOptions()));
        var cdn = RefundWidgetsCsp.For(new RefundWidgetsOptions { BaseUrl = "https://cdn.example.co.uk/rw/v1" });
        Assert.Contains("script-src 'self' https://cdn.example.co.uk;", cdn);
        Assert.Contains("frame-ancestors 'none'", cdn);
    }

    [Fact]
    public void Json_for_a_script_block_escapes_what_could_end_it()
    {
        var json = RefundWidgetsJson.ForScriptBlock(new Dictionary<string, string> { ["a"] = "</script>&<!--\u2028\u2029'\"" });
        Assert.Equal("{\"a\":\"\\u003C/script\\u003E\\u0026\\u003C!--\\u2028\\u2029\\u0027\\u0022\"}", json);
        Assert.Equal("null", RefundWidgetsJson.ForScriptBlock(null));
    }
}
