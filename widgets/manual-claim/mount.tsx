import { createMount } from '../../shared/mount/createMount';
import { ManualClaimWidget } from './ManualClaimWidget';
import { readManualClaimConfig } from './pageConfig';

/** The manualClaim remote's `./mount` (docs/architecture.md "Federation"): validates page data; returns `unmount`. */
export const mount = createMount('manualClaim', (element, options) => {
  const config = readManualClaimConfig(element, element.ownerDocument, options.search);
  return <ManualClaimWidget config={config} element={element} />;
});
