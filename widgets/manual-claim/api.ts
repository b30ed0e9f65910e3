/**
 * The manual claim's calls (docs/product-rules.md section 7), all through the request layer
 * (shared/api/client.ts; docs/architecture.md "One request layer"). Dropzone takes, checks and
 * resizes the photos (components/UploadArea.tsx); the upload itself is {@link uploadPhoto}.
 */
import { apiUrl, newIdempotencyKey, postCommitting, postFile, postWithoutBody } from '../../shared/api/client';
import { sha256Hex } from './photoCheck';
import type { SubmitClaimRequest } from './types';

/** The fixed upload path: each image is POSTed here as multipart field `file` with header `Journey-Id`. */
export const UPLOAD_PATH = '/tickets/upload';
/** The fixed submit path. */
export const SUBMIT_CLAIM_PATH = '/tickets/submit-claim';

/** The upload URL against the host's `data-api-base` (dropzone's `url` option; dropzone itself sends nothing). */
export function uploadUrl(): string {
  return apiUrl(UPLOAD_PATH);
}

/** The delete path of one upload, its id percent-encoded. */
export function deletePath(uploadId: string): string {
  return `/tickets/delete/${encodeURIComponent(uploadId)}`;
}

/**
 * POST /tickets/submit-claim exactly once with `idempotencyKey` (docs/architecture.md "Exactly once"); any
 * 2xx is success whatever the body. @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR)
 */
export async function submitClaim(request: SubmitClaimRequest, idempotencyKey: string): Promise<void> {
  await postCommitting(SUBMIT_CLAIM_PATH, request, idempotencyKey);
}

/**
 * POST /tickets/delete/{uploadId} with no body (docs/product-rules.md section 7); any 2xx is success. Not
 * retried automatically: a failed delete keeps the file listed with a retry (docs/architecture.md).
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, FORBIDDEN)
 */
export async function deleteUpload(uploadId: string): Promise<void> {
  await postWithoutBody(deletePath(uploadId));
}

/**
 * The Idempotency-Key of one photo's upload (docs/offline.md "Photos"): the SHA-256, as 64 hex
 * digits, of the journey id and the photo's digest, so the same photo for the same claim always
 * has the same key, in any tab and after a reload. Where the browser has no `crypto.subtle` (or the
 * photo no digest), a new random key: tries of this upload still share it.
 *
 * @param journeyId the claim's journey id (`Journey-Id`)
 * @param digest the SHA-256 of the photo's original bytes (photoCheck.ts), or null
 */
export async function uploadKey(journeyId: string, digest: string | null): Promise<string> {
  const key = digest === null ? null : await sha256Hex(new TextEncoder().encode(`${journeyId}\n${digest}`));
  return key ?? newIdempotencyKey();
}

/**
 * POSTs one resized photo to /tickets/upload (docs/product-rules.md section 7) through the request
 * layer: multipart field `file` with the photo's name, header `Journey-Id`, and the photo's
 * Idempotency-Key ({@link uploadKey}); tried again after a transient failure (shared/api/client.ts
 * `postFile`).
 *
 * @param journeyId the `Journey-Id` header
 * @param photo its `name`, its resized `blob` and its `key`
 * @param signal aborts the upload (the photo was removed)
 * @returns the answer's body text (the upload id, as validation.ts `parseUploadId` reads it)
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, FORBIDDEN)
 */
export function uploadPhoto(
  journeyId: string,
  photo: { name: string; blob: Blob; key: string },
  signal?: AbortSignal,
): Promise<string> {
  return postFile(UPLOAD_PATH, {
    field: 'file',
    filename: photo.name,
    blob: photo.blob,
    headers: { 'Journey-Id': journeyId },
    idempotencyKey: photo.key,
    signal,
  });
}
