using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Threading.RateLimiting;
using Microsoft.AspNetCore.Antiforgery;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Options;

namespace RefundWidgets.AspNetCore;

/// <summary>How long the site reuses and remembers the backend sessions it opens.</summary>
public sealed class RefundWidgetsSessionOptions
{
    /// <summary>A booking page reuses a session the site opened for that booking for this long (30 minutes); then it opens a new one.</summary>
    public TimeSpan ReuseFor { get; set; } = TimeSpan.FromMinutes(30);

    /// <summary>How long the site remembers a session's booking and antiforgery binding (12 hours).</summary>
    public TimeSpan RememberFor { get; set; } = TimeSpan.FromHours(12);

    /// <summary>New sessions a client may open a minute by rendering booking pages (60), also its burst.</summary>
    public int OpensPerMinute { get; set; } = 60;
}

/// <summary>
/// The backend sessions the site opens for travellers, and the antiforgery binding they carry
/// (docs/aspnet.md "Antiforgery and the booking session (the ASP.NET side)"). For each session it opened, the site keeps,
/// in <see cref="IDistributedCache"/> under the SHA-256 of the token, the booking it was opened for, when,
/// and its binding: the value every antiforgery token made for that browser carries. The binding is the
/// hash of the first token and stays with the session when the backend replaces the token (a lookup), so
/// a page's token outlives that rotation; a token the site did not open has its own hash as binding, and
/// a request without a session has none.
/// </summary>
public sealed class RefundWidgetsSessions(IDistributedCache cache, TimeProvider clock, IOptions<RefundWidgetsSessionOptions> options) : IDisposable
{
    /// <summary>Per client, the sessions it may still open (ASP.NET Core's rate limiting, a token bucket).</summary>
    private readonly PartitionedRateLimiter<HttpContext> opens = PartitionedRateLimiter.Create<HttpContext, string>(context =>
        RateLimitPartition.GetTokenBucketLimiter(RefundWidgetsClient.PartitionOf(context), _ => new TokenBucketRateLimiterOptions
        {
            TokenLimit = Math.Max(1, options.Value.OpensPerMinute),
            TokensPerPeriod = 1,
            ReplenishmentPeriod = TimeSpan.FromMinutes(1) / Math.Max(1, options.Value.OpensPerMinute),
            QueueLimit = 0,
            AutoReplenishment = true,
        }));

    private const string ItemKey = "RefundWidgets.SessionBinding";
    private const string CachePrefix = "refund-widgets:session:";

    /// <summary>
    /// The session the request brings when a page of <paramref name="bookingReference"/> may reuse it: the site
    /// opened it for that booking less than <see cref="RefundWidgetsSessionOptions.ReuseFor"/> ago and the
    /// backend has not refused it since; else null (open a new one, <see cref="StartAsync"/>).
    /// </summary>
    public async Task<string?> ReusableAsync(HttpContext context, string bookingReference, CancellationToken cancel)
    {
        var token = RefundWidgetsSessionCookie.Read(context.Request);
        if (token is null) return null;
        var record = await ReadAsync(token, cancel);
        if (record is null || record.Refused || clock.GetUtcNow() - record.Opened >= options.Value.ReuseFor
            || !string.Equals(record.Booking, Normalise(bookingReference), StringComparison.Ordinal)) return null;
        context.Items[ItemKey] = record.Binding;
        return token;
    }

    /// <summary>
    /// Takes one of the client's permits to open a new session (<see cref="RefundWidgetsSessionOptions.OpensPerMinute"/>):
    /// true when it may; false, with how long to wait, when it opened too many. One client rendering page
    /// after page without its cookie would otherwise fill the backend with sessions.
    /// </summary>
    public bool MayOpen(HttpContext context, out TimeSpan retryAfter)
    {
        using var lease = opens.AttemptAcquire(context);
        retryAfter = lease.IsAcquired ? TimeSpan.Zero
            : lease.TryGetMetadata(MetadataName.RetryAfter, out var wait) ? wait : TimeSpan.FromMinutes(1);
        return lease.IsAcquired;
    }

    /// <summary>
    /// Sets the site's cookie to <paramref name="token"/>, a session the backend just opened for
    /// <paramref name="bookingReference"/>, and remembers it; it keeps the binding of the session the
    /// request brought when the site opened that one, so the browser's other pages keep working.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="token"/> is not of the token shape.</exception>
    public async Task StartAsync(HttpContext context, string token, string bookingReference, CancellationToken cancel)
    {
        if (!RefundWidgetsSessionCookie.IsToken(token)) throw new ArgumentException("Not a session token.", nameof(token));
        var brought = RefundWidgetsSessionCookie.Read(context.Request);
        var earlier = brought is null ? null : await ReadAsync(brought, cancel);
        var record = new SessionRecord(earlier?.Binding ?? Hash(token), Normalise(bookingReference), clock.GetUtcNow(), false);
        await WriteAsync(token, record, cancel);
        RefundWidgetsSessionCookie.Write(context, token);
        context.Items[ItemKey] = record.Binding;
    }

