import { createMount } from '../../shared/mount/createMount';
import { readRefundConfig } from './pageConfig';
import { RefundWidget } from './RefundWidget';

/**
 * The refund remote's exposed `./mount` (docs/architecture.md "Federation"): reads and validates the page
 * data once, then renders the refund page into `element`. Returns `unmount`.
 */
export const mount = createMount('refund', (element, options) => {
  const config = readRefundConfig(element, element.ownerDocument, options.search);
  return <RefundWidget config={config} element={element} />;
});
