/**
 * The server's own text of a failed call, the one reader every widget uses to show it
 * (docs/decisions.md "The server's own text"). It reads the body as shared/api/policy.ts
 * `serverMessage` does (docs/decisions.md "Server error answers") and keeps only what a traveller
 * can read.
 */
import { serverMessage, toWidgetError } from './policy';

/** The longest server text shown; a longer one is cut with an ellipsis. */
export const SERVER_TEXT_MAX = 2000;

/** Markup rather than a text: a tag, a comment or a doctype (a proxy's HTML error page or a piece of one). */
const MARKUP = /^<[a-z!?/]/i;

/**
 * Whether `text` is JSON but no message: an object or list `serverMessage` found no message in
 * (it gives those back as JSON), JSON cut off in the middle, `null`, a number or a boolean. A
 * message that is itself a JSON string (`"quoted"`) is a text.
 */
function isJsonWithoutMessage(text: string): boolean {
  if (text.startsWith('{') || text.startsWith('[')) return true;
  try {
    return typeof JSON.parse(text) !== 'string';
  } catch {
    return false;
  }
}

/**
 * The server's own text of a failed call, for the traveller to read (docs/decisions.md "The
 * server's own text"; docs/product-rules.md section 8 "The server's own error codes are not
 * shown"): the message of an answer's body (plain text, `{message}`, `{error}`, `{Message}`,
 * `{title}`, `{detail}` or a bare JSON string, as docs/decisions.md "Server error answers" says),
 * trimmed, and nothing else.
 *
 * Never the HTTP status, an error code, a URL, an exception or chunk name, nor a text the widgets
 * or the HTTP client made up ("Network Error", "timeout of …ms exceeded", "Server responded with
 * 500 code.", a validation message): a failure with no answer (a timeout, no connection, code that
 * did not load), an answer of the wrong shape, or an answer with no text of its own gives
 * undefined. Markup (a proxy's HTML error page) and JSON without a message (an object or list
 * without one, `null`, a number, a boolean, JSON cut off) are not a text either. The caller shows
 * the text as text, never as markup.
 *
 * @param error a failure: a WidgetError of shared/api/client.ts, or any thrown value (read with
 *   {@link toWidgetError}, so only an answer of the server, `API_ERROR` or `FORBIDDEN`, has a text)
 * @returns the server's text, at most {@link SERVER_TEXT_MAX} characters (a longer one is cut,
 *   ending in "…"), or undefined when it gave none a traveller can read
 */
export function serverText(error: unknown): string | undefined {
  const failure = toWidgetError(error);
  if (failure.code !== 'API_ERROR' && failure.code !== 'FORBIDDEN') return undefined;
  const text = serverMessage(failure.body).trim();
  if (text === '' || MARKUP.test(text) || isJsonWithoutMessage(text)) return undefined;
  return text.length > SERVER_TEXT_MAX ? `${text.slice(0, SERVER_TEXT_MAX - 1)}…` : text;
}
