import { createMount } from '../../shared/mount/createMount';
import { DisruptionWidget } from './DisruptionWidget';
import { readDisruptionConfig } from './pageConfig';

/**
 * The disruption remote's exposed `./mount` (docs/architecture.md "Federation"): reads and validates the
 * page data once (Details, station names, `data-refund-status-url`, `data-support-email`,
 * `data-view`, targets, query), then renders the disruption funnel (or, with
 * `data-view="finished"`, the Finished page's outcome) into `element`. Returns `unmount`.
 */
export const mount = createMount('disruption', (element, options) => {
  const config = readDisruptionConfig(element, element.ownerDocument, options.search);
  return <DisruptionWidget config={config} />;
});
