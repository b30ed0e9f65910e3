import { createMount } from '../../shared/mount/createMount';
import { JourneySummary } from './JourneySummary';
import { readJourneySummaryConfig } from './validation';

/** The journeySummary remote's `./mount` (docs/host-contract.md "The widgets"): Details and station names. */
export const mount = createMount('journeySummary', (element) => (
  <JourneySummary {...readJourneySummaryConfig(element)} />
));
