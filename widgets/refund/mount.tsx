import { createMount } from '../../shared/mount/createMount';
import { readRefundConfig } from './pageConfig';
import { RefundWidget } from './RefundWidget';

/** The refund remote's `./mount` (docs/architecture.md "Federation"): validates page data once; returns `unmount`. */
export const mount = createMount('refund', (element, options) => {
  const config = readRefundConfig(element, element.ownerDocument, options.search);
  return <RefundWidget config={config} element={element} />;
});
