using System.Net;
using System.Net.Http.Headers;
using System.Text;

namespace ExampleRail.Tests;

/// <summary>
/// The proxy and <c>Idempotency-Key</c> (docs/host-contract.md "Idempotency-Key: what the API keeps"): the
/// backend keeps each key's answer, so the proxy must hand it the header as the widget sent it, on the
/// photo upload and on the committing calls, and hand back the backend's answers, its 422 for a key
/// reused with another body included, unchanged. Each test starts its own site in front of a recording
/// stand-in of the backend.
/// </summary>
public sealed class IdempotencyKeyTests : IDisposable
{
    /// <summary>A key as the widget makes one for a photo: the journey id and the SHA-256 of the photo's bytes.</summary>
    private const string UploadKey = "700101:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    private const string Reused = "{\"message\":\"This Idempotency-Key was already used for a different request.\"}";

    private readonly SiteFactory site = new();

    public void Dispose() => site.Dispose();

    /// <summary>A POST of a traveller who saw the booking page: its cookies and antiforgery token, and the key when given.</summary>
    private static HttpRequestMessage Post(string path, BookingPageVisit visit, HttpContent content, string? key)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = content };
        request.Headers.Add("Cookie", visit.Cookie);
        request.Headers.Add("RequestVerificationToken", visit.Token);
        if (key is not null) request.Headers.Add("Idempotency-Key", key);
        return request;
    }

    /// <summary>One photo as the widget uploads it: the field <c>file</c> of a multipart body, header <c>Journey-Id</c>.</summary>
    private static MultipartFormDataContent Photo()
    {
        var file = new ByteArrayContent(Encoding.ASCII.GetBytes("stand-in photo bytes"));
        file.Headers.ContentType = new MediaTypeHeaderValue("image/png");
        return new MultipartFormDataContent("rw-test-boundary") { { file, "file", "photo.png" } };
    }

    [Fact]
    public async Task The_upload_s_Idempotency_Key_and_Journey_Id_reach_the_backend_as_sent_with_the_photo()
    {
        var client = site.Client();
        var visit = await site.VisitBookingPageAsync(client);
        using var request = Post("/tickets/upload", visit, Photo(), UploadKey);
        request.Headers.Add("Journey-Id", "700101");
        site.Backend.Answer = _ => (HttpStatusCode.OK, "\"Vb3xQ9rT2mK8pL4nW7cY1dZ5\"", []);

        var answer = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        Assert.Equal("\"Vb3xQ9rT2mK8pL4nW7cY1dZ5\"", await answer.Content.ReadAsStringAsync());
        var forwarded = Assert.Single(site.Backend.Forwarded);
        Assert.Equal("/tickets/upload", forwarded.AbsolutePath);
        Assert.Equal(UploadKey, forwarded.Headers["Idempotency-Key"]);
        Assert.Equal("700101", forwarded.Headers["Journey-Id"]);
        Assert.Equal("multipart/form-data; boundary=\"rw-test-boundary\"", forwarded.Headers["Content-Type"]);
        Assert.Contains("name=file; filename=photo.png", forwarded.Body);
        Assert.Contains("\r\n\r\nstand-in photo bytes\r\n--rw-test-boundary--", forwarded.Body);
    }

    [Theory]
    [InlineData("/api/ProcessRefund")]
    [InlineData("/api/ProcessRefundWithReplacement")]
    [InlineData("/tickets/submit-claim")]
    public async Task A_committing_call_s_Idempotency_Key_reaches_the_backend_as_sent(string path)
    {
        var client = site.Client();
        var visit = await site.VisitBookingPageAsync(client);
        const string key = "6f1c2a7e-3b9d-4c55-8e21-0a4b7d9c3f10";
        using var request = Post(path, visit, new StringContent("{\"Ctr\":\"KXB7HT2N\"}", Encoding.UTF8, "application/json"), key);

        var answer = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        var forwarded = Assert.Single(site.Backend.Forwarded);
        Assert.Equal(path, forwarded.AbsolutePath);
        Assert.Equal(key, forwarded.Headers["Idempotency-Key"]);
        Assert.Equal("{\"Ctr\":\"KXB7HT2N\"}", forwarded.Body);
    }

    [Theory]
    [InlineData("/api/ProcessRefund")]
    [InlineData("/tickets/upload")]
    public async Task A_request_without_Idempotency_Key_reaches_the_backend_without_one(string path)
    {
        var client = site.Client();
        var visit = await site.VisitBookingPageAsync(client);
        using var request = Post(path, visit, path == "/tickets/upload" ? Photo() : new StringContent("{}", Encoding.UTF8, "application/json"), key: null);
        request.Headers.Add("Journey-Id", "700101");

        var answer = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        var forwarded = Assert.Single(site.Backend.Forwarded);
        Assert.False(forwarded.Headers.ContainsKey("Idempotency-Key"));
    }

    [Theory]
    [InlineData("/tickets/upload")]
    [InlineData("/api/ProcessRefund")]
    [InlineData("/api/ProcessRefundWithReplacement")]
    [InlineData("/tickets/submit-claim")]
    public async Task The_backend_s_422_for_a_key_reused_with_another_body_comes_back_unchanged(string path)
    {
        var client = site.Client();
        var visit = await site.VisitBookingPageAsync(client);
        using var request = Post(path, visit, path == "/tickets/upload" ? Photo() : new StringContent("{\"a\":2}", Encoding.UTF8, "application/json"), UploadKey);
        request.Headers.Add("Journey-Id", "700102");
        site.Backend.Answer = _ => (HttpStatusCode.UnprocessableEntity, Reused, []);

        var answer = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.UnprocessableEntity, answer.StatusCode);
        Assert.Equal("application/json; charset=utf-8", answer.Content.Headers.ContentType?.ToString());
        Assert.Equal(Reused, await answer.Content.ReadAsStringAsync());
        var forwarded = Assert.Single(site.Backend.Forwarded);
        Assert.Equal(UploadKey, forwarded.Headers["Idempotency-Key"]);
    }
}
