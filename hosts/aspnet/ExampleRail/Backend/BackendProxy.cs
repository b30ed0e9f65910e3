using Microsoft.AspNetCore.Antiforgery;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;
using ExampleRail.Models;
using RefundWidgets.AspNetCore;

namespace ExampleRail.Backend;

/// <summary>
/// Forwards the widgets' API calls to the reference backend, so there is one backend: the pattern a
/// host team copies (docs/aspnet.md "The proxy: the pattern to copy").
/// <list type="number">
/// <item>A path with a backslash or a dot segment, at any level of encoding, in the raw target or the
/// decoded path, is refused with 400 (<see cref="RequestPathGuard"/>).</item>
/// <item>Only the allowlist of <see cref="ProxyRoutes"/> is forwarded, by method and path template;
/// anything else under <c>/Refund</c>, <c>/api</c>, <c>/tickets</c> and <c>/report</c> is 404.</item>
/// <item>The matched route, never a prefix of the raw path, decides whether ASP.NET Core antiforgery is
/// checked, bound to the booking session and from the header <c>RequestVerificationToken</c> alone: every
/// POST but the reports, <c>POST /report/error</c> and <c>POST /report/vitals</c>.</item>
/// <item>The request sent upstream is built from the route's own spelling, a checked upload id and the
/// re-encoded query, with the backend's own fresh <c>rw_csrf</c> cookie and header pair and the site's
/// session cookie as <c>rw_session</c>; a <c>rw_session</c> the backend sets comes back under the
/// site's cookie name and attributes, keeping the session's binding (<see cref="RefundWidgetsSessions"/>).</item>
/// </list>
/// </summary>
public sealed class BackendProxy(
    IHttpClientFactory clients,
    IAntiforgery antiforgery,
    IOptions<AntiforgeryOptions> antiforgeryOptions,
    RefundWidgetsSessions sessions,
    IOptions<BackendOptions> options,
    ILogger<BackendProxy> logger)
{
    /// <summary>The plain-text answer (403) to a state-changing call without a valid token in its header.</summary>
    private const string TokenRefusal = "This page's security token is missing or out of date. Reload the page and try again.";

    /// <summary>Request headers forwarded as they are.</summary>
    private static readonly string[] RequestHeaders = ["Accept", "Accept-Language", "Idempotency-Key", "Journey-Id", "User-Agent"];

    /// <summary>Response headers forwarded as they are (besides Content-*).</summary>
    private static readonly string[] ResponseHeaders = ["Cache-Control", "Location", "Retry-After"];

    /// <summary>True for a path the proxy answers: anything under <see cref="ProxyRoutes.Prefixes"/>.</summary>
    public static bool Handles(PathString path) => ProxyRoutes.IsUnderPrefix(path);

    /// <summary>
    /// Answers one request under the proxy's prefixes: 400 for an unsafe path, 404 for one off the
    /// allowlist, 403 when a route that needs it has no valid antiforgery token, 415 for an error report
    /// that is not JSON, 502 when the backend does not answer; else the backend's answer. Never throws
    /// for a refused request.
    /// </summary>
    public async Task ForwardAsync(HttpContext context)
    {
        var request = context.Request;
        // Normally refused earlier by the site's guard (Program.cs); checked again so the proxy is safe on its own.
        if (RequestPathGuard.IsUnsafe(context))
        {
            await PlainAsync(context, StatusCodes.Status400BadRequest, RequestPathGuard.Refusal);
            return;
        }
        var match = ProxyRoutes.Match(request.Method, request.Path.Value);
        if (match is null)
        {
            await PlainAsync(context, StatusCodes.Status404NotFound, "Not found.");
            return;
        }
        var (route, upstreamPath) = match.Value;
        var changesState = !HttpMethods.IsGet(route.Method);
        if (route.NeedsToken && options.Value.ValidateAntiforgery)
        {
            // The header alone: a token in a form body, which a cross-site form can send, is never read.
            if (StringValues.IsNullOrEmpty(request.Headers[antiforgeryOptions.Value.HeaderName ?? ReferenceBackend.CsrfHeader]))
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
        using var forward = new HttpRequestMessage(new HttpMethod(route.Method), $"{upstreamPath.TrimStart('/')}{query}");
        if (changesState)
        {
            forward.Content = new StreamContent(request.Body);
            if (request.ContentType is not null) forward.Content.Headers.TryAddWithoutValidation("Content-Type", request.ContentType);
            if (request.ContentLength is { } length) forward.Content.Headers.ContentLength = length;
        }
        foreach (var name in RequestHeaders)
        {
            if (request.Headers.TryGetValue(name, out var values)) forward.Headers.TryAddWithoutValidation(name, values.ToArray());
        }
        var csrf = changesState ? ReferenceBackend.NewCsrfToken(forward) : null;
        ReferenceBackend.AddCookies(forward, SiteSessionCookie.Read(request), csrf);

        HttpResponseMessage answer;
        try
        {
            answer = await clients.CreateClient(nameof(ReferenceBackend)).SendAsync(forward, HttpCompletionOption.ResponseHeadersRead, context.RequestAborted);
        }
        catch (HttpRequestException error)
        {
            logger.LogError(error, "The reference backend did not answer {Method} {Path}", route.Method, upstreamPath);
            await PlainAsync(context, StatusCodes.Status502BadGateway, "The booking service is not answering. Please try again later.");
            return;
        }
        using (answer)
        {
            context.Response.StatusCode = (int)answer.StatusCode;
            foreach (var name in ResponseHeaders)
            {
                if (answer.Headers.TryGetValues(name, out var values)) context.Response.Headers[name] = values.ToArray();
            }
            if (answer.Content.Headers.ContentType is { } type) context.Response.ContentType = type.ToString();
            if (answer.Headers.TryGetValues(HeaderNames.SetCookie, out var cookies)) await PassSessionCookieAsync(context, cookies);
            // The backend refused the session (ended, expired, or forgotten): reloading the page opens a new one.
            if (answer.StatusCode == System.Net.HttpStatusCode.Forbidden) await sessions.RefusedAsync(context, context.RequestAborted);
            await answer.Content.CopyToAsync(context.Response.Body, context.RequestAborted);
        }
    }

    /// <summary>
    /// Of the backend's Set-Cookie lines, only <c>rw_session</c> is the browser's business: it is set
    /// again under the site's name and attributes, keeping the session's antiforgery binding
    /// (<see cref="RefundWidgetsSessions.ReplaceAsync"/>), or removed when the backend clears it.
    /// </summary>
    private async Task PassSessionCookieAsync(HttpContext context, IEnumerable<string> lines)
    {
        foreach (var line in lines)
        {
            if (!SetCookieHeaderValue.TryParse(line, out var cookie) || cookie.Name != ReferenceBackend.SessionCookie) continue;
            var value = cookie.Value.Value;
            var cleared = cookie.MaxAge is { } age && age <= TimeSpan.Zero || cookie.Expires is { } expires && expires <= DateTimeOffset.UtcNow;
            if (cleared || string.IsNullOrEmpty(value)) sessions.End(context);
            else if (SiteSessionCookie.IsToken(value)) await sessions.ReplaceAsync(context, value, context.RequestAborted);
        }
    }

    /// <summary>True for <c>application/json</c>, with or without parameters.</summary>
    private static bool IsJson(string? contentType) =>
        MediaTypeHeaderValue.TryParse(contentType, out var type) && type.MediaType.Equals("application/json", StringComparison.OrdinalIgnoreCase);

    /// <summary>Answers <paramref name="status"/> with a plain-text <paramref name="message"/>.</summary>
    private static Task PlainAsync(HttpContext context, int status, string message)
    {
        context.Response.StatusCode = status;
        context.Response.ContentType = "text/plain; charset=utf-8";
        context.Response.Headers.CacheControl = "no-store";
        return context.Response.WriteAsync(message);
    }
}
