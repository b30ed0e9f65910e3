import type { DryRunResult, RefundStatus } from '../../shared/types';
import type { Panel } from './types';

/** Net refund in pence: ticketsRefundValue − adminFee (docs/product-rules.md section 9). */
export function netRefund(status: RefundStatus): number {
  return status.ticketsRefundValue - status.adminFee;
}

/** Net replacement in pence: ticketsReplaceValue − adminFeeReplacement (docs/product-rules.md section 9). */
export function netReplacement(status: RefundStatus): number {
  return status.ticketsReplaceValue - status.adminFeeReplacement;
}

/**
 * The one panel the refund page shows, by docs/product-rules.md "Which panel" in order; a null `dryRun` (failed)
 * counts as refundValue 0. Pure; never throws.
 */
export function selectPanel(status: RefundStatus, dryRun: DryRunResult | null): Panel {
  if (!status.isCancelled && status.isPrinted) return 'manual';
  const refundValue = dryRun?.refundValue ?? 0;
  if (refundValue > 0 && netRefund(status) >= netReplacement(status)) return 'instant';
  const replaceable = !status.isCancelled && !status.isPrinted && !status.isScanned;
  if (replaceable && (netReplacement(status) > 0 || (status.canDeferExchange && status.ticketsReplaceValue > 0))) {
    return 'replacement';
  }
  return 'unavailable';
}
