/** What a failed upload says beside the photo's name (docs/uploads.md "What the traveller reads"). */
import { isTransientFailure, toWidgetError } from '../../shared/api/policy';
import { serverText } from '../../shared/api/serverText';
import { failureText } from '../../shared/errors/WidgetError';
import { texts, REFUSAL } from './texts';

/** The longest server text shown beside a photo: a longer one is a page or a dump, not a sentence. */
export const MAX_SERVER_TEXT = 300;

const TOO_LARGE_STATUS = 413;

/**
 * The sentence beside a failed photo: a stale page (403) the reload text; a transient failure (timeout, no answer,
 * 408, 429, 5xx) a plain sentence; another refusal the server's own text up to {@link MAX_SERVER_TEXT} characters,
 * else 413's size text or a plain sentence asking for another photo.
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
