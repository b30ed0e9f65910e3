/** The disruption widget's call (docs/product-rules.md section 7): the refund status from the page-given URL. */
import { getJson } from '../../shared/api/client';
import { parseRefundStatusResponse } from '../../shared/api/refundStatus';
import type { RefundStatusResponse } from '../../shared/types';

/** GET the refund status from `url` and validate it. @throws WidgetError */
export async function fetchRefundStatus(url: string): Promise<RefundStatusResponse> {
  return parseRefundStatusResponse(await getJson(url));
}