    /// <summary>
    /// The backend replaced the request's session with <paramref name="token"/> (a lookup): sets the site's
    /// cookie to it, keeping the binding, booking and age of the session it replaces.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="token"/> is not of the token shape.</exception>
    public async Task ReplaceAsync(HttpContext context, string token, CancellationToken cancel)
    {
        if (!RefundWidgetsSessionCookie.IsToken(token)) throw new ArgumentException("Not a session token.", nameof(token));
        var brought = RefundWidgetsSessionCookie.Read(context.Request);
        var earlier = brought is null ? null : await ReadAsync(brought, cancel);
        var binding = earlier?.Binding ?? (brought is null ? Hash(token) : Hash(brought));
        var record = new SessionRecord(binding, earlier?.Booking ?? "", earlier?.Opened ?? clock.GetUtcNow(), earlier?.Refused ?? false);
        await WriteAsync(token, record, cancel);
        RefundWidgetsSessionCookie.Write(context, token);
        context.Items[ItemKey] = binding;
    }

    /// <summary>Removes the site's cookie (the backend ended the session, or opened none).</summary>
    public void End(HttpContext context)
    {
        RefundWidgetsSessionCookie.Delete(context);
        context.Items[ItemKey] = "";
    }

    /// <summary>
    /// The backend refused the request's session (403): no page reuses it any more, so reloading the page
    /// opens a new one. Its binding stays.
    /// </summary>
    public async Task RefusedAsync(HttpContext context, CancellationToken cancel)
    {
        var token = RefundWidgetsSessionCookie.Read(context.Request);
        if (token is null) return;
        var record = await ReadAsync(token, cancel);
        await WriteAsync(token, (record ?? new SessionRecord(Hash(token), "", clock.GetUtcNow(), true)) with { Refused = true }, cancel);
    }

    /// <summary>
    /// The antiforgery binding of the request: the one a session was given during this request, else that
    /// of the session it brings (remembered, or the token's hash), else "" (no session).
    /// </summary>
    public string BindingOf(HttpContext context)
    {
        if (context.Items.TryGetValue(ItemKey, out var set) && set is string binding) return binding;
        var token = RefundWidgetsSessionCookie.Read(context.Request);
        if (token is null) return "";
        var bytes = cache.Get(Key(token));
        return (bytes is null ? null : Parse(bytes))?.Binding ?? Hash(token);
    }

    /// <summary>Ends the per-client limiter.</summary>
    public void Dispose() => opens.Dispose();

    /// <summary>The SHA-256 of <paramref name="token"/>, base64url: the cache key and first binding, never the token itself.</summary>
    private static string Hash(string token) => Base64Url(SHA256.HashData(Encoding.UTF8.GetBytes(token)));

    private static string Base64Url(byte[] bytes) => Convert.ToBase64String(bytes).TrimEnd('=').Replace('+', '-').Replace('/', '_');

    private static string Key(string token) => CachePrefix + Hash(token);

    private static string Normalise(string bookingReference) => bookingReference.Trim().ToUpperInvariant();

    private async Task<SessionRecord?> ReadAsync(string token, CancellationToken cancel)
    {
        var bytes = await cache.GetAsync(Key(token), cancel);
        return bytes is null ? null : Parse(bytes);
    }

    private Task WriteAsync(string token, SessionRecord record, CancellationToken cancel) =>
        cache.SetAsync(Key(token), JsonSerializer.SerializeToUtf8Bytes(record),
            new DistributedCacheEntryOptions { AbsoluteExpirationRelativeToNow = options.Value.RememberFor }, cancel);

    /// <summary>A remembered record, or null for one that does not parse (another version's, or damaged).</summary>
    private static SessionRecord? Parse(byte[] bytes)
    {
        try
        {
            var record = JsonSerializer.Deserialize<SessionRecord>(bytes);
            return record is { Binding.Length: > 0, Booking: not null } ? record : null;
        }
        catch (JsonException)
        {
            return null;
        }
    }

    private sealed record SessionRecord(string Binding, string Booking, DateTimeOffset Opened, bool Refused);
}

/// <summary>
/// Puts the request's session binding (<see cref="RefundWidgetsSessions.BindingOf"/>) in every antiforgery
/// token and refuses a token whose binding is not the request's: a token made for one session is worth
/// nothing with another (docs/aspnet.md "Antiforgery and the booking session (the ASP.NET side)").
/// </summary>
internal sealed class SessionBoundAntiforgeryData(RefundWidgetsSessions sessions) : IAntiforgeryAdditionalDataProvider
{
    public string GetAdditionalData(HttpContext context) => sessions.BindingOf(context);

    public bool ValidateAdditionalData(HttpContext context, string additionalData) =>
        CryptographicOperations.FixedTimeEquals(Encoding.UTF8.GetBytes(additionalData ?? ""), Encoding.UTF8.GetBytes(sessions.BindingOf(context)));
}

/// <summary>
/// The antiforgery cookie: its framework name with <c>__Host-</c> ahead of it over HTTPS (Secure, Path=/,
/// no Domain: no sibling sub-domain or plain-HTTP page can set it), the plain name over HTTP.
/// </summary>
internal sealed class HostPrefixedCookieBuilder(IHttpContextAccessor accessor) : CookieBuilder
{
    public override string? Name
    {
        get => accessor.HttpContext?.Request.IsHttps == true ? "__Host-" + base.Name : base.Name;
        set => base.Name = value;
    }
}
