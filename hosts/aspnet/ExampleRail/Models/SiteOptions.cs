namespace ExampleRail.Models;

/// <summary>The site's own settings (section <c>Site</c> of appsettings.json).</summary>
public sealed class SiteOptions
{
    /// <summary>Shown in the header and after every title: <c>Ticket refunds - Example Rail</c>.</summary>
    public string Name { get; set; } = "Example Rail";
    /// <summary><c>data-appeals-email</c> of the refund widget.</summary>
    public string AppealsEmail { get; set; } = "appeals@example.co.uk";
    /// <summary><c>data-support-email</c> of every widget.</summary>
    public string SupportEmail { get; set; } = "support@example.co.uk";
    /// <summary>Content of <c>&lt;meta name="max-admin-fee"&gt;</c>, in pounds.</summary>
    public string MaxAdminFeePounds { get; set; } = "10";
}

/// <summary>Where the reference backend is (section <c>Backend</c>); <c>Backend:ValidateAntiforgery</c> sets the package's option.</summary>
public sealed class BackendOptions
{
    /// <summary>Base URL of the reference backend, e.g. <c>http://127.0.0.1:8080</c>.</summary>
    public string Url { get; set; } = "http://127.0.0.1:8080";

    /// <summary>
    /// The backend's server-to-server key for its <c>/host-data/*</c> routes, sent as the header
    /// <c>X-Host-Data-Key</c> (environment <c>Backend__HostDataKey</c>); none when unset.
    /// </summary>
    public string? HostDataKey { get; set; }
}
