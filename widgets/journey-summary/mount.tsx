import { createMount } from '../../shared/mount/createMount';
import { JourneySummary } from './JourneySummary';
import { readJourneySummaryConfig } from './validation';

/**
 * The journeySummary remote's exposed `./mount` (docs/host-contract.md "The widgets"): reads the Details JSON
 * and station names of the page and renders the selected journey panel into `element`.
 * Missing Details → `Missing JSON data from DOM`; missing station map → reported, clear message.
 */
export const mount = createMount('journeySummary', (element) => (
  <JourneySummary {...readJourneySummaryConfig(element)} />
));
