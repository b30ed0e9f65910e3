/** The manual claim's calls (docs/product-rules.md section 7; docs/architecture.md "One request layer"). */
import { apiUrl, newIdempotencyKey, postCommitting, postFile, postWithoutBody } from '../../shared/api/client';
import { sha256Hex } from './photoCheck';
import type { SubmitClaimRequest } from './types';

/** Each image is POSTed here as multipart field `file` with header `Journey-Id`. */
export const UPLOAD_PATH = '/tickets/upload';
export const SUBMIT_CLAIM_PATH = '/tickets/submit-claim';

/** The upload URL against the host's `data-api-base` (dropzone's `url` option; dropzone sends nothing itself). */
export function uploadUrl(): string {
  return apiUrl(UPLOAD_PATH);
}

export function deletePath(uploadId: string): string {
  return `/tickets/delete/${encodeURIComponent(uploadId)}`;
}

/**
 * POST /tickets/submit-claim exactly once with `idempotencyKey` (docs/architecture.md "Exactly once").
 * @throws WidgetError TIMEOUT, NETWORK_ERROR, API_ERROR
 */
export async function submitClaim(request: SubmitClaimRequest, idempotencyKey: string): Promise<void> {
  await postCommitting(SUBMIT_CLAIM_PATH, request, idempotencyKey);
}

/**
 * POST /tickets/delete/{uploadId}; not retried: a failed delete keeps the file listed with a retry.
 * @throws WidgetError TIMEOUT, NETWORK_ERROR, API_ERROR, FORBIDDEN
 */
export async function deleteUpload(uploadId: string): Promise<void> {
  await postWithoutBody(deletePath(uploadId));
}

/**
 * One photo's upload Idempotency-Key (docs/offline.md "Photos"): SHA-256 hex of `journeyId` and the photo's `digest`,
 * the same in any tab and after reload; a random key without `crypto.subtle` or a digest.
 */
export async function uploadKey(journeyId: string, digest: string | null): Promise<string> {
  const key = digest === null ? null : await sha256Hex(new TextEncoder().encode(`${journeyId}\n${digest}`));
  return key ?? newIdempotencyKey();
}

/**
 * POSTs one resized photo to /tickets/upload (field `file`, header `Journey-Id`, its key), retried after a transient
 * failure; `signal` aborts it. Resolves to the answer's text (the upload id).
 * @throws WidgetError TIMEOUT, NETWORK_ERROR, API_ERROR, FORBIDDEN
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
