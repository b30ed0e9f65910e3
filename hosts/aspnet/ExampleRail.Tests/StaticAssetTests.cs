using System.Net;
using System.Net.Http.Headers;
using System.Security.Cryptography;
using System.Text.Json;
using System.Text.RegularExpressions;

namespace ExampleRail.Tests;

/// <summary>
/// The widgets' files as the site serves them from the RefundWidgets.AspNetCore package, with
/// MapStaticAssets (docs/aspnet.md "Caching and compression"): every file of the package's manifest at
/// <c>/_content/RefundWidgets.AspNetCore/</c> with the manifest's Cache-Control, precompressed Brotli and
/// gzip, content ETags, and the shim's integrity that the page names.
/// </summary>
public sealed class StaticAssetTests : IDisposable
{
    private const string Base = "/_content/RefundWidgets.AspNetCore/";
    private const string Immutable = "public, max-age=31536000, immutable";
    private readonly SiteFactory site = new();
    private readonly HttpClient client;

    public StaticAssetTests() => client = site.Client();

    public void Dispose() => site.Dispose();

    private async Task<JsonElement> ManifestAsync()
    {
        using var answer = await client.GetAsync(Base + "manifest.json");
        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        return JsonDocument.Parse(await answer.Content.ReadAsStringAsync()).RootElement;
    }

    private static HttpRequestMessage Get(string path, string? acceptEncoding = null, string? ifNoneMatch = null)
    {
        var request = new HttpRequestMessage(HttpMethod.Get, path);
        if (acceptEncoding is not null) request.Headers.TryAddWithoutValidation("Accept-Encoding", acceptEncoding);
        if (ifNoneMatch is not null) request.Headers.TryAddWithoutValidation("If-None-Match", ifNoneMatch);
        return request;
    }

    /// <summary>The Cache-Control header as the site sent it.</summary>
    private static string CacheControl(HttpResponseMessage answer) => answer.Headers.NonValidated["Cache-Control"].ToString();

    /// <summary>A content-hashed JavaScript file of the refund widget, as the manifest lists it.</summary>
    private static string FingerprintedFile(JsonElement manifest) =>
        manifest.GetProperty("files").EnumerateObject()
            .First(file => Regex.IsMatch(file.Name, @"^refund/[^/]+\.[0-9a-f]{8}\.js$") && file.Value.GetProperty("cacheControl").GetString() == Immutable)
            .Name;

    [Fact]
    public async Task Every_file_of_the_package_is_served_with_the_cache_control_of_its_manifest()
    {
        var manifest = await ManifestAsync();
        var files = manifest.GetProperty("files").EnumerateObject().Where(file => !file.Name.EndsWith(".map", StringComparison.Ordinal)).ToArray();
        Assert.True(files.Length > 20, "the manifest lists the build's files");
        Assert.Contains(files, file => file.Value.GetProperty("cacheControl").GetString() == Immutable);
        foreach (var file in files)
        {
            using var answer = await client.SendAsync(Get(Base + file.Name));
            Assert.True(answer.StatusCode == HttpStatusCode.OK, $"{file.Name}: {(int)answer.StatusCode}");
            Assert.Equal(file.Value.GetProperty("cacheControl").GetString(), CacheControl(answer));
            Assert.Equal(file.Value.GetProperty("size").GetInt64(), (await answer.Content.ReadAsByteArrayAsync()).LongLength);
        }
    }

