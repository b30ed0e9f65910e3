/**
 * What a failed upload says beside the photo's name (docs/uploads.md "What the traveller reads"): the server's
 * own text when it refused the photo with one, else a plain sentence that says what to do. No HTTP status,
 * code or exception name reaches the traveller (docs/product-rules.md section 8).
 */
import { isTransientFailure, serverMessage, toWidgetError } from '../../shared/api/policy';
import { failureText } from '../../shared/errors/WidgetError';
import { CTEXT, REFUSAL } from './texts';

/** The longest server text shown as it came; a longer body is a page or a dump, not a sentence. */
export const MAX_SERVER_TEXT = 300;

/** HTTP status of an upload the server found too large. */
const TOO_LARGE_STATUS = 413;

/**
 * The server's text of an error body, when it is one a traveller can read: the message of docs/decisions.md
 * "Server error answers", trimmed, at most {@link MAX_SERVER_TEXT} characters, and not markup or JSON (an
 * HTML error page of a proxy, or an object without a message, which `serverMessage` gives back as JSON).
 *
 * @param body the answer's body as text (WidgetError `body`), or undefined
 * @returns the text, or null when there is none a traveller can read
 */
export function readableServerText(body: string | undefined): string | null {
  const text = serverMessage(body ?? '').trim();
  if (text === '' || text.length > MAX_SERVER_TEXT || /^[<{[]/.test(text)) return null;
  return text;
}

/**
 * The text of a failed upload (docs/uploads.md "What the traveller reads"):
 *
 * - a stale page (403 to the upload): the reload text of docs/security.md;
 * - a timeout, no answer, 408, 429 or 5xx (it may mend, and the photo shows "Try again"): a plain
 *   sentence, whatever the body says;
 * - any other refusal (409 duplicate or too many, 413, 415 …): the server's text
 *   ({@link readableServerText}), else for a 413 'The selected file must be smaller than 10 MB', else a
 *   plain sentence asking for another photo.
 *
 * @param error any value an upload rejected with
 * @returns the sentence shown beside the photo's name
 */
export function uploadFailureText(error: unknown): string {
  const failure = toWidgetError(error);
  if (failure.code === 'TIMEOUT') return CTEXT.uploadTimedOut;
  if (failure.code === 'NETWORK_ERROR') return CTEXT.uploadNoAnswer;
  if (failure.code !== 'API_ERROR') return failureText(failure, CTEXT.uploadServerError);
  if (isTransientFailure(failure)) return CTEXT.uploadServerError;
  const text = readableServerText(failure.body);
  if (text !== null) return text;
  return failure.status === TOO_LARGE_STATUS ? REFUSAL.tooBig : CTEXT.uploadRefused;
}
