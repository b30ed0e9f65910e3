using System.Net;
using System.Text;
using Microsoft.AspNetCore.Http;

namespace ExampleRail.Tests;

/// <summary>
/// The reports the proxy forwards without a token (docs/aspnet.md "Reports: rate and size"): each client
/// gets a bounded number a minute, then 429 with Retry-After; a body over the limit is 413; neither reaches
/// the backend.
/// </summary>
public sealed class ReportLimitTests : IDisposable
{
    private readonly SiteFactory site = new();

    public void Dispose() => site.Dispose();

    private const string Vitals = "{\"name\":\"LCP\",\"value\":1200,\"rating\":\"good\",\"widget\":\"refund\",\"route\":\"/ConfirmRefund\"}";

    /// <summary>Sends one report from <paramref name="client"/> (its remote address); returns the answer's status and Retry-After.</summary>
    private async Task<(int Status, string? RetryAfter)> ReportAsync(string path, string client, string body)
    {
        var context = await site.Server.SendAsync(c =>
        {
            c.Request.Method = "POST";
            c.Request.Path = path;
            c.Request.ContentType = "application/json";
            var bytes = Encoding.UTF8.GetBytes(body);
            c.Request.Body = new MemoryStream(bytes);
            c.Request.ContentLength = bytes.Length;
            c.Connection.RemoteIpAddress = IPAddress.Parse(client);
        });
        return (context.Response.StatusCode, context.Response.Headers.RetryAfter.FirstOrDefault());
    }

    [Theory]
    [InlineData("/report/vitals")]
    [InlineData("/report/error")]
    public async Task One_client_flooding_reports_gets_429_with_Retry_After_and_another_client_still_gets_through(string path)
    {
        var statuses = new List<int>();
        string? retryAfter = null;
        for (var i = 0; i < 200; i++)
        {
            var (status, retry) = await ReportAsync(path, "192.0.2.10", Vitals);
            statuses.Add(status);
            retryAfter ??= retry;
        }
        var other = await ReportAsync(path, "192.0.2.20", Vitals);

        var accepted = statuses.Count(status => status == 200);
        Assert.InRange(accepted, 10, 60);
        // 30 at once, then one every 2 s as the bucket refills.
        Assert.All(statuses.Where(status => status != 200), status => Assert.Equal(StatusCodes.Status429TooManyRequests, status));
        Assert.True(int.TryParse(retryAfter, out var seconds) && seconds >= 1, $"Retry-After: {retryAfter}");
        Assert.Equal(200, other.Status);
        Assert.Equal(accepted + 1, site.Backend.Forwarded.Count);
    }

    [Theory]
    [InlineData("/report/vitals", 8 * 1024 + 1)]
    [InlineData("/report/error", 64 * 1024 + 1)]
    public async Task A_report_over_the_size_limit_is_413_and_never_forwarded(string path, int size)
    {
        var body = "{\"route\":\"" + new string('a', size) + "\"}";

        var (status, _) = await ReportAsync(path, "192.0.2.30", body);

        Assert.Equal(StatusCodes.Status413PayloadTooLarge, status);
        Assert.Empty(site.Backend.Forwarded);
    }

    [Fact]
    public async Task A_report_of_unstated_length_over_the_limit_is_413_and_never_forwarded()
    {
        var context = await site.Server.SendAsync(c =>
        {
            c.Request.Method = "POST";
            c.Request.Path = "/report/vitals";
            c.Request.ContentType = "application/json";
            c.Request.Body = new MemoryStream(Encoding.UTF8.GetBytes("{\"route\":\"" + new string('a', 100_000) + "\"}"));
            c.Request.ContentLength = null;
        });

        Assert.Equal(StatusCodes.Status413PayloadTooLarge, context.Response.StatusCode);
        Assert.Empty(site.Backend.Forwarded);
    }

    [Fact]
    public async Task A_report_within_the_limits_reaches_the_backend_byte_for_byte()
    {
        var (status, _) = await ReportAsync("/report/vitals", "192.0.2.40", Vitals);

        Assert.Equal(200, status);
        Assert.Equal(Vitals, Assert.Single(site.Backend.Forwarded).Body);
    }
}
