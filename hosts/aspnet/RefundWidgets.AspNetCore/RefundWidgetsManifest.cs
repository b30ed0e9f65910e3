using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace RefundWidgets.AspNetCore;

/// <summary><c>dist/manifest.json</c>, written by <c>npm run build</c>.</summary>
public sealed class RefundWidgetsManifest
{
    /// <summary>The version of the build (package.json's).</summary>
    [JsonPropertyName("version")] public string Version { get; init; } = "";

    /// <summary>The shim's file name, <c>host-shim.js</c>.</summary>
    [JsonPropertyName("shim")] public string Shim { get; init; } = "host-shim.js";

    /// <summary>The widgets of the build.</summary>
    [JsonPropertyName("widgets")] public IReadOnlyList<ManifestWidget> Widgets { get; init; } = [];

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
/// Reads <c>manifest.json</c> from <see cref="RefundWidgetsOptions.DistPath"/> and reads it again when the
/// file changes (a deploy publishes new files), so pages always name the integrity of the shim being served.
/// </summary>
public sealed class RefundWidgetsManifestProvider(IOptions<RefundWidgetsOptions> options, IHostEnvironment environment)
{
    private readonly object gate = new();
    private (DateTime Stamp, long Length, RefundWidgetsManifest Manifest)? cached;

    /// <summary>The absolute path of the dist folder.</summary>
    public string DistDirectory { get; } = Path.GetFullPath(options.Value.DistPath, environment.ContentRootPath);

    /// <summary>
    /// The current manifest.
    /// </summary>
    /// <exception cref="InvalidOperationException">manifest.json is missing or unreadable (run <c>npm run build</c>).</exception>
    public RefundWidgetsManifest Current
    {
        get
        {
            var file = new FileInfo(Path.Combine(DistDirectory, "manifest.json"));
            if (!file.Exists)
            {
                throw new InvalidOperationException($"refund-widgets: {file.FullName} is missing; run `npm run build` and set RefundWidgets:DistPath.");
            }
            lock (gate)
            {
                if (cached is { } hit && hit.Stamp == file.LastWriteTimeUtc && hit.Length == file.Length) return hit.Manifest;
                var manifest = JsonSerializer.Deserialize<RefundWidgetsManifest>(File.ReadAllBytes(file.FullName))
                    ?? throw new InvalidOperationException($"refund-widgets: {file.FullName} is empty.");
                cached = (file.LastWriteTimeUtc, file.Length, manifest);
                return manifest;
            }
        }
    }
}
