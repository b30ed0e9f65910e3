using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.StaticFiles;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.FileProviders;
using Microsoft.Extensions.Options;

namespace RefundWidgets.AspNetCore;

/// <summary>Registers the kit: <c>builder.Services.AddRefundWidgets(o => o.DistPath = "…");</c>.</summary>
public static class RefundWidgetsServiceCollectionExtensions
{
    /// <summary>
    /// Adds the options, the manifest reader and, unless <see cref="RefundWidgetsOptions.ServeFiles"/> is
    /// false or the files come from a CDN, a static-file handler that serves dist/ at
    /// <see cref="RefundWidgetsOptions.BaseUrl"/> with the cache rules of the manifest (runs first in the pipeline).
    /// </summary>
    public static IServiceCollection AddRefundWidgets(this IServiceCollection services, Action<RefundWidgetsOptions>? configure = null)
    {
        var builder = services.AddOptions<RefundWidgetsOptions>();
        if (configure is not null) builder.Configure(configure);
        services.AddSingleton<RefundWidgetsManifestProvider>();
        services.AddTransient<IStartupFilter, RefundWidgetsStartupFilter>();
        return services;
    }
}

/// <summary>Puts the dist/ static-file handler at the start of the pipeline.</summary>
internal sealed class RefundWidgetsStartupFilter(IOptions<RefundWidgetsOptions> options, RefundWidgetsManifestProvider manifests) : IStartupFilter
{
    public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
    {
        var settings = options.Value;
        if (settings.ServeFiles && !settings.IsCdn) app.UseRefundWidgetsFiles(settings, manifests.DistDirectory);
        next(app);
    };
}

/// <summary>Serving dist/ (docs/decisions.md "Serving dist/").</summary>
public static class RefundWidgetsFiles
{
    /// <summary>Cache-Control for content-hashed files.</summary>
    public const string Immutable = "public, max-age=31536000, immutable";

    /// <summary>Cache-Control for files whose names carry no hash: the browser revalidates with the ETag.</summary>
    public const string Revalidate = "no-cache";

    private static readonly System.Text.RegularExpressions.Regex Unhashed =
        new(@"(^|/)(host-shim\.js|remoteEntry\.js|manifest\.json|refund-widgets\.d\.ts)$", System.Text.RegularExpressions.RegexOptions.CultureInvariant);
    private static readonly System.Text.RegularExpressions.Regex Hashed =
        new(@"\.[0-9a-f]{8,}\.[a-z0-9]+$", System.Text.RegularExpressions.RegexOptions.IgnoreCase | System.Text.RegularExpressions.RegexOptions.CultureInvariant);

    /// <summary>
    /// The Cache-Control of a file of dist/ by its path relative to dist/: content-hashed names are
    /// immutable for a year; host-shim.js, remoteEntry.js, the manifest and anything else revalidate.
    /// </summary>
    public static string CacheControlFor(string relativePath)
    {
        var path = relativePath.Replace('\\', '/').TrimStart('/');
        return !Unhashed.IsMatch(path) && Hashed.IsMatch(path) ? Immutable : Revalidate;
    }

    /// <summary>
    /// Serves <paramref name="distDirectory"/> at <see cref="RefundWidgetsOptions.BaseUrl"/> with ETag,
    /// Last-Modified and <see cref="CacheControlFor"/>; unknown paths there answer 404.
    /// </summary>
    public static IApplicationBuilder UseRefundWidgetsFiles(this IApplicationBuilder app, RefundWidgetsOptions options, string distDirectory)
    {
        Directory.CreateDirectory(distDirectory);
        var requestPath = new PathString(options.BaseUrl.TrimEnd('/'));
        var types = new FileExtensionContentTypeProvider();
        types.Mappings[".ts"] = "text/plain; charset=utf-8";
        app.UseStaticFiles(new StaticFileOptions
        {
            FileProvider = new PhysicalFileProvider(distDirectory),
            RequestPath = requestPath,
            ContentTypeProvider = types,
            OnPrepareResponse = context =>
            {
                var relative = context.Context.Request.Path.Value![requestPath.Value!.Length..];
                context.Context.Response.Headers.CacheControl = CacheControlFor(relative);
            },
        });
        app.Map(requestPath, missing => missing.Run(context =>
        {
            context.Response.StatusCode = StatusCodes.Status404NotFound;
            context.Response.Headers.CacheControl = "no-store";
            context.Response.ContentType = "text/plain; charset=utf-8";
            return context.Response.WriteAsync("Not found");
        }));
        return app;
    }
}

/// <summary>The strict Content-Security-Policy of the host contract.</summary>
public static class RefundWidgetsCsp
{
    /// <summary>
    /// <c>default-src 'self'; script-src 'self'; … frame-ancestors 'none'</c>, with the CDN origin of
    /// <see cref="RefundWidgetsOptions.BaseUrl"/> added to script-src, style-src, img-src and connect-src
    /// when the files come from a CDN.
    /// </summary>
    public static string For(RefundWidgetsOptions options)
    {
        var cdn = options.IsCdn ? " " + new Uri(options.BaseUrl).GetLeftPart(UriPartial.Authority) : "";
        return $"default-src 'self'; script-src 'self'{cdn}; style-src 'self'{cdn}; img-src 'self' data: blob:{cdn}; " +
               $"connect-src 'self'{cdn}; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
    }
}