    [Fact]
    public async Task The_contract_names_revalidate_with_their_etag()
    {
        var manifest = await ManifestAsync();
        var names = new List<string> { "host-shim.js", "manifest.json" };
        names.AddRange(manifest.GetProperty("widgets").EnumerateArray().Select(widget => widget.GetProperty("remoteEntry").GetString()!));
        Assert.Contains("refund/remoteEntry.js", names);
        foreach (var name in names)
        {
            using var first = await client.SendAsync(Get(Base + name, acceptEncoding: "br, gzip"));
            Assert.Equal(HttpStatusCode.OK, first.StatusCode);
            Assert.Equal("no-cache", CacheControl(first));
            var etag = first.Headers.ETag?.Tag;
            Assert.False(string.IsNullOrEmpty(etag), $"{name} has an ETag");
            using var again = await client.SendAsync(Get(Base + name, acceptEncoding: "br, gzip", ifNoneMatch: etag));
            Assert.Equal(HttpStatusCode.NotModified, again.StatusCode);
        }
        using var shim = await client.SendAsync(Get(Base + "host-shim.js"));
        Assert.Equal("text/javascript", shim.Content.Headers.ContentType?.MediaType);
        using var types = await client.SendAsync(Get(Base + "refund-widgets.d.ts"));
        Assert.Equal("text/plain", types.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task A_fingerprinted_file_is_immutable_and_precompressed_with_brotli_and_gzip()
    {
        var file = FingerprintedFile(await ManifestAsync());
        using var plain = await client.SendAsync(Get(Base + file));
        var bytes = await plain.Content.ReadAsByteArrayAsync();
        Assert.Empty(plain.Content.Headers.ContentEncoding);

        using var brotli = await client.SendAsync(Get(Base + file, acceptEncoding: "br, gzip"));
        Assert.Equal(HttpStatusCode.OK, brotli.StatusCode);
        Assert.Equal(Immutable, CacheControl(brotli));
        Assert.Equal(["br"], brotli.Content.Headers.ContentEncoding);
        Assert.Contains("Accept-Encoding", brotli.Headers.Vary);
        var etag = brotli.Headers.ETag?.Tag;
        Assert.Matches("^\"[A-Za-z0-9+/=]{44}\"$", etag);
        var compressed = await brotli.Content.ReadAsByteArrayAsync();
        Assert.True(compressed.Length < bytes.Length, "the Brotli body is smaller");
        using (var decoded = new MemoryStream())
        {
            using (var stream = new System.IO.Compression.BrotliStream(new MemoryStream(compressed), System.IO.Compression.CompressionMode.Decompress))
            {
                stream.CopyTo(decoded);
            }
            Assert.Equal(bytes, decoded.ToArray());
        }

        using var gzip = await client.SendAsync(Get(Base + file, acceptEncoding: "gzip"));
        Assert.Equal(["gzip"], gzip.Content.Headers.ContentEncoding);
        Assert.Equal(Immutable, CacheControl(gzip));

        using var again = await client.SendAsync(Get(Base + file, acceptEncoding: "br, gzip", ifNoneMatch: etag));
        Assert.Equal(HttpStatusCode.NotModified, again.StatusCode);
    }

    [Fact]
    public async Task The_shim_integrity_of_the_page_the_widgets_manifest_and_the_static_asset_manifest_agree()
    {
        var manifest = await ManifestAsync();
        var fromManifest = manifest.GetProperty("files").GetProperty("host-shim.js").GetProperty("integrity").GetString();

        using var shim = await client.SendAsync(Get(Base + "host-shim.js"));
        var bytes = await shim.Content.ReadAsByteArrayAsync();
        Assert.Equal($"sha384-{Convert.ToBase64String(SHA384.HashData(bytes))}", fromManifest);

        // The SDK's static-asset manifest of the site (its endpoints, with an sha256 integrity each).
        var endpoints = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, "ExampleRail.staticwebassets.endpoints.json")));
        var shimEndpoint = endpoints.RootElement.GetProperty("Endpoints").EnumerateArray()
            .Single(endpoint => endpoint.GetProperty("Route").GetString() == "_content/RefundWidgets.AspNetCore/host-shim.js"
                && endpoint.GetProperty("Selectors").GetArrayLength() == 0);
        var fromStaticAssets = shimEndpoint.GetProperty("EndpointProperties").EnumerateArray()
            .Single(property => property.GetProperty("Name").GetString() == "integrity").GetProperty("Value").GetString();
        Assert.Equal($"sha256-{Convert.ToBase64String(SHA256.HashData(bytes))}", fromStaticAssets);

