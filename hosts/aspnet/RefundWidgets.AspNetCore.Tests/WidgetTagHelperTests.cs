using System.Text.Json;
using System.Text.RegularExpressions;

namespace RefundWidgets.AspNetCore.Tests;

/// <summary>The HTML each widget tag helper writes (host contract), hostile values included.</summary>
public sealed class WidgetTagHelperTests
{
    private const string Hostile = "</script><script>alert(1)</script>";
    private static readonly Dictionary<string, string> Stations = new() { ["KGX"] = "London Kings Cross", ["YRK"] = "York" };
    private static readonly JsonElement Details = JsonDocument.Parse("""{"bookingReference":"KXB7HT2N","email":"traveller@example.com"}""").RootElement;

    /// <summary>The text of the JSON block with this id, up to the first <c>&lt;/script&gt;</c> as a browser reads it.</summary>
    private static string Block(string html, string id)
    {
        var match = Regex.Match(html, $"<script type=\"application/json\" id=\"{id}\">(.*?)</script>", RegexOptions.Singleline);
        Assert.True(match.Success, $"no {id} block in {html}");
        return match.Groups[1].Value;
    }

    private static int Count(string html, string text) => Regex.Matches(html, Regex.Escape(text)).Count;

    /// <summary>The content the kit writes into a mount with these attributes.</summary>
    private static string Content(string mountId, params (string Name, string Value)[] attributes) =>
        RefundWidgetsHtml.MountContent(mountId, attributes.ToDictionary(a => a.Name, a => a.Value));

    [Fact]
    public void The_lookup_mount_holds_a_plain_get_form_to_its_action()
    {
        using var page = new TestPage();
        var helper = page.Lookup();
        helper.Action = "/Refunds?from=start&x=\"><script>";
        var html = page.Render(helper, "lookup-widget");
        Assert.Contains("<form class=\"rw-before\" method=\"get\" action=\"/Refunds?from=start&amp;x=&quot;&gt;&lt;script&gt;\">", html);
        Assert.Contains("<label for=\"rw-before-booking-reference\">Booking reference</label>", html);
        Assert.Contains("<input id=\"rw-before-booking-reference\" name=\"BookingReference\"", html);
        Assert.Contains("<label for=\"rw-before-email\">Email address</label>", html);
        Assert.Contains("<input id=\"rw-before-email\" name=\"Email\" type=\"email\"", html);
        Assert.Contains("<button type=\"submit\">Continue</button>", html);
        Assert.Contains("action=\"/ConfirmRefund\"", Content("lookup-widget"));
    }

    [Fact]
    public void Every_other_mount_holds_the_preamble_and_the_failure_text_with_its_support_address()
    {
        using var page = new TestPage();
        var helper = page.ManualClaim();
        helper.Details = Details;
        helper.Stations = Stations;
        helper.JourneyId = "700101";
        helper.SupportEmail = "help+rail@example.co.uk";
        var html = page.Render(helper, "manual-claim-widget");
        Assert.Contains("<p class=\"rw-before__wait\">Please wait while we load the data required to process your refund.</p>", html);
        Assert.Contains("<div class=\"rw-before__failed\" hidden>", html);
        Assert.Contains("Sorry, this part of the page could not be loaded. Please refresh the page or try again later.", html);
        Assert.Contains("If it still does not load, email <a href=\"mailto:help&#x2B;rail@example.co.uk\">help&#x2B;rail@example.co.uk</a> with your booking reference.", html);
        Assert.Contains("If it still does not load, contact our customer services team with your booking reference.", Content("journey-summary-widget"));
        Assert.DoesNotContain("<script>", Content("refund-widget", ("data-support-email", "x\"><script>@example.co.uk")));
    }

    [Fact]
    public void Refund_widget_writes_the_mount_div_the_json_blocks_and_the_shim_tag()
    {
        using var page = new TestPage();
        var helper = page.Refund();
        helper.Details = Details;
        helper.Stations = Stations;
        helper.StatusUrl = "/Refund/Status?bookingReference=KXB7HT2N";
        helper.DryRunUrl = "/Refund/DryRun?bookingReference=KXB7HT2N";
        helper.AppealsEmail = "appeals@example.co.uk";
        helper.SupportEmail = "support@example.co.uk";

        var html = page.Render(helper, "refund-widget");

        Assert.StartsWith(
            "<div id=\"refund-widget\" data-refund-status-url=\"/Refund/Status?bookingReference=KXB7HT2N\" data-dry-run-url=\"/Refund/DryRun?bookingReference=KXB7HT2N\" data-appeals-email=\"appeals@example.co.uk\" data-support-email=\"support@example.co.uk\">" + Content("refund-widget", ("data-support-email", "support@example.co.uk")) + "</div>",
            html);
        Assert.Equal("KXB7HT2N", JsonDocument.Parse(Block(html, "refund-details")).RootElement.GetProperty("bookingReference").GetString());
        Assert.Equal("York", JsonDocument.Parse(Block(html, "station-names")).RootElement.GetProperty("YRK").GetString());
        Assert.EndsWith($"<script src=\"/_content/RefundWidgets.AspNetCore/host-shim.js\" integrity=\"{TestPage.ShimIntegrity}\" crossorigin=\"anonymous\" defer></script>", html);
    }

