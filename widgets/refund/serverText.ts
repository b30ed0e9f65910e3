import { serverMessage, toWidgetError } from '../../shared/api/policy';

/** The longest server text shown; a longer one is cut with an ellipsis. */
const SERVER_TEXT_MAX = 2000;

/** A web page rather than a text: what a proxy or web server sends for its own error pages. */
const WEB_PAGE = /^\s*<(?:!doctype|html|head|body)\b/i;

/** The fields of a JSON error body that hold the server's text (docs/decisions.md "Server error answers"). */
const MESSAGE_FIELDS = ['message', 'error', 'Message', 'title', 'detail'];

/**
 * Whether `body` is JSON other than a string: `null`, a number, a boolean, or an object or list
 * that has none of {@link MESSAGE_FIELDS} as a string.
 */
function isJsonWithoutMessage(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'string') return false;
    if (parsed === null || typeof parsed !== 'object') return true;
    const record = parsed as Record<string, unknown>;
    return !MESSAGE_FIELDS.some((field) => typeof record[field] === 'string');
  } catch {
    return false;
  }
}

/**
 * The server's own text of a failed call, for the traveller to read (docs/product-rules.md
 * section 8 "The server's own error codes are not shown"; docs/decisions.md "The refund page's
 * words and amounts"): the message of an answer's body (plain text, `{message}`, `{error}`, … as
 * docs/decisions.md "Server error answers" says), and nothing else.
 *
 * Never the HTTP status, an error code, a URL, an exception or chunk name, nor a text the widgets
 * or the HTTP client made up ("Network Error", "timeout of …ms exceeded", "Server responded with
 * 500 code.", a validation message): a failure with no answer, or an answer with no text of its
 * own, gives ''. A web page (a proxy's HTML error page) or JSON without a message is not a text
 * either. The text is shown as text, never as markup.
 *
 * @param error any thrown value (a WidgetError of shared/api/client.ts, or anything else)
 * @returns the server's text, trimmed and at most {@link SERVER_TEXT_MAX} characters, or ''
 */
export function serverText(error: unknown): string {
  const failure = toWidgetError(error);
  const body = failure.body ?? '';
  if (failure.code !== 'API_ERROR' && failure.code !== 'FORBIDDEN') return '';
  if (body.trim() === '' || WEB_PAGE.test(body) || isJsonWithoutMessage(body)) return '';
  const text = serverMessage(body).trim();
  return text.length > SERVER_TEXT_MAX ? `${text.slice(0, SERVER_TEXT_MAX - 1)}…` : text;
}
