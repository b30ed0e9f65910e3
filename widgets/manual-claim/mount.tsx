import { createMount } from '../../shared/mount/createMount';
import { ManualClaimWidget } from './ManualClaimWidget';
import { readManualClaimConfig } from './pageConfig';

/**
 * The manualClaim remote's exposed `./mount` (docs/architecture.md "Federation"; mount id
 * `manual-claim-widget`, route /ManualRefund): reads and validates the page data once, then
 * renders the evidence screen into `element`. Returns `unmount`.
 */
export const mount = createMount('manualClaim', (element, options) => {
  const config = readManualClaimConfig(element, element.ownerDocument, options.search);
  return <ManualClaimWidget config={config} element={element} />;
});