    [Theory]
    [InlineData(Hostile)]
    [InlineData("<!--<script>")]
    [InlineData("Kings\u2028Cross\u2029")]
    [InlineData("]]></script><img src=x onerror=alert(1)>&amp;")]
    public void Hostile_station_names_and_emails_stay_inside_their_json_block(string hostile)
    {
        using var page = new TestPage();
        var helper = page.JourneySummary();
        helper.Details = new Dictionary<string, object> { ["bookingReference"] = "KXB7HT2N", ["email"] = hostile + "@example.com" };
        helper.Stations = new Dictionary<string, string> { ["KGX"] = hostile };

        var html = page.Render(helper, "journey-summary-widget");

        foreach (var forbidden in new[] { "<script>", "<!--", "<img", "\u2028", "\u2029" })
        {
            Assert.DoesNotContain(forbidden, html);
        }
        // Each block ends where it should, and parses back to the original values.
        Assert.Equal(hostile, JsonDocument.Parse(Block(html, "station-names")).RootElement.GetProperty("KGX").GetString());
        Assert.Equal(hostile + "@example.com", JsonDocument.Parse(Block(html, "refund-details")).RootElement.GetProperty("email").GetString());
        Assert.Equal(3, Count(html, "</script>")); // two blocks and the shim tag
    }

    [Fact]
    public void Hostile_values_in_a_json_element_are_escaped_too()
    {
        using var page = new TestPage();
        var helper = page.JourneySummary();
        helper.Details = JsonDocument.Parse(JsonSerializer.Serialize(new { email = Hostile, note = "<!-- \u2028" })).RootElement;
        helper.Stations = Stations;

        var html = page.Render(helper, "journey-summary-widget");

        Assert.DoesNotContain("<script>alert", html);
        Assert.DoesNotContain("<!--", html);
        Assert.DoesNotContain("\u2028", html);
        Assert.Equal(Hostile, JsonDocument.Parse(Block(html, "refund-details")).RootElement.GetProperty("email").GetString());
    }

    [Fact]
    public void Hostile_attribute_values_are_html_encoded()
    {
        using var page = new TestPage();
        var helper = page.ManualClaim();
        helper.Details = Details;
        helper.Stations = Stations;
        helper.JourneyId = "700101";
        helper.SupportEmail = "\"><script>alert(1)</script>";

        var html = page.Render(helper, "manual-claim-widget");

        Assert.Contains("data-support-email=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\"", html);
        Assert.Contains("data-journey-id=\"700101\"", html);
        Assert.DoesNotContain("<script>alert", html);
    }

    [Fact]
    public void Two_widgets_on_a_page_share_one_shim_tag_and_one_set_of_blocks()
    {
        using var page = new TestPage();
        var refund = page.Refund();
        refund.Details = Details;
        refund.Stations = Stations;
        refund.StatusUrl = "/s";
        refund.DryRunUrl = "/d";
        var summary = page.JourneySummary();
        summary.Details = Details;
        summary.Stations = Stations;

        var html = page.Render(refund, "refund-widget") + page.Render(summary, "journey-summary-widget") + page.Render(page.Script(), "refund-widgets-script");

        Assert.Equal(1, Count(html, "host-shim.js"));
        Assert.Equal(1, Count(html, "id=\"refund-details\""));
        Assert.Equal(1, Count(html, "id=\"station-names\""));
        Assert.DoesNotContain("data-details-id", html);
    }

    [Fact]
    public void A_second_booking_on_the_page_gets_its_own_details_block_named_by_the_mount()
    {
        using var page = new TestPage();
        var first = page.JourneySummary();
        first.Details = Details;
        first.Stations = Stations;
        var second = page.Refund();
        second.Details = JsonDocument.Parse("""{"bookingReference":"WBH9FX4L"}""").RootElement;
        second.Stations = Stations;
        second.View = "unavailable";

        page.Render(first, "journey-summary-widget");
        var html = page.Render(second, "refund-widget");

        Assert.Contains("data-details-id=\"refund-details-2\"", html);
        Assert.Equal("WBH9FX4L", JsonDocument.Parse(Block(html, "refund-details-2")).RootElement.GetProperty("bookingReference").GetString());
        Assert.DoesNotContain("station-names", html);
        Assert.DoesNotContain("host-shim.js", html);
    }

