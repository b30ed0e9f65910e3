using RefundWidgets.AspNetCore;

namespace RefundWidgets.AspNetCore.Tests;

/// <summary>
/// The building blocks of the forwarding (docs/aspnet.md "What the package does for you"): the path check
/// at every level of encoding, the raw target's path, the allowlist's matching and the cookie names.
/// </summary>
public sealed class RequestPathGuardTests
{
    [Theory]
    [InlineData("/api/..\\host-data\\bookings")]
    [InlineData("/api/..%5Chost-data%5Cbookings")]
    [InlineData("/api/..%5chost-data")]
    [InlineData("/api/..%255Chost-data")]
    [InlineData("/api/..%25255Chost-data")]
    [InlineData("/api/x%5Cy")]
    [InlineData("/api/../host-data")]
    [InlineData("/api/./ProcessRefund")]
    [InlineData("/api/%2e%2e/host-data")]
    [InlineData("/api/%2E%2e/host-data")]
    [InlineData("/api/.%2e/host-data")]
    [InlineData("/api/%2e/ProcessRefund")]
    [InlineData("/api/%252e%252e/host-data")]
    [InlineData("/api/%25252e%25252e/host-data")]
    [InlineData("/api/..%2Fhost-data")]
    [InlineData("/api/%2F..%2Fhost-data")]
    [InlineData("/api/x%252F..%252Fhost-data")]
    [InlineData("/Refund/Status/..")]
    [InlineData("..")]
    [InlineData("/api/a%00b")]
    [InlineData("/api/a%0d%0ab")]
    [InlineData("/api/%2525252525252525252e%2525252525252525252e/x")]
    public void Unsafe_paths_are_refused(string path) => Assert.True(RefundWidgetsRequestPathGuard.IsUnsafe(path));

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("/")]
    [InlineData("/api/ProcessRefund")]
    [InlineData("/tickets/delete/AbCdEfGhIjKlMnOpQr_-0123")]
    [InlineData("/static/refund-widgets/refund/remoteEntry.js")]
    [InlineData("/static/refund-widgets/chunk.0123abcd.js")]
    [InlineData("/api/...")]
    [InlineData("/api/..x")]
    [InlineData("/api/a%20b")]
    [InlineData("/api/%zz")]
    public void Ordinary_paths_pass(string? path) => Assert.False(RefundWidgetsRequestPathGuard.IsUnsafe(path));

    [Theory]
    [InlineData("/api/x?y=..%5C", "/api/x")]
    [InlineData("/api/..%5Cx#frag", "/api/..%5Cx")]
    [InlineData("http://localhost/report/..%5C__dev%5Creset?x", "/report/..%5C__dev%5Creset")]
    [InlineData("http://localhost", "")]
    [InlineData("*", "")]
    [InlineData("localhost:443", "")]
    [InlineData(null, "")]
    public void The_path_of_a_raw_target_is_taken_from_its_text(string? raw, string path) =>
        Assert.Equal(path, RefundWidgetsRequestPathGuard.PathOfRawTarget(raw));

    [Theory]
    [InlineData("GET", "/Refund/Status", "/Refund/Status", false)]
    [InlineData("get", "/REFUND/status", "/Refund/Status", false)]
    [InlineData("POST", "/api/processrefund", "/api/ProcessRefund", true)]
    [InlineData("POST", "/tickets/Delete/AbC_-9", "/tickets/delete/AbC_-9", true)]
    [InlineData("POST", "/report/error", "/report/error", false)]
    [InlineData("POST", "/report/vitals", "/report/vitals", false)]
    [InlineData("GET", "/Refund/DryRun", "/Refund/DryRun", false)]
    public void The_allowlist_matches_by_method_and_template_and_gives_the_contract_s_spelling(string method, string path, string upstream, bool needsToken)
    {
        var match = RefundWidgetsApiRoutes.Match(method, path);

        Assert.NotNull(match);
        Assert.Equal(upstream, match.Value.UpstreamPath);
        Assert.Equal(needsToken, match.Value.Route.NeedsToken);
    }

    [Theory]
    [InlineData("POST", "/report/..\\__dev\\reset")]
    [InlineData("POST", "/report/error/")]
    [InlineData("POST", "/tickets/delete/a.b")]
    [InlineData("POST", "/tickets/delete/" + "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")]
    [InlineData("POST", "/tickets/delete/a%2Fb")]
    [InlineData("POST", "/api/Session")]
    [InlineData("GET", "/api/ProcessRefund")]
    [InlineData("HEAD", "/Refund/Status")]
    [InlineData("GET", null)]
    public void Anything_else_matches_no_route(string method, string? path) => Assert.Null(RefundWidgetsApiRoutes.Match(method, path));

    [Fact]
    public void Only_the_two_reports_go_without_a_token()
    {
        var withoutToken = RefundWidgetsApiRoutes.All.Where(route => route.Method == "POST" && !route.NeedsToken).Select(route => route.Template);
        Assert.Equal(["/report/error", "/report/vitals"], withoutToken);
    }

    [Fact]
    public void The_session_cookie_is_Host_prefixed_over_HTTPS_and_plain_over_HTTP()
    {
        Assert.Equal("__Host-rw_session", RefundWidgetsSessionCookie.HttpsName);
        Assert.Equal("rw_session", RefundWidgetsSessionCookie.HttpName);
        Assert.True(RefundWidgetsSessionCookie.IsToken(new string('a', 43)));
        Assert.False(RefundWidgetsSessionCookie.IsToken("x; rw_csrf=forged"));
        Assert.False(RefundWidgetsSessionCookie.IsToken("short"));
    }
}
