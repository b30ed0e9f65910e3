using System.Text.Encodings.Web;
using System.Text.Json;

namespace RefundWidgets.AspNetCore;

/// <summary>
/// JSON for <c>&lt;script type="application/json"&gt;</c> blocks (host contract: the Details and
/// station-name blocks).
/// </summary>
public static class RefundWidgetsJson
{
    private static readonly JsonSerializerOptions Options = new()
    {
        // Escapes <, >, &, quotes, + and every character outside Basic Latin (U+2028 and U+2029
        // included) as \uXXXX, so no value can end the script element, open a comment or break a
        // JavaScript parser that reads the text.
        Encoder = JavaScriptEncoder.Default,
        WriteIndented = false,
    };

    /// <summary>
    /// Serialises <paramref name="value"/> (any object, a <see cref="JsonElement"/>, a dictionary) so the
    /// text is inert inside a script element: it contains no <c>&lt;</c>, <c>&gt;</c> or <c>&amp;</c>,
    /// and no U+2028/U+2029, whatever the strings hold.
    /// </summary>
    /// <returns>JSON text; <c>null</c> for a null value.</returns>
    public static string ForScriptBlock(object? value)
    {
        var json = JsonSerializer.Serialize(value, value?.GetType() ?? typeof(object), Options);
        // The encoder guarantees this; a violation would be a framework change, so fail loudly.
        if (json.AsSpan().IndexOfAny("<>&\u2028\u2029") >= 0)
        {
            throw new InvalidOperationException("refund-widgets: JSON for a script block was not fully escaped.");
        }
        return json;
    }
}
