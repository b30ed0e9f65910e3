using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Threading.RateLimiting;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.RateLimiting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace RefundWidgets.AspNetCore;

/// <summary>The bounds of the reports the widgets send without a token (docs/aspnet.md "Reports: rate and size").</summary>
public sealed class RefundWidgetsReportLimitOptions
{
    /// <summary>Reports a client may send a minute to each of <c>/report/error</c> and <c>/report/vitals</c> (30), also its burst.</summary>
    public int PermitsPerMinute { get; set; } = 30;

    /// <summary>The largest body of <c>POST /report/vitals</c>, bytes (8 KiB).</summary>
    public long MaxVitalsBytes { get; set; } = 8 * 1024;

    /// <summary>The largest body of any other request under <c>/report</c>, bytes (64 KiB).</summary>
    public long MaxErrorBytes { get; set; } = 64 * 1024;
}

/// <summary>
/// Bounds every request under <c>/report</c> before the site forwards it (docs/aspnet.md "Reports: rate
/// and size"): ASP.NET Core's rate limiter, per client (IPv4 address, or IPv6 /64) and path, a token
/// bucket of <see cref="RefundWidgetsReportLimitOptions.PermitsPerMinute"/>, answering 429 with
/// <c>Retry-After</c>; then a body size limit, 413 over it, the body then held in memory.
/// </summary>
public static class RefundWidgetsReportLimits
{
    /// <summary>The prefix of the report routes.</summary>
    public static readonly PathString Prefix = "/report";

    private static readonly PathString Vitals = "/report/vitals";

    /// <summary>Registers the options and ASP.NET Core's rate limiting services.</summary>
    /// <param name="services">the site's services</param>
    /// <param name="configure">sets <see cref="RefundWidgetsReportLimitOptions"/> (optional)</param>
    /// <returns><paramref name="services"/></returns>
    public static IServiceCollection AddRefundWidgetsReportLimits(this IServiceCollection services, Action<RefundWidgetsReportLimitOptions>? configure = null)
    {
        var builder = services.AddOptions<RefundWidgetsReportLimitOptions>();
        if (configure is not null) builder.Configure(configure);
        if (services.Any(service => service.ServiceType == typeof(RateLimiterMarker))) return services;
        services.AddSingleton<RateLimiterMarker>();
        services.AddRateLimiter(_ => { });
        return services;
    }

    /// <summary>Applies the limits to requests under <c>/report</c>; put it before the proxy.</summary>
    /// <param name="app">the site's pipeline</param>
    /// <returns><paramref name="app"/></returns>
    public static IApplicationBuilder UseRefundWidgetsReportLimits(this IApplicationBuilder app)
    {
        var limits = app.ApplicationServices.GetRequiredService<IOptions<RefundWidgetsReportLimitOptions>>().Value;
        var permits = Math.Max(1, limits.PermitsPerMinute);
        var limiter = new RateLimiterOptions
        {
            RejectionStatusCode = StatusCodes.Status429TooManyRequests,
            GlobalLimiter = PartitionedRateLimiter.Create<HttpContext, string>(context => RateLimitPartition.GetTokenBucketLimiter(
                RefundWidgetsClient.PartitionOf(context) + " " + context.Request.Path.Value?.ToLowerInvariant(),
                _ => new TokenBucketRateLimiterOptions
                {
                    TokenLimit = permits,
                    TokensPerPeriod = 1,
                    ReplenishmentPeriod = TimeSpan.FromMinutes(1) / permits,
                    QueueLimit = 0,
                    AutoReplenishment = true,
                })),
            OnRejected = (rejected, cancel) =>
            {
                var seconds = rejected.Lease.TryGetMetadata(MetadataName.RetryAfter, out var wait) ? Math.Ceiling(wait.TotalSeconds) : 60;
                var response = rejected.HttpContext.Response;
                response.Headers.RetryAfter = Math.Max(1, seconds).ToString(CultureInfo.InvariantCulture);
                return new ValueTask(PlainAsync(rejected.HttpContext, StatusCodes.Status429TooManyRequests, "Too many reports. Try again later."));
            },
        };
        return app.UseWhen(
            context => context.Request.Path.StartsWithSegments(Prefix, StringComparison.OrdinalIgnoreCase),
            branch => branch.UseRateLimiter(limiter).Use(next => context => LimitBodyAsync(context, next, limits)));
    }

    /// <summary>Refuses (413) a body over its route's limit, stated or streamed; else hands it on read into memory.</summary>
    private static async Task LimitBodyAsync(HttpContext context, RequestDelegate next, RefundWidgetsReportLimitOptions limits)
    {
        var request = context.Request;
        var max = request.Path.Equals(Vitals, StringComparison.OrdinalIgnoreCase) ? limits.MaxVitalsBytes : limits.MaxErrorBytes;
        if (request.ContentLength > max)
        {
            await PlainAsync(context, StatusCodes.Status413PayloadTooLarge, "This report is too large.");
            return;
        }
        if (context.Features.Get<IHttpMaxRequestBodySizeFeature>() is { IsReadOnly: false } size) size.MaxRequestBodySize = max;
        var body = new MemoryStream();
        var chunk = new byte[8192];
        try
        {
            int read;
            while ((read = await request.Body.ReadAsync(chunk, context.RequestAborted)) > 0)
            {
                if (body.Length + read > max)
                {
                    await PlainAsync(context, StatusCodes.Status413PayloadTooLarge, "This report is too large.");
                    return;
                }
                body.Write(chunk, 0, read);
            }
        }
        catch (BadHttpRequestException error) when (error.StatusCode == StatusCodes.Status413PayloadTooLarge)
        {
            await PlainAsync(context, StatusCodes.Status413PayloadTooLarge, "This report is too large.");
            return;
        }
        body.Position = 0;
        request.Body = body;
        request.ContentLength = body.Length;
        context.Response.RegisterForDispose(body);
        await next(context);
    }

    private static Task PlainAsync(HttpContext context, int status, string message)
    {
        context.Response.StatusCode = status;
        context.Response.ContentType = "text/plain; charset=utf-8";
        context.Response.Headers.CacheControl = "no-store";
        return context.Response.WriteAsync(message);
    }
}

/// <summary>Marks the report limits' services as registered.</summary>
internal sealed class RateLimiterMarker;

/// <summary>Who a request comes from, for the per-client limits.</summary>
internal static class RefundWidgetsClient
{
    /// <summary>The partition of a client: its IPv4 address, or the /64 of its IPv6 address (one host's share); "unknown" without one.</summary>
    public static string PartitionOf(HttpContext context)
    {
        var address = context.Connection.RemoteIpAddress;
        if (address is null) return "unknown";
        if (address.IsIPv4MappedToIPv6) address = address.MapToIPv4();
        if (address.AddressFamily != AddressFamily.InterNetworkV6) return address.ToString();
        var bytes = address.GetAddressBytes();
        Array.Clear(bytes, 8, 8);
        return new IPAddress(bytes) + "/64";
    }
}
