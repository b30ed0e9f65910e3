using Microsoft.AspNetCore.Antiforgery;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace RefundWidgets.AspNetCore;

/// <summary>Registers the kit: <c>builder.Services.AddRefundWidgets();</c> (docs/aspnet.md "Embedding the widgets in ASP.NET Core").</summary>
public static class RefundWidgetsServiceCollectionExtensions
{
    /// <summary>
    /// Adds the options, the manifest reader the tag helpers use, the backend sessions with antiforgery
    /// bound to them (<see cref="AddRefundWidgetsSessions"/>), the report limits and the API forwarding
    /// (<see cref="RefundWidgetsApi"/>, YARP's forwarder). The files themselves are the package's static
    /// web assets: the site serves them with <c>app.MapStaticAssets()</c>.
    /// </summary>
    /// <param name="services">the site's services</param>
    /// <param name="configure">sets <see cref="RefundWidgetsOptions"/> (optional)</param>
    /// <returns><paramref name="services"/></returns>
    public static IServiceCollection AddRefundWidgets(this IServiceCollection services, Action<RefundWidgetsOptions>? configure = null)
    {
        var builder = services.AddOptions<RefundWidgetsOptions>();
        if (configure is not null) builder.Configure(configure);
        services.TryAddSingleton<RefundWidgetsManifestProvider>();
        services.AddRefundWidgetsSessions();
        services.AddRefundWidgetsReportLimits();
        services.AddHttpForwarder();
        services.AddHttpClient(RefundWidgetsApi.HttpClientName)
            .ConfigurePrimaryHttpMessageHandler(() => new SocketsHttpHandler
            {
                UseProxy = false,
                UseCookies = false,
                AllowAutoRedirect = false,
                AutomaticDecompression = System.Net.DecompressionMethods.None,
            });
        services.TryAddTransient<RefundWidgetsApi>();
        return services;
    }

    /// <summary>
    /// Adds the backend sessions (<see cref="RefundWidgetsSessions"/>) and ASP.NET Core antiforgery bound
    /// to them (docs/aspnet.md "Antiforgery and the booking session (the ASP.NET side)"): the token is read from the header
    /// <c>RequestVerificationToken</c>, carries the session's binding, and its cookie is <c>__Host-</c>
    /// prefixed and Secure over HTTPS. Sessions are remembered in <see cref="Microsoft.Extensions.Caching.Distributed.IDistributedCache"/>
    /// (in memory unless the site registers a shared one, as a site on several servers must).
    /// </summary>
    /// <param name="services">the site's services</param>
    /// <param name="configure">sets <see cref="RefundWidgetsSessionOptions"/> (optional)</param>
    /// <returns><paramref name="services"/></returns>
    public static IServiceCollection AddRefundWidgetsSessions(this IServiceCollection services, Action<RefundWidgetsSessionOptions>? configure = null)
    {
        var builder = services.AddOptions<RefundWidgetsSessionOptions>();
        if (configure is not null) builder.Configure(configure);
        // Once: a second antiforgery cookie set-up would prefix the name twice.
        if (services.Any(service => service.ServiceType == typeof(RefundWidgetsSessions))) return services;
        services.TryAddSingleton(TimeProvider.System);
        services.AddDistributedMemoryCache();
        services.AddHttpContextAccessor();
        services.TryAddSingleton<RefundWidgetsSessions>();
        services.AddAntiforgery(options => options.HeaderName = "RequestVerificationToken");
        services.AddOptions<AntiforgeryOptions>().PostConfigure<IHttpContextAccessor>((options, accessor) =>
            options.Cookie = new HostPrefixedCookieBuilder(accessor)
            {
                Name = options.Cookie.Name,
                HttpOnly = true,
                SameSite = SameSiteMode.Strict,
                SecurePolicy = CookieSecurePolicy.SameAsRequest,
                Path = "/",
                IsEssential = true,
            });
        services.Replace(ServiceDescriptor.Singleton<IAntiforgeryAdditionalDataProvider, SessionBoundAntiforgeryData>());
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
