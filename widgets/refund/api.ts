/** The refund page's calls (docs/product-rules.md section 7). */
import { getJson, postCommitting } from '../../shared/api/client';
import type { ConfirmRefundRequest, DryRunResult } from '../../shared/types';
import { parseDryRun } from './validation';

/** GET the dry run from the page-given URL. @throws WidgetError */
export async function fetchDryRun(url: string): Promise<DryRunResult> {
  return parseDryRun(await getJson(url));
}

/** POST /api/ProcessRefund exactly once with `idempotencyKey`. @throws WidgetError */
export async function processRefund(request: ConfirmRefundRequest, idempotencyKey: string): Promise<void> {
  await postCommitting('/api/ProcessRefund', request, idempotencyKey);
}
