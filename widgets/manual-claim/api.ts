/** The manual claim's calls (docs/product-rules.md section 7). Uploads themselves go through dropzone (components/UploadArea.tsx). */
import type { AxiosInstance } from 'axios';
import { apiUrl, loadApi, postCommitting, toWidgetError } from '../../shared/api/client';
import type { SubmitClaimRequest } from './types';

/** The fixed upload path; dropzone POSTs each image here as multipart field `file` with header `Journey-Id`. */
export const UPLOAD_PATH = '/tickets/upload';
/** The fixed submit path. */
export const SUBMIT_CLAIM_PATH = '/tickets/submit-claim';

/** The upload URL against the host's `data-api-base`. */
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
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR)
 */
export async function deleteUpload(uploadId: string): Promise<void> {
  try {
    const api = await loadApi();
    await api.post(apiUrl(deletePath(uploadId)), undefined, {
      timeout: 20_000,
      'axios-retry': { retries: 0 },
    } as Parameters<AxiosInstance['post']>[2]);
  } catch (error) {
    throw toWidgetError(error);
  }
}
