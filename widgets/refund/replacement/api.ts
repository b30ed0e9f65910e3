/** The replacement path's calls (docs/product-rules.md section 7). Deferral uses `processRefund` of `../api`. */
import { postCommitting, postJson } from '../../../shared/api/client';
import type { DryRunResult, RefundStatusResponse } from '../../../shared/types';
import { parseDryRun } from '../validation';
import type { LookupJourney, LookupRequest, ReplacementRequest } from './types';
import { parseLookupResponse } from './validation';

/**
 * The protected reference the replacement path sends: `replacementProtectedReference`, else `protectedReference`
 * (docs/decisions.md "What each line shows or sends"); none means nothing is sent (docs/product-rules.md section 6).
 */
export function replacementProtectedReference(
  response: Pick<RefundStatusResponse, 'protectedReference' | 'replacementProtectedReference'>,
): string | null {
  return response.replacementProtectedReference ?? response.protectedReference;
}

/** Fixed API paths of docs/product-rules.md section 7 used here. */
export const LOOKUP_PATH = '/api/LookupJourneys';
export const REPLACEMENT_DRY_RUN_PATH = '/api/ProcessRefundWithReplacement/DryRun';
export const REPLACEMENT_PATH = '/api/ProcessRefundWithReplacement';

/**
 * POST /api/LookupJourneys (not retried): the journeys of the items with a refund status, maybe `[]`.
 * @throws WidgetError TIMEOUT, NETWORK_ERROR, API_ERROR (the server's text), INVALID_RESPONSE
 */
export async function lookupJourneys(request: LookupRequest): Promise<LookupJourney[]> {
  return parseLookupResponse(await postJson(LOOKUP_PATH, request));
}

/**
 * POST /api/ProcessRefundWithReplacement/DryRun: the picker's amounts (`refundValue` in pence).
 * @throws WidgetError TIMEOUT, NETWORK_ERROR, API_ERROR (the server's text), INVALID_RESPONSE
 */
export async function replacementDryRun(request: ReplacementRequest): Promise<DryRunResult> {
  return parseDryRun(await postJson(REPLACEMENT_DRY_RUN_PATH, request));
}

/**
 * POST /api/ProcessRefundWithReplacement exactly once with `idempotencyKey` (docs/architecture.md "Exactly once").
 * @throws WidgetError TIMEOUT, NETWORK_ERROR, API_ERROR
 */
export async function processReplacement(request: ReplacementRequest, idempotencyKey: string): Promise<void> {
  await postCommitting(REPLACEMENT_PATH, request, idempotencyKey);
}
