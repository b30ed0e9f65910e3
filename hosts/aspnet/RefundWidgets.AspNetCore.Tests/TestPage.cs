using System.Text.Encodings.Web;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Abstractions;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.AspNetCore.Mvc.Rendering;
using Microsoft.AspNetCore.Mvc.ViewEngines;
using Microsoft.AspNetCore.Mvc.ViewFeatures;
using Microsoft.AspNetCore.Razor.TagHelpers;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.FileProviders;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Options;

namespace RefundWidgets.AspNetCore.Tests;

/// <summary>
/// One page being rendered: a dist folder with a manifest, one request, and the tag helpers run
/// against it, their HTML collected in order.
/// </summary>
internal sealed class TestPage : IDisposable
{
    public const string ShimIntegrity = "sha384-AAAAshimAAAA";

    /// <summary>The host stylesheet's name in dist/.</summary>
    public const string StylesheetFile = "refund-widgets.css";

    /// <summary>The site's web root; the package's files are under <c>_content/RefundWidgets.AspNetCore/</c>.</summary>
    public string WebRoot { get; } = Directory.CreateTempSubdirectory("rw-kit-").FullName;

    /// <summary>The package's static web assets, as the site sees them.</summary>
    public string DistDirectory => Path.Combine(WebRoot, "_content", "RefundWidgets.AspNetCore");
    public RefundWidgetsOptions Options { get; } = new();
    public RefundWidgetsManifestProvider Manifests { get; }
    private readonly ViewContext viewContext;

    public TestPage(string shimIntegrity = ShimIntegrity)
    {
        Directory.CreateDirectory(DistDirectory);
        WriteManifest(shimIntegrity);
        Manifests = NewManifestProvider();
        var http = new DefaultHttpContext();
        viewContext = new ViewContext(new ActionContext(http, new RouteData(), new ActionDescriptor()), NullView.Instance,
            new ViewDataDictionary(new EmptyModelMetadataProvider(), new ModelStateDictionary()), NullTempData.Instance,
            TextWriter.Null, new HtmlHelperOptions());
    }

    /// <summary>A manifest reader over this page's web root and <see cref="Options"/>.</summary>
    public RefundWidgetsManifestProvider NewManifestProvider() =>
        new(Microsoft.Extensions.Options.Options.Create(Options), new Environment(WebRoot));

    /// <summary>The integrity the test manifest gives a file: <c>sha384-</c> and the file's name in base64.</summary>
    public static string IntegrityOf(string file) => $"sha384-{Convert.ToBase64String(System.Text.Encoding.UTF8.GetBytes(file))}";

    /// <summary>
    /// Writes a manifest of two widgets with their first panels: refund (with its first GETs) and
    /// journeySummary, both providing react, refund the greater name.
    /// </summary>
    /// <param name="stylesheet">whether the build has the host stylesheet <c>refund-widgets.css</c> (builds from before it do not)</param>
    /// <param name="hostReact">whether the shim provides react itself, from <c>host-shim/558.abab8888.js</c></param>
    public void WriteManifest(string shimIntegrity, string version = "1.0.0", bool stylesheet = false, bool hostReact = false)
    {
        string[] chunks =
        [
            "refund/remoteEntry.js", "refund/908.aaaa1111.css", "refund/908.bbbb2222.js", "refund/558.cccc3333.js",
            "journeySummary/remoteEntry.js", "journeySummary/412.dddd4444.js", "journeySummary/558.eeee5555.js",
            "host-shim/769.ffff6666.css", "host-shim/loader.ffff7777.js", "host-shim/558.abab8888.js",
        ];
        var files = chunks.ToDictionary(file => file, file => (object)new { integrity = IntegrityOf(file), size = 10, cacheControl = "public, max-age=31536000, immutable" });
        files["host-shim.js"] = new { integrity = shimIntegrity, size = 10, cacheControl = "no-cache" };
        if (stylesheet) files[StylesheetFile] = new { integrity = IntegrityOf(StylesheetFile), size = 10, cacheControl = "no-cache" };
        var manifest = new
        {
            version,
            shim = "host-shim.js",
            stylesheet = stylesheet ? StylesheetFile : null,
            widgets = new object[]
            {
                new
                {
                    name = "refund", mountId = "refund-widget", requiredAttributes = new[] { "data-refund-status-url" }, optionalAttributes = Array.Empty<string>(),
                    prefetch = new
                    {
                        urls = new[] { "data-refund-status-url", "data-dry-run-url" },
                        unless = new Dictionary<string, string> { ["data-dry-run-url"] = "data-view" },
                    },
                },
                new { name = "journeySummary", mountId = "journey-summary-widget", requiredAttributes = Array.Empty<string>(), optionalAttributes = Array.Empty<string>() },
                new { name = "lookup", mountId = "lookup-widget", requiredAttributes = Array.Empty<string>(), optionalAttributes = Array.Empty<string>() },
            },
            firstPanel = new
            {
                hostProvides = hostReact ? new[] { "@rw/page-runtime", "react" } : new[] { "@rw/page-runtime" },
                hostFiles = new Dictionary<string, string[]> { ["react"] = ["host-shim/558.abab8888.js"] },
                remotes = new Dictionary<string, object>
                {
                    ["journeySummary"] = new
                    {
                        files = new[] { "journeySummary/remoteEntry.js", "journeySummary/412.dddd4444.js" },
                        consumes = new[] { "@rw/page-runtime", "react" },
                        provides = new Dictionary<string, string[]> { ["react"] = ["journeySummary/558.eeee5555.js"] },
                    },
                    ["refund"] = new
                    {
                        files = new[] { "refund/remoteEntry.js", "refund/908.aaaa1111.css", "refund/908.bbbb2222.js" },
                        consumes = new[] { "@rw/page-runtime", "react" },
                        provides = new Dictionary<string, string[]> { ["react"] = ["refund/558.cccc3333.js"] },
                    },
                },
                shim = new[] { "host-shim/769.ffff6666.css", "host-shim/loader.ffff7777.js" },
            },
            files,
        };
        File.WriteAllText(Path.Combine(DistDirectory, "manifest.json"), JsonSerializer.Serialize(manifest));
    }

