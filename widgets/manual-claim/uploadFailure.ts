/**
 * What a failed upload says beside the photo's name (docs/uploads.md "What the traveller reads"): the server's
 * own text when it refused the photo with one, else a plain sentence that says what to do. No HTTP status,
 * code or exception name reaches the traveller (docs/product-rules.md section 8).
 */
import { isTransientFailure, toWidgetError } from '../../shared/api/policy';
import { serverText } from '../../shared/api/serverText';
import { failureText } from '../../shared/errors/WidgetError';
import { texts, REFUSAL } from './texts';

/**
 * The longest server text shown beside a photo's name: a longer one is a page or a dump, not a sentence, and the
 * plain sentence says better what to do (docs/uploads.md "What the traveller reads").
 */
export const MAX_SERVER_TEXT = 300;

/** HTTP status of an upload the server found too large. */
const TOO_LARGE_STATUS = 413;

/**
 * The text of a failed upload (docs/uploads.md "What the traveller reads"):
 *
 * - a stale page (403 to the upload): the reload text of docs/security.md;
 * - a timeout, no answer, 408, 429 or 5xx (it may mend, and the photo shows "Try again"): a plain
 *   sentence, whatever the body says;
 * - any other refusal (409 duplicate or too many, 413, 415 …): the server's own text (shared/api/serverText.ts:
 *   never markup, JSON without a message or a made-up message) when it is at most {@link MAX_SERVER_TEXT}
 *   characters, else for a 413 'The selected file must be smaller than 10 MB', else a plain sentence asking for
 *   another photo.
 *
 * @param error any value an upload rejected with
 * @returns the sentence shown beside the photo's name
 */
export function uploadFailureText(error: unknown): string {
  const failure = toWidgetError(error);
  if (failure.code === 'TIMEOUT') return texts.uploadTimedOut;
  if (failure.code === 'NETWORK_ERROR') return texts.uploadNoAnswer;
  if (failure.code !== 'API_ERROR') return failureText(failure, texts.uploadServerError);
  if (isTransientFailure(failure)) return texts.uploadServerError;
  const text = serverText(failure);
  if (text !== undefined && text.length <= MAX_SERVER_TEXT) return text;
  return failure.status === TOO_LARGE_STATUS ? REFUSAL.tooBig : texts.uploadRefused;
}
