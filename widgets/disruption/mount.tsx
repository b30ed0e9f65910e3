import { createMount } from '../../shared/mount/createMount';
import { DisruptionWidget } from './DisruptionWidget';
import { readDisruptionConfig } from './pageConfig';

/** The disruption remote's `./mount` (docs/architecture.md "Federation"): validates page data; returns `unmount`. */
export const mount = createMount('disruption', (element, options) => {
  const config = readDisruptionConfig(element, element.ownerDocument, options.search);
  return <DisruptionWidget config={config} />;
});