    [Fact]
    public void The_script_tag_helper_writes_the_tag_when_no_widget_did()
    {
        using var page = new TestPage();
        var html = page.Render(page.Script(), "refund-widgets-script");
        Assert.Equal($"<script src=\"/_content/RefundWidgets.AspNetCore/host-shim.js\" integrity=\"{TestPage.ShimIntegrity}\" crossorigin=\"anonymous\" defer></script>", html);
    }

    [Fact]
    public void Include_script_false_leaves_the_tag_to_the_layout()
    {
        using var page = new TestPage();
        var lookup = page.Lookup();
        lookup.IncludeScript = false;
        var html = page.Render(lookup, "lookup-widget");
        Assert.Equal("<div id=\"lookup-widget\">" + Content("lookup-widget") + "</div>", html);
        Assert.Contains("host-shim.js", page.Render(page.Script(), "refund-widgets-script"));
    }

    [Fact]
    public void Lookup_widget_writes_its_actions_and_no_json_blocks()
    {
        using var page = new TestPage();
        var helper = page.Lookup();
        helper.Action = "/ConfirmRefund";
        helper.DisruptionAction = "/Home/Disruption";
        var html = page.Render(helper, "lookup-widget");
        Assert.StartsWith("<div id=\"lookup-widget\" data-action=\"/ConfirmRefund\" data-disruption-action=\"/Home/Disruption\">" + Content("lookup-widget") + "</div><script src=", html);
        Assert.DoesNotContain("application/json", html);
    }

    [Fact]
    public void Disruption_widget_writes_its_status_url_and_the_finished_view()
    {
        using var page = new TestPage();
        var questions = page.Disruption();
        questions.Details = Details;
        questions.Stations = Stations;
        questions.StatusUrl = "/Refund/Status?bookingReference=A&b";
        Assert.Contains("<div id=\"disruption-widget\" data-refund-status-url=\"/Refund/Status?bookingReference=A&amp;b\">" + Content("disruption-widget") + "</div>", page.Render(questions, "disruption-widget"));

        using var other = new TestPage();
        var finished = other.Disruption();
        finished.Details = Details;
        finished.Stations = Stations;
        finished.View = "finished";
        Assert.StartsWith("<div id=\"disruption-widget\" data-view=\"finished\">" + Content("disruption-widget") + "</div>", other.Render(finished, "disruption-widget"));
    }

    [Fact]
    public void Refund_widget_unavailable_view_and_appeal_link()
    {
        using var page = new TestPage();
        var helper = page.Refund();
        helper.Details = Details;
        helper.Stations = Stations;
        helper.View = "unavailable";
        helper.AppealLink = false;
        Assert.StartsWith("<div id=\"refund-widget\" data-view=\"unavailable\" data-appeal-link=\"false\">" + Content("refund-widget") + "</div>", page.Render(helper, "refund-widget"));
    }

    [Fact]
    public void Missing_required_attributes_name_themselves()
    {
        using var page = new TestPage();
        var refund = page.Refund();
        refund.Details = Details;
        refund.Stations = Stations;
        refund.StatusUrl = "/s";
        Assert.Contains("dry-run-url", Assert.Throws<InvalidOperationException>(() => page.Render(refund, "refund-widget")).Message);

        var claim = page.ManualClaim();
        claim.Details = Details;
        claim.Stations = Stations;
        Assert.Contains("journey-id", Assert.Throws<InvalidOperationException>(() => page.Render(claim, "manual-claim-widget")).Message);

        var disruption = page.Disruption();
        disruption.Details = Details;
        disruption.Stations = Stations;
        Assert.Contains("status-url", Assert.Throws<InvalidOperationException>(() => page.Render(disruption, "disruption-widget")).Message);

        var summary = page.JourneySummary();
        summary.Stations = Stations;
        Assert.Contains("details", Assert.Throws<InvalidOperationException>(() => page.Render(summary, "journey-summary-widget")).Message);
        summary.Details = Details;
        summary.Stations = null;
        Assert.Contains("stations", Assert.Throws<InvalidOperationException>(() => page.Render(summary, "journey-summary-widget")).Message);
    }
}
