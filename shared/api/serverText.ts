/** The server's own text of a failed call, as every widget shows it (docs/decisions.md "The server's own text"). */
import { serverMessage, toWidgetError } from './policy';

/** The longest server text shown; a longer one is cut with an ellipsis. */
export const SERVER_TEXT_MAX = 2000;

/** A tag, comment or doctype: a proxy's HTML error page. */
const MARKUP = /^<[a-z!?/]/i;

/** Whether `text` is JSON but no message (object, list, cut-off JSON, null, number, boolean); a JSON string is a text. */
function isJsonWithoutMessage(text: string): boolean {
  if (text.startsWith('{') || text.startsWith('[')) return true;
  try {
    return typeof JSON.parse(text) !== 'string';
  } catch {
    return false;
  }
}

/**
 * The trimmed message of an `API_ERROR` or `FORBIDDEN` answer's body, cut to {@link SERVER_TEXT_MAX}
 * with "…"; undefined for any other failure, markup, or JSON without a message. Never a status, code,
 * URL or client-made text (docs/decisions.md "The server's own text"). Shown as text, never markup.
 */
export function serverText(error: unknown): string | undefined {
  const failure = toWidgetError(error);
  if (failure.code !== 'API_ERROR' && failure.code !== 'FORBIDDEN') return undefined;
  const text = serverMessage(failure.body).trim();
  if (text === '' || MARKUP.test(text) || isJsonWithoutMessage(text)) return undefined;
  return text.length > SERVER_TEXT_MAX ? `${text.slice(0, SERVER_TEXT_MAX - 1)}…` : text;
}
