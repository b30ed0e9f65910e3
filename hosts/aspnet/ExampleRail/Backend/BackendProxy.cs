using Microsoft.AspNetCore.Antiforgery;
using Microsoft.Extensions.Options;
using ExampleRail.Models;

namespace ExampleRail.Backend;

/// <summary>
/// Forwards the widgets' API calls (<c>/Refund/*</c>, <c>/api/*</c>, <c>/tickets/*</c>, <c>/report/*</c>)
/// to the reference backend, so there is one backend. State-changing calls are checked with ASP.NET
/// Core antiforgery first (header <c>RequestVerificationToken</c> against the antiforgery cookie), then
/// sent with the backend's own fresh <c>rw_csrf</c> cookie and header pair; the browser's
/// <c>rw_session</c> cookie goes along, and a <c>rw_session</c> the backend sets comes back.
/// </summary>
public sealed class BackendProxy(IHttpClientFactory clients, IAntiforgery antiforgery, IOptions<BackendOptions> options, ILogger<BackendProxy> logger)
{
    /// <summary>Path prefixes forwarded to the backend.</summary>
    public static readonly PathString[] Prefixes = ["/Refund", "/api", "/tickets", "/report"];

    /// <summary>Request headers forwarded as they are.</summary>
    private static readonly string[] RequestHeaders = ["Accept", "Accept-Language", "Idempotency-Key", "Journey-Id", "User-Agent"];

    /// <summary>Response headers forwarded as they are (besides Content-*).</summary>
    private static readonly string[] ResponseHeaders = ["Cache-Control", "Location", "Retry-After"];

    /// <summary>True for a path the proxy forwards.</summary>
    public static bool Handles(PathString path) => Prefixes.Any(prefix => path.StartsWithSegments(prefix, StringComparison.OrdinalIgnoreCase));

    /// <summary>Forwards the request; answers 403 with a plain message when its antiforgery token is missing or wrong.</summary>
    public async Task ForwardAsync(HttpContext context)
    {
        var request = context.Request;
        var changesState = !(HttpMethods.IsGet(request.Method) || HttpMethods.IsHead(request.Method) || HttpMethods.IsOptions(request.Method));
        // Error reports are a log, not an action on a booking: they carry no token.
        var needsToken = changesState && !request.Path.StartsWithSegments("/report", StringComparison.OrdinalIgnoreCase);
        if (needsToken && options.Value.ValidateAntiforgery)
        {
            request.EnableBuffering(); // antiforgery may read a form body; it is forwarded afterwards
            try
            {
                await antiforgery.ValidateRequestAsync(context);
            }
            catch (AntiforgeryValidationException error)
            {
                logger.LogWarning("Refused {Method} {Path}: {Reason}", request.Method, request.Path, error.Message);
                context.Response.StatusCode = StatusCodes.Status403Forbidden;
                context.Response.ContentType = "text/plain; charset=utf-8";
                await context.Response.WriteAsync("This page's security token is missing or out of date. Reload the page and try again.");
                return;
            }
            request.Body.Position = 0;
        }

        using var forward = new HttpRequestMessage(new HttpMethod(request.Method), $"{request.Path.Value!.TrimStart('/')}{request.QueryString}");
        if (changesState || request.ContentLength > 0)
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
        ReferenceBackend.AddCookies(forward, request.Cookies[ReferenceBackend.SessionCookie], csrf);

        HttpResponseMessage answer;
        try
        {
            answer = await clients.CreateClient(nameof(ReferenceBackend)).SendAsync(forward, HttpCompletionOption.ResponseHeadersRead, context.RequestAborted);
        }
        catch (HttpRequestException error)
        {
            logger.LogError(error, "The reference backend did not answer {Method} {Path}", request.Method, request.Path);
            context.Response.StatusCode = StatusCodes.Status502BadGateway;
            context.Response.ContentType = "text/plain; charset=utf-8";
            await context.Response.WriteAsync("The booking service is not answering. Please try again later.");
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
            if (answer.Headers.TryGetValues("Set-Cookie", out var cookies))
            {
                // Only the session cookie is the browser's business; it is set for this site's origin.
                var session = cookies.Where(c => c.StartsWith(ReferenceBackend.SessionCookie + "=", StringComparison.Ordinal)).ToArray();
                if (session.Length > 0) context.Response.Headers.SetCookie = session;
            }
            await answer.Content.CopyToAsync(context.Response.Body, context.RequestAborted);
        }
    }
}
