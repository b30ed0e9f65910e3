import { createMount } from '../../shared/mount/createMount';
import { LookupWidget } from './LookupWidget';
import { readLookupConfig } from './pageConfig';

/** The lookup remote's `./mount` (docs/architecture.md "Federation"): needs no Details; returns `unmount`. */
export const mount = createMount('lookup', (element, options) => (
  <LookupWidget config={readLookupConfig(element, options.search)} />
));
