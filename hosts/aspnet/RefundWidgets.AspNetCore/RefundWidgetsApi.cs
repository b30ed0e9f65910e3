using System.Net;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Antiforgery;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;
using Yarp.ReverseProxy.Forwarder;

namespace RefundWidgets.AspNetCore;

/// <summary>
/// The site's side of the widgets' API (docs/aspnet.md "What the package does for you"): it opens the
/// backend session of a booking page, server to server, and forwards the widgets' calls to
/// <see cref="RefundWidgetsOptions.ApiBaseUrl"/> with YARP's <see cref="IHttpForwarder"/>.
/// <list type="number">
/// <item>A path with a backslash or a dot segment, at any level of encoding, is refused with 400
/// (<see cref="RefundWidgetsRequestPathGuard"/>).</item>
/// <item>Only <see cref="RefundWidgetsApiRoutes.All"/> is forwarded, by method and path template;
/// anything else under <see cref="RefundWidgetsApiRoutes.Prefixes"/> is 404.</item>
/// <item>Every POST but the two reports needs the ASP.NET Core antiforgery token in the header
/// <c>RequestVerificationToken</c>, bound to the booking session; the reports need JSON.</item>
/// <item>Upstream, the request carries the route's own spelling, the re-encoded query, a few headers,
/// a fresh <c>rw_csrf</c> cookie and header pair and the site's session cookie as <c>rw_session</c>;
/// a <c>rw_session</c> the API sets comes back under the site's cookie name and attributes.</item>
/// </list>
/// </summary>
public sealed class RefundWidgetsApi(
    IHttpMessageHandlerFactory handlers,
    IHttpForwarder forwarder,
    IAntiforgery antiforgery,
    IOptions<AntiforgeryOptions> antiforgeryOptions,
    RefundWidgetsSessions sessions,
    IOptions<RefundWidgetsOptions> options,
    ILogger<RefundWidgetsApi> logger)
{
    /// <summary>The name of the <see cref="HttpClient"/> the site calls the API with (a test may give it another primary handler).</summary>
    public const string HttpClientName = "RefundWidgets.Api";

    /// <summary>Name of the API's double-submit antiforgery cookie.</summary>
    public const string CsrfCookie = "rw_csrf";

    /// <summary>Header carrying the antiforgery token, towards the site and the API.</summary>
    public const string CsrfHeader = "RequestVerificationToken";

    private const string TokenRefusal = "This page's security token is missing or out of date. Reload the page and try again.";
    private static readonly string[] RequestHeaders = ["Accept", "Accept-Language", "Idempotency-Key", "Journey-Id", "User-Agent"];
    private static readonly string[] ResponseHeaders = ["Cache-Control", "Location", "Retry-After"];
    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web);
    private static readonly ForwarderRequestConfig Config = new()
    {
        ActivityTimeout = TimeSpan.FromSeconds(90),
        Version = HttpVersion.Version11,
        VersionPolicy = HttpVersionPolicy.RequestVersionOrLower,
    };

    /// <summary>
    /// Gives a booking page its backend session: the one the request brings when the site opened it for
    /// this booking and may still reuse it, else a new one from <c>POST /api/Session</c>
    /// <c>{bookingReference, email}</c>, set as the site's session cookie. A token the request brings is
    /// never adopted for a new booking; an API that answers with the very token brought is asked again
    /// without it. Returns false when the client opened too many sessions: the answer is then 429 with
    /// <c>Retry-After</c>, and the page should show an error, not the widgets.
    /// </summary>
    /// <exception cref="InvalidOperationException"><see cref="RefundWidgetsOptions.ApiBaseUrl"/> is not set.</exception>
    public async Task<bool> OpenSessionAsync(HttpContext context, string bookingReference, string email, CancellationToken cancel = default)
    {
        if (await sessions.ReusableAsync(context, bookingReference, cancel) is not null) return true;
        if (!sessions.MayOpen(context, out var retryAfter))
        {
            context.Response.StatusCode = StatusCodes.Status429TooManyRequests;
            context.Response.Headers.RetryAfter = Math.Max(1, (int)Math.Ceiling(retryAfter.TotalSeconds)).ToString(System.Globalization.CultureInfo.InvariantCulture);
            return false;
        }
        var brought = RefundWidgetsSessionCookie.Read(context.Request);
        var session = await PostSessionAsync(bookingReference, email, brought, cancel);
        if (brought is not null && session == brought) session = await PostSessionAsync(bookingReference, email, null, cancel);
        if (session is null || session == brought || !RefundWidgetsSessionCookie.IsToken(session)) sessions.End(context);
        else await sessions.StartAsync(context, session, bookingReference, cancel);
        return true;
    }

    /// <summary>
    /// Answers one request under <see cref="RefundWidgetsApiRoutes.Prefixes"/>: 400 for an unsafe path, 404
    /// off the allowlist, 403 without a valid antiforgery token where one is needed, 415 for a report that
    /// is not JSON, 502 when the API does not answer; else the API's answer.
    /// </summary>
    public async Task ForwardAsync(HttpContext context)
    {
        var request = context.Request;
        if (RefundWidgetsRequestPathGuard.IsUnsafe(context))
        {
            await PlainAsync(context, StatusCodes.Status400BadRequest, RefundWidgetsRequestPathGuard.Refusal);
            return;
        }
        var match = RefundWidgetsApiRoutes.Match(request.Method, request.Path.Value);
        if (match is null)
        {
            await PlainAsync(context, StatusCodes.Status404NotFound, "Not found.");
            return;
        }
        var (route, upstreamPath) = match.Value;
        if (route.NeedsToken && options.Value.ValidateAntiforgery)
        {
            // The header alone: a token in a form body, which a cross-site form can send, is never read.
            if (StringValues.IsNullOrEmpty(request.Headers[antiforgeryOptions.Value.HeaderName ?? CsrfHeader]))
            {
                logger.LogWarning("Refused {Method} {Path}: no antiforgery header", route.Method, upstreamPath);
                await PlainAsync(context, StatusCodes.Status403Forbidden, TokenRefusal);
                return;
            }
            request.EnableBuffering(); // antiforgery may read a form body; it is forwarded afterwards
            try
            {
                await antiforgery.ValidateRequestAsync(context);
            }
            catch (AntiforgeryValidationException error)
            {
                logger.LogWarning("Refused {Method} {Path}: {Reason}", route.Method, upstreamPath, error.Message);
                await PlainAsync(context, StatusCodes.Status403Forbidden, TokenRefusal);
                return;
            }
            request.Body.Position = 0;
        }
        else if (route.WithoutToken && !IsJson(request.ContentType))
        {
            // Without a token, only a body no cross-site form can send (JSON needs a CORS preflight).
            await PlainAsync(context, StatusCodes.Status415UnsupportedMediaType, "Send JSON.");
            return;
        }

        var query = QueryString.Create(request.Query.SelectMany(pair => pair.Value.Select(value => KeyValuePair.Create(pair.Key, value))));
        var destination = BaseUrl() + upstreamPath.TrimStart('/') + query;
        using var invoker = new HttpMessageInvoker(handlers.CreateHandler(HttpClientName), disposeHandler: false);
        var failure = await forwarder.SendAsync(context, destination, invoker, Config, new Transformer(sessions, destination, route));
        if (failure != ForwarderError.None && !context.Response.HasStarted)
        {
            logger.LogError(context.Features.Get<IForwarderErrorFeature>()?.Exception, "The API did not answer {Method} {Path}: {Error}", route.Method, upstreamPath, failure);
            await PlainAsync(context, StatusCodes.Status502BadGateway, "The booking service is not answering. Please try again later.");
        }
    }

    /// <summary><see cref="RefundWidgetsOptions.ApiBaseUrl"/> with one trailing slash.</summary>
    /// <exception cref="InvalidOperationException">it is not set, or not an absolute http(s) URL.</exception>
    private string BaseUrl() => RefundWidgetsOptions.CheckedApiBaseUrl(options.Value.ApiBaseUrl);

    /// <summary><c>POST /api/Session</c>; the token, or null when the API refused or has no sessions.</summary>
    private async Task<string?> PostSessionAsync(string bookingReference, string email, string? existingSession, CancellationToken cancel)
    {
        using var http = new HttpClient(handlers.CreateHandler(HttpClientName), disposeHandler: false) { Timeout = Config.ActivityTimeout!.Value };
        using var request = new HttpRequestMessage(HttpMethod.Post, BaseUrl() + "api/Session")
        {
            Content = JsonContent.Create(new { bookingReference, email }),
        };
        AddCookies(request, existingSession, NewCsrfToken(request));
        using var response = await http.SendAsync(request, cancel);
        if (!response.IsSuccessStatusCode) return null;
        try
        {
            var answer = await response.Content.ReadFromJsonAsync<SessionAnswer>(Json, cancel);
            return string.IsNullOrEmpty(answer?.Session) ? null : answer.Session;
        }
        catch (JsonException)
        {
            return null;
        }
    }

    /// <summary>A fresh double-submit token, set as the request's header; returns it for the <c>rw_csrf</c> cookie.</summary>
    private static string NewCsrfToken(HttpRequestMessage request)
    {
        var token = Convert.ToBase64String(RandomNumberGenerator.GetBytes(32)).TrimEnd('=').Replace('+', '-').Replace('/', '_');
        request.Headers.TryAddWithoutValidation(CsrfHeader, token);
        return token;
    }

    /// <summary>Sets the request's Cookie header: <c>rw_session</c> and <c>rw_csrf</c> when given.</summary>
    private static void AddCookies(HttpRequestMessage request, string? session, string? csrf)
    {
        var cookies = new List<string>();
        if (!string.IsNullOrEmpty(session)) cookies.Add($"{RefundWidgetsSessionCookie.UpstreamName}={session}");
        if (!string.IsNullOrEmpty(csrf)) cookies.Add($"{CsrfCookie}={csrf}");
        if (cookies.Count > 0) request.Headers.TryAddWithoutValidation("Cookie", string.Join("; ", cookies));
    }

    private static bool IsJson(string? contentType) =>
        MediaTypeHeaderValue.TryParse(contentType, out var type) && type.MediaType.Equals("application/json", StringComparison.OrdinalIgnoreCase);

    private static Task PlainAsync(HttpContext context, int status, string message)
    {
        context.Response.StatusCode = status;
        context.Response.ContentType = "text/plain; charset=utf-8";
        context.Response.Headers.CacheControl = "no-store";
        return context.Response.WriteAsync(message);
    }

    private sealed record SessionAnswer([property: JsonPropertyName("session")] string? Session);

    /// <summary>Builds the upstream request from the allowlist alone, and passes back only what the browser needs.</summary>
    private sealed class Transformer(RefundWidgetsSessions sessions, string destination, RefundWidgetsApiRoute route) : HttpTransformer
    {
        public override ValueTask TransformRequestAsync(HttpContext httpContext, HttpRequestMessage proxyRequest, string destinationPrefix, CancellationToken cancellationToken)
        {
            var request = httpContext.Request;
            proxyRequest.RequestUri = new Uri(destination, UriKind.Absolute);
            proxyRequest.Method = new HttpMethod(route.Method);
            if (HttpMethods.IsGet(route.Method))
            {
                proxyRequest.Content = null;
            }
            else if (proxyRequest.Content is not null)
            {
                if (request.ContentType is not null) proxyRequest.Content.Headers.TryAddWithoutValidation("Content-Type", request.ContentType);
                if (request.ContentLength is { } length) proxyRequest.Content.Headers.ContentLength = length;
            }
            foreach (var name in RequestHeaders)
            {
                if (request.Headers.TryGetValue(name, out var values)) proxyRequest.Headers.TryAddWithoutValidation(name, values.ToArray());
            }
            var csrf = HttpMethods.IsGet(route.Method) ? null : NewCsrfToken(proxyRequest);
            AddCookies(proxyRequest, RefundWidgetsSessionCookie.Read(request), csrf);
            return ValueTask.CompletedTask;
        }

        public override async ValueTask<bool> TransformResponseAsync(HttpContext httpContext, HttpResponseMessage? proxyResponse, CancellationToken cancellationToken)
        {
            if (proxyResponse is null) return false;
            var response = httpContext.Response;
            response.StatusCode = (int)proxyResponse.StatusCode;
            foreach (var name in ResponseHeaders)
            {
                if (proxyResponse.Headers.TryGetValues(name, out var values)) response.Headers[name] = values.ToArray();
            }
            if (proxyResponse.Content.Headers.ContentType is { } type) response.ContentType = type.ToString();
            if (proxyResponse.Headers.TryGetValues(HeaderNames.SetCookie, out var cookies)) await PassSessionCookieAsync(httpContext, cookies, cancellationToken);
            // The API refused the session (ended, expired, or forgotten): reloading the page opens a new one.
            if (proxyResponse.StatusCode == HttpStatusCode.Forbidden) await sessions.RefusedAsync(httpContext, cancellationToken);
            return true;
        }

        /// <summary>Of the API's Set-Cookie lines only <c>rw_session</c> passes, under the site's name, keeping the session's binding.</summary>
        private async Task PassSessionCookieAsync(HttpContext context, IEnumerable<string> lines, CancellationToken cancel)
        {
            foreach (var line in lines)
            {
                if (!SetCookieHeaderValue.TryParse(line, out var cookie) || cookie.Name != RefundWidgetsSessionCookie.UpstreamName) continue;
                var value = cookie.Value.Value;
                var cleared = cookie.MaxAge is { } age && age <= TimeSpan.Zero || cookie.Expires is { } expires && expires <= DateTimeOffset.UtcNow;
                if (cleared || string.IsNullOrEmpty(value)) sessions.End(context);
                else if (RefundWidgetsSessionCookie.IsToken(value)) await sessions.ReplaceAsync(context, value, cancel);
            }
        }
    }
}

