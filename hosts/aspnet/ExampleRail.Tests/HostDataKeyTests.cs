using System.Net;
using System.Text;

namespace ExampleRail.Tests;

/// <summary>
/// The server-to-server key of the backend's <c>/host-data/*</c> routes (configuration
/// <c>Backend:HostDataKey</c>, docs/aspnet.md): sent on those routes only, never on a proxied call.
/// </summary>
public sealed class HostDataKeyTests
{
    [Fact]
    public async Task With_Backend_HostDataKey_set_every_host_data_request_carries_X_Host_Data_Key_and_nothing_else_does()
    {
        using var site = new SiteFactory();
        site.Settings["Backend:HostDataKey"] = "s2s-key-0123456789";
        var client = site.Client();

        var start = await client.GetAsync("/");
        var visit = await site.VisitBookingPageAsync(client);
        using var refund = new HttpRequestMessage(HttpMethod.Post, "/api/ProcessRefund")
        {
            Content = new StringContent("{}", Encoding.UTF8, "application/json"),
        };
        refund.Headers.Add("Cookie", visit.Cookie);
        refund.Headers.Add("RequestVerificationToken", visit.Token);
        refund.Headers.Add("X-Host-Data-Key", "from-the-browser");
        await client.SendAsync(refund);

        Assert.Equal(HttpStatusCode.OK, start.StatusCode);
        var hostData = site.Backend.Received.Where(r => r.AbsolutePath.StartsWith("/host-data/", StringComparison.Ordinal)).ToArray();
        Assert.Equal(["/host-data/bookings", "/host-data/booking", "/host-data/stations"], hostData.Select(r => r.AbsolutePath).ToArray());
        Assert.All(hostData, r => Assert.Equal("s2s-key-0123456789", r.Headers.GetValueOrDefault("X-Host-Data-Key")));
        var others = site.Backend.Received.Except(hostData).ToArray();
        Assert.Equal(["/api/Session", "/api/ProcessRefund"], others.Select(r => r.AbsolutePath).ToArray());
        Assert.All(others, r => Assert.False(r.Headers.ContainsKey("X-Host-Data-Key")));
    }

    [Fact]
    public async Task Without_a_key_no_host_data_request_carries_the_header()
    {
        using var site = new SiteFactory();

        await site.VisitBookingPageAsync(site.Client());

        Assert.NotEmpty(site.Backend.Received);
        Assert.All(site.Backend.Received, r => Assert.False(r.Headers.ContainsKey("X-Host-Data-Key")));
    }
}
