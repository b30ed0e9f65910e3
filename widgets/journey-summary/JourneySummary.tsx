import { SelectedJourney, selectedJourneyTitle } from '../../shared/journey/SelectedJourney';
import { Accordion } from '../../shared/ui/Accordion';
import type { JourneySummaryConfig } from './types';

/**
 * The standalone journey summary widget's top component (docs/host-contract.md "The widgets":
 * `journeySummary`; docs/product-rules.md section 2 "Journey summary widgets").
 *
 * Choice: the selected journey panel inside an Accordion that starts shown, titled with the
 * panel's heading ('Selected Journey: {origin} to {destination}') at heading level 2. On a host
 * page the summary is secondary content, so the traveller can fold it away. The panel's own
 * heading is left out (`showHeading={false}`) so the title is not read twice; the Accordion's
 * heading takes its place, and the 'Outward'/'Return' labels stay at level 3.
 */
export function JourneySummary({ details, stations }: JourneySummaryConfig) {
  return (
    <div className="rw-journey-summary">
      <Accordion title={selectedJourneyTitle(details, stations)} startShown headingLevel={2}>
        <SelectedJourney details={details} stations={stations} headingLevel={2} showHeading={false} />
      </Accordion>
    </div>
  );
}