/// <summary>Puts the widgets' API into the site's pipeline: <c>app.MapRefundWidgets();</c> (docs/aspnet.md "Your own site, start to finish").</summary>
public static class RefundWidgetsApplicationBuilderExtensions
{
    /// <summary>
    /// Bounds the reports (<see cref="RefundWidgetsReportLimits"/>), then answers every request under
    /// <see cref="RefundWidgetsApiRoutes.Prefixes"/> with <see cref="RefundWidgetsApi.ForwardAsync"/>.
    /// Call it before the site's own status-code pages, so the API's answers pass as they are.
    /// </summary>
    /// <param name="app">the site's pipeline</param>
    /// <returns><paramref name="app"/></returns>
    /// <exception cref="InvalidOperationException"><see cref="RefundWidgetsOptions.ApiBaseUrl"/> is not set.</exception>
    public static IApplicationBuilder MapRefundWidgets(this IApplicationBuilder app)
    {
        RefundWidgetsOptions.CheckedApiBaseUrl(app.ApplicationServices.GetRequiredService<IOptions<RefundWidgetsOptions>>().Value.ApiBaseUrl);
        app.UseRefundWidgetsReportLimits();
        return app.MapWhen(context => RefundWidgetsApiRoutes.IsUnderPrefix(context.Request.Path),
            api => api.Run(context => context.RequestServices.GetRequiredService<RefundWidgetsApi>().ForwardAsync(context)));
    }
}
