import type { RefundStatus } from '../../shared/types';
import { netRefund, netReplacement } from './selectPanel';
import { texts } from './texts';

/**
 * Why an automatic refund is not possible, completing "…because {reason}." (docs/product-rules.md section 4
 * "Reasons on the refund unavailable page"); a null status is "something went wrong". Pure; never throws.
 */
export function unavailableReason(status: RefundStatus | null): string {
  if (!status) return texts.reasonWentWrong;
  if (status.isCancelled) return texts.reasonCancelled;
  if (status.isScanned) return texts.reasonScanned;
  if (netRefund(status) <= 0 && netReplacement(status) <= 0) return texts.reasonNoValue;
  return texts.reasonWentWrong;
}
