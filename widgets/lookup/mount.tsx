import { createMount } from '../../shared/mount/createMount';
import { LookupWidget } from './LookupWidget';
import { readLookupConfig } from './pageConfig';

/**
 * The lookup remote's exposed `./mount` (docs/architecture.md "Federation"): reads `data-action`,
 * `data-disruption-action`, `data-support-email` and the query (no Details needed), then renders
 * the start page's lookup form into `element`. Returns `unmount`.
 * An unsafe action attribute shows a clear message in the mount point (INVALID_PAGE_DATA).
 */
export const mount = createMount('lookup', (element, options) => (
  <LookupWidget config={readLookupConfig(element, options.search)} />
));
