import type { RefundStatus } from '../../shared/types';
import { netRefund, netReplacement } from './selectPanel';
import { texts } from './texts';

/**
 * Why an automatic refund is not possible (docs/product-rules.md section 4 "Reasons on the refund unavailable
 * page", checked in order): 1 `isCancelled` → already refunded; 2 `isScanned` → ticket used;
 * 3 net refund and net replacement both ≤ 0 (pence) → no refund available; 4 otherwise (or no
 * status at all) → something went wrong. Pure; never throws.
 *
 * @returns the reason as it completes "…because {reason}."
 */
export function unavailableReason(status: RefundStatus | null): string {
  if (!status) return texts.reasonWentWrong;
  if (status.isCancelled) return texts.reasonCancelled;
  if (status.isScanned) return texts.reasonScanned;
  if (netRefund(status) <= 0 && netReplacement(status) <= 0) return texts.reasonNoValue;
  return texts.reasonWentWrong;
}
