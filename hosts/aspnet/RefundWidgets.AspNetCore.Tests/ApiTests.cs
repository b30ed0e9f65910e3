using System.Net;
using System.Text;
using Microsoft.AspNetCore.Antiforgery;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace RefundWidgets.AspNetCore.Tests;

/// <summary>
/// The package's API side on a bare site (docs/aspnet.md "Your own site, start to finish", "What the
/// package does for you"): <c>AddRefundWidgets(o =&gt; o.ApiBaseUrl = …)</c> and <c>app.MapRefundWidgets()</c>
/// alone forward the allowlist to the API, refuse the rest, and open the booking session.
/// </summary>
public sealed class ApiTests
{
    private sealed class Api : HttpMessageHandler
    {
        public List<(string Method, string Uri, string Cookie)> Received { get; } = [];

        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancel)
        {
            if (request.Content is not null) await request.Content.ReadAsStringAsync(cancel);
            var cookie = request.Headers.TryGetValues("Cookie", out var values) ? string.Join("; ", values) : "";
            lock (Received) Received.Add((request.Method.Method, request.RequestUri!.AbsoluteUri, cookie));
            var json = request.RequestUri.AbsolutePath == "/base/api/Session" ? "{\"session\":\"sessionAAAAAAAAAAAAAAAAAAAA\"}" : "{\"ok\":true}";
            return new HttpResponseMessage(HttpStatusCode.OK) { Content = new StringContent(json, Encoding.UTF8, "application/json") };
        }
    }

    private static async Task<(WebApplication App, Api Api)> StartAsync()
    {
        var api = new Api();
        var builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Services.AddRefundWidgets(options => options.ApiBaseUrl = "http://api.test/base");
        builder.Services.AddHttpClient(RefundWidgetsApi.HttpClientName).ConfigurePrimaryHttpMessageHandler(() => api);
        var app = builder.Build();
        app.MapRefundWidgets();
        app.MapGet("/page", async (HttpContext context, RefundWidgetsApi widgets, IAntiforgery antiforgery) =>
            await widgets.OpenSessionAsync(context, "KXB7HT2N", "traveller@example.com")
                ? Results.Text(antiforgery.GetAndStoreTokens(context).RequestToken)
                : Results.Empty);
        await app.StartAsync();
        return (app, api);
    }

    [Fact]
    public async Task A_GET_of_the_allowlist_reaches_the_API_under_its_base_with_the_query_encoded_again()
    {
        var (app, api) = await StartAsync();
        await using var _ = app;
        var answer = await app.GetTestClient().GetAsync("/refund/status?bookingReference=KXB7HT2N&x=a%20b");

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        Assert.Equal("{\"ok\":true}", await answer.Content.ReadAsStringAsync());
        var (method, uri, _) = Assert.Single(api.Received);
        Assert.Equal("GET", method);
        Assert.Equal("http://api.test/base/Refund/Status?bookingReference=KXB7HT2N&x=a%20b", uri);
    }

    [Theory]
    [InlineData("GET", "/api/..%5Chost-data%5Cbookings", HttpStatusCode.BadRequest)]
    [InlineData("POST", "/api/Session", HttpStatusCode.NotFound)]
    [InlineData("GET", "/tickets/anything", HttpStatusCode.NotFound)]
    [InlineData("POST", "/api/ProcessRefund", HttpStatusCode.Forbidden)]
    [InlineData("POST", "/report/error", HttpStatusCode.UnsupportedMediaType)]
    public async Task Anything_else_is_refused_and_never_reaches_the_API(string method, string target, HttpStatusCode status)
    {
        var (app, api) = await StartAsync();
        await using var _ = app;
        using var request = new HttpRequestMessage(new HttpMethod(method), target);
        if (method == "POST") request.Content = new StringContent("a=1", Encoding.UTF8, "application/x-www-form-urlencoded");
        var answer = await app.GetTestClient().SendAsync(request);

        Assert.Equal(status, answer.StatusCode);
        Assert.Empty(api.Received);
    }

    [Fact]
    public async Task A_page_opens_the_session_and_its_token_lets_one_POST_through_with_the_session_upstream()
    {
        var (app, api) = await StartAsync();
        await using var _ = app;
        var client = app.GetTestClient();
        var page = await client.GetAsync("/page");
        var token = await page.Content.ReadAsStringAsync();
        var cookies = string.Join("; ", page.Headers.GetValues("Set-Cookie").Select(line => line.Split(';')[0]));
        Assert.Contains("rw_session=sessionAAAAAAAAAAAAAAAAAAAA", cookies);

        using var post = new HttpRequestMessage(HttpMethod.Post, "/api/ProcessRefund") { Content = new StringContent("{}", Encoding.UTF8, "application/json") };
        post.Headers.Add("Cookie", cookies);
        post.Headers.Add("RequestVerificationToken", token);
        var answer = await client.SendAsync(post);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        Assert.Equal(["http://api.test/base/api/Session", "http://api.test/base/api/ProcessRefund"], api.Received.Select(r => r.Uri));
        Assert.Contains("rw_session=sessionAAAAAAAAAAAAAAAAAAAA", api.Received[1].Cookie);
        Assert.Contains("rw_csrf=", api.Received[1].Cookie);
    }

    [Fact]
    public void MapRefundWidgets_without_ApiBaseUrl_says_what_to_set()
    {
        var builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Services.AddRefundWidgets();
        var app = builder.Build();

        var error = Assert.Throws<InvalidOperationException>(() => app.MapRefundWidgets());
        Assert.Contains("ApiBaseUrl", error.Message);
        Assert.Throws<InvalidOperationException>(() => RefundWidgetsOptions.CheckedApiBaseUrl("ftp://api.test/"));
        Assert.Equal("https://api.test/", RefundWidgetsOptions.CheckedApiBaseUrl("https://api.test"));
    }

    [Fact]
    public void Registering_twice_prefixes_the_antiforgery_cookie_once()
    {
        var services = new ServiceCollection();
        services.AddRefundWidgets();
        services.AddRefundWidgetsSessions();
        services.AddRefundWidgets();
        using var provider = services.BuildServiceProvider();
        var context = new DefaultHttpContext();
        context.Request.IsHttps = true;
        provider.GetRequiredService<IHttpContextAccessor>().HttpContext = context;

        var name = provider.GetRequiredService<IOptions<AntiforgeryOptions>>().Value.Cookie.Name;

        Assert.StartsWith("__Host-.AspNetCore.Antiforgery", name);
    }
}