        // The page names the shim's fingerprinted copy: the same bytes, kept for good.
        var named = manifest.GetProperty("shim").GetString()!;
        Assert.Matches("^host-shim\\.[0-9a-f]{8}\\.js$", named);
        using var copy = await client.SendAsync(Get(Base + named));
        Assert.Equal(bytes, await copy.Content.ReadAsByteArrayAsync());
        Assert.Equal(Immutable, CacheControl(copy));
        using var page = await client.GetAsync("/");
        var html = await page.Content.ReadAsStringAsync();
        Assert.Contains($"<script src=\"{Base}{named}\" integrity=\"{fromManifest}\" crossorigin=\"anonymous\" defer></script>", html);
    }

    [Fact]
    public async Task The_site_stylesheet_is_linked_by_its_fingerprint_and_kept_for_good()
    {
        using var page = await client.GetAsync("/");
        var html = await page.Content.ReadAsStringAsync();
        var href = System.Text.RegularExpressions.Regex.Match(html, "<link rel=\"stylesheet\" href=\"(/site\\.[a-z0-9]+\\.css)\">").Groups[1].Value;
        Assert.False(string.IsNullOrEmpty(href), "the layout links site.css by its fingerprinted URL");
        using var css = await client.SendAsync(Get(href));
        Assert.Equal(HttpStatusCode.OK, css.StatusCode);
        Assert.Equal("max-age=31536000, immutable", CacheControl(css));
    }

    [Theory]
    [InlineData("/ConfirmRefund", "refund", "/Refund/Status?bookingReference=KXB7HT2N /Refund/DryRun?bookingReference=KXB7HT2N")]
    [InlineData("/JourneySummary", "journeySummary", "")]
    [InlineData("/ManualRefund", "manualClaim", "")]
    [InlineData("/Home/Disruption", "disruption", "/Refund/Status?bookingReference=KXB7HT2N")]
    [InlineData("/RefundUnavailable", "refund", "/Refund/Status?bookingReference=KXB7HT2N")]
    [InlineData("/", "lookup", "")]
    public async Task The_head_hints_the_first_panel_files_of_the_widget_on_the_page_with_their_integrity(string route, string widget, string gets)
    {
        var manifest = await ManifestAsync();
        using var answer = await client.GetAsync($"{route}?BookingReference=KXB7HT2N&Email=traveller%40example.com");
        var html = await answer.Content.ReadAsStringAsync();
        Assert.True(answer.StatusCode == HttpStatusCode.OK, html);
        var head = html[..html.IndexOf("</head>", StringComparison.Ordinal)];
        var hints = Regex.Matches(head, "<link rel=\"preload\" href=\"([^\"]+)\" as=\"(script|style)\" integrity=\"([^\"]+)\">")
            .Select(match => (Href: match.Groups[1].Value, Integrity: match.Groups[3].Value)).ToArray();
        var own = manifest.GetProperty("firstPanel").GetProperty("remotes").GetProperty(widget).GetProperty("files").EnumerateArray().Select(file => file.GetString()!).ToArray();
        Assert.Contains($"{widget}/remoteEntry.js", own);
        foreach (var file in own)
        {
            var integrity = manifest.GetProperty("files").GetProperty(file).GetProperty("integrity").GetString();
            Assert.Contains((Base + file, integrity!), hints);
        }
        // Then the shim's loader chunk and its own shares, which every page with a widget loads.
        var shim = manifest.GetProperty("firstPanel").GetProperty("shim").EnumerateArray().Select(file => file.GetString()!).ToArray();
        Assert.Contains(shim, file => file.StartsWith("host-shim/loader.", StringComparison.Ordinal));
        foreach (var file in shim)
        {
            var integrity = manifest.GetProperty("files").GetProperty(file).GetProperty("integrity").GetString();
            Assert.Contains((Base + file, integrity!), hints);
        }
        // And the shim's files of the shares the widget uses (firstPanel.hostFiles).
        var firstPanel = manifest.GetProperty("firstPanel");
        var shares = firstPanel.GetProperty("remotes").GetProperty(widget).GetProperty("consumes").EnumerateArray()
            .SelectMany(key => firstPanel.GetProperty("hostFiles").TryGetProperty(key.GetString()!, out var files) ? files.EnumerateArray().Select(file => file.GetString()!) : [])
            .Distinct().ToArray();
        Assert.NotEmpty(shares);
        foreach (var file in shares)
        {
            var integrity = manifest.GetProperty("files").GetProperty(file).GetProperty("integrity").GetString();
            Assert.Contains((Base + file, integrity!), hints);
        }
        Assert.All(hints, hint => Assert.True(hint.Href.StartsWith($"{Base}{widget}/", StringComparison.Ordinal) || shim.Contains(hint.Href[Base.Length..]) || shares.Contains(hint.Href[Base.Length..]), hint.Href));
        var fetches = Regex.Matches(head, "<link rel=\"preload\" href=\"([^\"]+)\" as=\"fetch\" crossorigin=\"anonymous\">").Select(match => match.Groups[1].Value).ToArray();
        Assert.Equal(gets.Split(' ', StringSplitOptions.RemoveEmptyEntries), fetches);
    }

    [Fact]
    public async Task The_kit_hints_a_refund_page_as_the_build_snippet_for_the_refund_widget_does()
    {
        using var snippet = await client.GetAsync(Base + "preload/refund.html");
        Assert.Equal(HttpStatusCode.OK, snippet.StatusCode);
        var expected = string.Concat((await snippet.Content.ReadAsStringAsync()).Split('\n').Where(line => line.StartsWith("<link", StringComparison.Ordinal)))
            .Replace("{base}/", Base)
            .Replace("{data-refund-status-url}", "/Refund/Status?bookingReference=KXB7HT2N")
            .Replace("{data-dry-run-url}", "/Refund/DryRun?bookingReference=KXB7HT2N");
        Assert.Contains("refund/remoteEntry.js", expected);

        using var page = await client.GetAsync("/ConfirmRefund?BookingReference=KXB7HT2N&Email=traveller%40example.com");
        var html = await page.Content.ReadAsStringAsync();
        var head = html[..html.IndexOf("</head>", StringComparison.Ordinal)];
        // The widgets' stylesheet first (docs/host-contract.md "Reserved space"), then the hints; the
        // site's own stylesheets are not the kit's.
        var kitLinks = Regex.Matches(head, "<link rel=\"(?:preload|stylesheet)\"[^>]*>").Select(match => match.Value)
            .Where(link => link.StartsWith("<link rel=\"preload\"", StringComparison.Ordinal) || link.Contains($"href=\"{Base}", StringComparison.Ordinal));
        Assert.StartsWith($"<link rel=\"stylesheet\" href=\"{Base}{(await ManifestAsync()).GetProperty("stylesheet").GetString()}\" integrity=\"sha384-", expected);
        Assert.Equal(expected, string.Concat(kitLinks));
    }

    [Fact]
    public async Task A_file_the_package_does_not_hold_and_the_hidden_source_maps_are_not_found()
    {
        var maps = (await ManifestAsync()).GetProperty("files").EnumerateObject().Where(file => file.Name.EndsWith(".map", StringComparison.Ordinal)).ToArray();
        Assert.Contains(maps, map => map.Name == "host-shim.js.map");
        foreach (var map in maps)
        {
            using var answer = await client.SendAsync(Get(Base + map.Name));
            Assert.True(answer.StatusCode == HttpStatusCode.NotFound, $"{map.Name}: {(int)answer.StatusCode}");
        }
        using var missing = await client.SendAsync(Get(Base + "refund/nothing.0123abcd.js"));
        Assert.Equal(HttpStatusCode.NotFound, missing.StatusCode);
        using var outside = await client.SendAsync(Get("/static/refund-widgets/host-shim.js"));
        Assert.Equal(HttpStatusCode.NotFound, outside.StatusCode);
    }
}
