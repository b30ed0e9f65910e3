using System.Text.Json;

namespace RefundWidgets.AspNetCore.Tests;

/// <summary>The script tag from the manifest, the cache rules, the CSP and the JSON serialiser.</summary>
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
    public void A_missing_manifest_says_what_to_do()
    {
        using var page = new TestPage();
        File.Delete(Path.Combine(page.DistDirectory, "manifest.json"));
        var error = Assert.Throws<InvalidOperationException>(() => page.Manifests.Current);
        Assert.Contains("npm run build", error.Message);
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

    [Theory]
    [InlineData("host-shim.js", RefundWidgetsFiles.Revalidate)]
    [InlineData("/refund/remoteEntry.js", RefundWidgetsFiles.Revalidate)]
    [InlineData("manifest.json", RefundWidgetsFiles.Revalidate)]
    [InlineData("refund-widgets.d.ts", RefundWidgetsFiles.Revalidate)]
    [InlineData("refund/242.9becc6b9.js", RefundWidgetsFiles.Immutable)]
    [InlineData("host-shim/loader.0a1b2c3d.js", RefundWidgetsFiles.Immutable)]
    [InlineData("refund\\main.0a1b2c3d.css", RefundWidgetsFiles.Immutable)]
    [InlineData("refund/notes.txt", RefundWidgetsFiles.Revalidate)]
    public void Cache_control_follows_the_file_name(string path, string expected) =>
        Assert.Equal(expected, RefundWidgetsFiles.CacheControlFor(path));

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
