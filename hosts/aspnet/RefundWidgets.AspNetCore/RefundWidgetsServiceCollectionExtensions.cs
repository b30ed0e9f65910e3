using Microsoft.Extensions.DependencyInjection;

namespace RefundWidgets.AspNetCore;

/// <summary>Registers the kit: <c>builder.Services.AddRefundWidgets();</c> (docs/aspnet.md "Embedding the widgets in ASP.NET Core").</summary>
public static class RefundWidgetsServiceCollectionExtensions
{
    /// <summary>
    /// Adds the options and the manifest reader the tag helpers use. The files themselves are the
    /// package's static web assets: the site serves them with <c>app.MapStaticAssets()</c>.
    /// </summary>
    /// <param name="services">the site's services</param>
    /// <param name="configure">sets <see cref="RefundWidgetsOptions"/> (optional)</param>
    /// <returns><paramref name="services"/></returns>
    public static IServiceCollection AddRefundWidgets(this IServiceCollection services, Action<RefundWidgetsOptions>? configure = null)
    {
        var builder = services.AddOptions<RefundWidgetsOptions>();
        if (configure is not null) builder.Configure(configure);
        services.AddSingleton<RefundWidgetsManifestProvider>();
        return services;
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
