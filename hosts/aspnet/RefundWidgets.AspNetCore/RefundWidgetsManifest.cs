using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.FileProviders;
using Microsoft.Extensions.Options;

namespace RefundWidgets.AspNetCore;

/// <summary><c>dist/manifest.json</c>, written by <c>npm run build</c>.</summary>
public sealed class RefundWidgetsManifest
{
    /// <summary>The version of the build (package.json's).</summary>
    [JsonPropertyName("version")] public string Version { get; init; } = "";

    /// <summary>The shim's file name, <c>host-shim.js</c>.</summary>
    [JsonPropertyName("shim")] public string Shim { get; init; } = "host-shim.js";

    /// <summary>
    /// The host stylesheet, <c>refund-widgets.css</c>, that reserves the mount points' space until each
    /// widget's first panel (docs/host-contract.md "Reserved space"); null in a manifest from before it.
    /// </summary>
    [JsonPropertyName("stylesheet")] public string? Stylesheet { get; init; }

    /// <summary>The widgets of the build.</summary>
    [JsonPropertyName("widgets")] public IReadOnlyList<ManifestWidget> Widgets { get; init; } = [];

    /// <summary>
    /// What each widget's first panel loads (the table the shim bakes in, build/first-panel-plugin.js);
    /// null in a manifest from before the preload hints.
    /// </summary>
    [JsonPropertyName("firstPanel")] public ManifestFirstPanel? FirstPanel { get; init; }

    /// <summary>Every file of dist/ (path relative to dist/, <c>/</c> separators).</summary>
    [JsonPropertyName("files")] public IReadOnlyDictionary<string, ManifestFile> Files { get; init; } = new Dictionary<string, ManifestFile>();

    /// <summary>The <c>sha384-…</c> integrity of a file, or null when the manifest does not list it.</summary>
    public string? IntegrityOf(string file) => Files.TryGetValue(file, out var entry) ? entry.Integrity : null;
}

/// <summary>A widget as the manifest describes it.</summary>
public sealed class ManifestWidget
{
    /// <summary>Remote name, e.g. <c>refund</c>.</summary>
    [JsonPropertyName("name")] public string Name { get; init; } = "";
    /// <summary>Id of its mount element, e.g. <c>refund-widget</c>.</summary>
    [JsonPropertyName("mountId")] public string MountId { get; init; } = "";
    /// <summary>Mount attributes it needs.</summary>
    [JsonPropertyName("requiredAttributes")] public IReadOnlyList<string> RequiredAttributes { get; init; } = [];
    /// <summary>Mount attributes it reads when present.</summary>
    [JsonPropertyName("optionalAttributes")] public IReadOnlyList<string> OptionalAttributes { get; init; } = [];
    /// <summary>The GETs its first panel makes, or null when it makes none.</summary>
    [JsonPropertyName("prefetch")] public ManifestPrefetch? Prefetch { get; init; }
}

/// <summary>Which mount attributes hold the URLs of a widget's first GETs (host-shim/widgets.json <c>prefetch</c>).</summary>
public sealed class ManifestPrefetch
{
    /// <summary>Attributes whose values are GET URLs, e.g. <c>data-refund-status-url</c>.</summary>
    [JsonPropertyName("urls")] public IReadOnlyList<string> Urls { get; init; } = [];
    /// <summary>
    /// By URL attribute, a mount attribute whose presence skips that GET (the refund dry run's <c>data-view</c>).
    /// </summary>
    [JsonPropertyName("unless")] public IReadOnlyDictionary<string, string> Unless { get; init; } = new Dictionary<string, string>();
}

/// <summary>The build's first-panel table (docs/performance.md "First panel").</summary>
public sealed class ManifestFirstPanel
{
    /// <summary>Share keys the shim provides itself (never preloaded from a remote).</summary>
    [JsonPropertyName("hostProvides")] public IReadOnlyList<string> HostProvides { get; init; } = [];
    /// <summary>Each remote's first panel, by remote name.</summary>
    [JsonPropertyName("remotes")] public IReadOnlyDictionary<string, ManifestRemoteFirstPanel> Remotes { get; init; } = new Dictionary<string, ManifestRemoteFirstPanel>();
    /// <summary>
    /// The files of the shim's loader chunk, which the shim imports first on every page with a widget:
    /// hinted with the HTML, they do not wait for the shim (docs/performance.md "Pages with preload hints").
    /// Empty in a manifest from before them.
    /// </summary>
    [JsonPropertyName("shim")] public IReadOnlyList<string> Shim { get; init; } = [];
    /// <summary>For each share key the shim provides, the files of its own provider (relative to dist/).</summary>
    [JsonPropertyName("hostFiles")] public IReadOnlyDictionary<string, IReadOnlyList<string>> HostFiles { get; init; } = new Dictionary<string, IReadOnlyList<string>>();