    public IOptions<RefundWidgetsOptions> OptionsAccessor => Microsoft.Extensions.Options.Options.Create(Options);

    /// <summary>Runs a tag helper as Razor would and returns the HTML it wrote.</summary>
    public string Render(TagHelper helper, string tagName)
    {
        switch (helper)
        {
            case WidgetTagHelperBase widget: widget.ViewContext = viewContext; break;
            case RefundWidgetsScriptTagHelper script: script.ViewContext = viewContext; break;
            case RefundWidgetsHeadTagHelper head: head.ViewContext = viewContext; break;
        }
        var context = new TagHelperContext(tagName, new TagHelperAttributeList(), new Dictionary<object, object>(), Guid.NewGuid().ToString("N"));
        var output = new TagHelperOutput(tagName, new TagHelperAttributeList(), (_, _) => Task.FromResult<TagHelperContent>(new DefaultTagHelperContent()))
        {
            TagMode = TagMode.SelfClosing,
        };
        helper.Process(context, output);
        using var writer = new StringWriter();
        output.WriteTo(writer, HtmlEncoder.Default);
        return writer.ToString();
    }

    public RefundWidgetTagHelper Refund() => new(Manifests, OptionsAccessor);
    public ManualClaimWidgetTagHelper ManualClaim() => new(Manifests, OptionsAccessor);
    public DisruptionWidgetTagHelper Disruption() => new(Manifests, OptionsAccessor);
    public LookupWidgetTagHelper Lookup() => new(Manifests, OptionsAccessor);
    public JourneySummaryWidgetTagHelper JourneySummary() => new(Manifests, OptionsAccessor);
    public RefundWidgetsScriptTagHelper Script() => new(Manifests, OptionsAccessor);
    public RefundWidgetsHeadTagHelper Head() => new(Manifests, OptionsAccessor);

    public void Dispose() => Directory.Delete(WebRoot, recursive: true);

    private sealed class Environment(string root) : IWebHostEnvironment
    {
        public string EnvironmentName { get; set; } = "Test";
        public string ApplicationName { get; set; } = "Tests";
        public string ContentRootPath { get; set; } = root;
        public IFileProvider ContentRootFileProvider { get; set; } = new NullFileProvider();
        public string WebRootPath { get; set; } = root;
        public IFileProvider WebRootFileProvider { get; set; } = new PhysicalFileProvider(root);
    }

    private sealed class NullView : IView
    {
        public static readonly NullView Instance = new();
        public string Path => "";
        public Task RenderAsync(ViewContext context) => Task.CompletedTask;
    }

    private sealed class NullTempData : Dictionary<string, object?>, ITempDataDictionary
    {
        public static readonly NullTempData Instance = new();
        public void Keep() { }
        public void Keep(string key) { }
        public void Load() { }
        public object? Peek(string key) => null;
        public void Save() { }
    }
}
