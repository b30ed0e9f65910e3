import { SelectedJourney, selectedJourneyTitle } from '../../shared/journey/SelectedJourney';
import { Accordion } from '../../shared/ui/Accordion';
import type { JourneySummaryConfig } from './types';

/**
 * The journey summary widget (docs/product-rules.md "Journey summary widgets"): the selected journey panel in an
 * Accordion that starts open, its title the panel's heading, so the heading is not read twice.
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