    /// <summary>
    /// The files (relative to dist/, no duplicates) the first panels of the remotes <paramref name="names"/>
    /// load: when any of them is in the table, first the files of the shim's loader chunk (<see cref="Shim"/>),
    /// which the shim imports first; then, as the shim's <c>firstPanelFiles</c> (host-shim/firstPanel.ts)
    /// picks them, each remote's own files, then for each share it consumes, the shim's files for it when
    /// the shim provides it (<see cref="HostFiles"/>), else the files of one provider, the one with the
    /// greatest name among the remotes on the page (the federation runtime keeps that one).
    /// </summary>
    public IReadOnlyList<string> FilesFor(IEnumerable<string> names)
    {
        var files = new List<string>();
        void Add(IEnumerable<string> more)
        {
            foreach (var file in more) if (!files.Contains(file)) files.Add(file);
        }
        var present = names.Where(Remotes.ContainsKey).Distinct().OrderBy(name => name, StringComparer.Ordinal).ToList();
        if (present.Count > 0) Add(Shim);
        var shares = new List<string>();
        foreach (var name in present)
        {
            Add(Remotes[name].Files);
            foreach (var key in Remotes[name].Consumes) if (!shares.Contains(key)) shares.Add(key);
        }
        foreach (var key in shares)
        {
            if (HostProvides.Contains(key))
            {
                if (HostFiles.TryGetValue(key, out var own)) Add(own);
                continue;
            }
            var provider = present.LastOrDefault(name => Remotes[name].Provides.ContainsKey(key));
            if (provider is not null) Add(Remotes[provider].Provides[key]);
        }
        return files;
    }
}

/// <summary>One remote's first panel: its files, the shares they consume, and the files of each share it provides.</summary>
public sealed class ManifestRemoteFirstPanel
{
    /// <summary>The remote entry and the chunks (JS and CSS) of its exposed module.</summary>
    [JsonPropertyName("files")] public IReadOnlyList<string> Files { get; init; } = [];
    /// <summary>The share keys those chunks consume.</summary>
    [JsonPropertyName("consumes")] public IReadOnlyList<string> Consumes { get; init; } = [];
    /// <summary>For each share key it provides, the chunk files of its provider.</summary>
    [JsonPropertyName("provides")] public IReadOnlyDictionary<string, IReadOnlyList<string>> Provides { get; init; } = new Dictionary<string, IReadOnlyList<string>>();
}

/// <summary>A file of dist/.</summary>
public sealed class ManifestFile
{
    /// <summary>Subresource Integrity value, <c>sha384-&lt;base64&gt;</c>.</summary>
    [JsonPropertyName("integrity")] public string Integrity { get; init; } = "";
    /// <summary>Size in bytes.</summary>
    [JsonPropertyName("size")] public long Size { get; init; }
    /// <summary>The Cache-Control the file is served with: <c>no-cache</c> or <c>public, max-age=31536000, immutable</c>.</summary>
    [JsonPropertyName("cacheControl")] public string CacheControl { get; init; } = "no-cache";
}

/// <summary>
/// Reads the widgets' <c>manifest.json</c>: by default the package's own, from the site's static web assets
/// (<c>_content/RefundWidgets.AspNetCore/manifest.json</c>), or <see cref="RefundWidgetsOptions.ManifestFile"/>;
/// reads it again when the file changes, so pages always name the integrity of the shim being served
/// (docs/aspnet.md "The shim's integrity").
/// </summary>
public sealed class RefundWidgetsManifestProvider
{
    /// <summary>Where the package's manifest is among the site's static web assets.</summary>
    public const string StaticAssetPath = "_content/RefundWidgets.AspNetCore/manifest.json";

    private readonly object gate = new();
    private readonly IFileProvider files;
    private readonly string subpath;
    private (DateTimeOffset Stamp, long Length, RefundWidgetsManifest Manifest)? cached;

    /// <summary>Reads the manifest named by <paramref name="options"/> from <paramref name="environment"/>'s files.</summary>
    public RefundWidgetsManifestProvider(IOptions<RefundWidgetsOptions> options, IWebHostEnvironment environment)
    {
        var file = options.Value.ManifestFile;
        if (string.IsNullOrWhiteSpace(file))
        {
            files = environment.WebRootFileProvider;
            subpath = StaticAssetPath;
            Location = StaticAssetPath;
        }
        else
        {
            var full = Path.GetFullPath(file, environment.ContentRootPath);
            files = new PhysicalFileProvider(Path.GetDirectoryName(full)!);
            subpath = Path.GetFileName(full);
            Location = full;
        }
    }

    /// <summary>The manifest's name in error messages: its path among the static web assets, or on disk.</summary>
    public string Location { get; }

    /// <summary>
    /// The current manifest.
    /// </summary>
    /// <exception cref="InvalidOperationException">the manifest is missing, unreadable or not a manifest; the message names the file.</exception>
    public RefundWidgetsManifest Current
    {
        get
        {
            var file = files.GetFileInfo(subpath);
            var name = file.PhysicalPath ?? Location;
            if (!file.Exists || file.IsDirectory)
            {
                throw new InvalidOperationException($"refund-widgets: cannot read {name}: the file is missing. Install the RefundWidgets.AspNetCore package and call app.MapStaticAssets() (docs/aspnet.md).");
            }
            lock (gate)
            {
                if (cached is { } hit && hit.Stamp == file.LastModified && hit.Length == file.Length) return hit.Manifest;
                RefundWidgetsManifest? manifest;
                try
                {
                    using var stream = file.CreateReadStream();
                    manifest = JsonSerializer.Deserialize<RefundWidgetsManifest>(stream);
                }
                catch (Exception error) when (error is JsonException or IOException or UnauthorizedAccessException)
                {
                    throw new InvalidOperationException($"refund-widgets: cannot read {name}: {error.Message}", error);
                }
                if (manifest is null || manifest.Files.Count == 0)
                {
                    throw new InvalidOperationException($"refund-widgets: cannot read {name}: it lists no files.");
                }
                cached = (file.LastModified, file.Length, manifest);
                return manifest;
            }
        }
    }
}
