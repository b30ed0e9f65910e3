// The legacy site of the refund widgets as an ASP.NET Core MVC host (docs/aspnet.md): Razor views embed
// the widgets with the RefundWidgets.AspNetCore package, MapStaticAssets() serves its files (and the
// site's own), and MapRefundWidgets() forwards the widgets' API calls to the reference backend.
using ExampleRail.Backend;
using ExampleRail.Models;
using RefundWidgets.AspNetCore;

var builder = WebApplication.CreateBuilder(args);
// Static web assets from the build output in every environment, not only Development: the browser tests
// run the built site as Production. A published site has none to add, and serves its wwwroot.
builder.WebHost.UseStaticWebAssets();
builder.Services.Configure<SiteOptions>(builder.Configuration.GetSection("Site"));
builder.Services.Configure<BackendOptions>(builder.Configuration.GetSection("Backend"));

// Security headers on every answer, the widgets' files included: first in the pipeline.
builder.Services.AddTransient<IStartupFilter, SecurityHeadersStartupFilter>();
builder.Services.AddRefundWidgets(options =>
{
    builder.Configuration.GetSection("RefundWidgets").Bind(options);
    options.ApiBaseUrl = builder.Configuration["Backend:Url"] ?? "http://127.0.0.1:8080";
    options.ValidateAntiforgery = builder.Configuration.GetValue("Backend:ValidateAntiforgery", true);
});
builder.Services.AddControllersWithViews();
// The site's own page data (docs/aspnet.md "Antiforgery and the booking session (the ASP.NET side)").
builder.Services.AddHttpClient<ReferenceBackend>();

var app = builder.Build();
app.MapRefundWidgets();
app.UseStatusCodePagesWithReExecute("/Error/{0}");
app.UseRouting();
app.UseAntiforgery();
app.MapStaticAssets();
app.MapControllers().WithStaticAssets();
app.Run();

/// <summary>
/// First in the pipeline: the strict CSP of the host contract and the other security headers, then the
/// refusal (400, plain text) of a path with a backslash or a dot segment at any level of encoding
/// (<see cref="RefundWidgetsRequestPathGuard"/>, docs/aspnet.md "What the package does for you").
/// </summary>
internal sealed class SecurityHeadersStartupFilter(Microsoft.Extensions.Options.IOptions<RefundWidgetsOptions> widgets) : IStartupFilter
{
    public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
    {
        var policy = RefundWidgetsCsp.For(widgets.Value);
        app.Use((context, nextMiddleware) =>
        {
            var headers = context.Response.Headers;
            headers.ContentSecurityPolicy = policy;
            headers.XContentTypeOptions = "nosniff";
            headers.XFrameOptions = "DENY";
            headers["Referrer-Policy"] = "same-origin";
            if (!RefundWidgetsRequestPathGuard.IsUnsafe(context)) return nextMiddleware(context);
            context.Response.StatusCode = StatusCodes.Status400BadRequest;
            context.Response.ContentType = "text/plain; charset=utf-8";
            headers.CacheControl = "no-store";
            return context.Response.WriteAsync(RefundWidgetsRequestPathGuard.Refusal);
        });
        next(app);
    };
}

/// <summary>Lets tests start the site in memory.</summary>
public partial class Program;
