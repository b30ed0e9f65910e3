import { useMemo } from 'react';
import { useScopedId } from '../hooks/useScopedId';
import { formatDate } from '../format/time';
import { stationName } from '../page/readPageData';
import type { Details, StationNames } from '../types';
import { buildLegs, firstOutbound, firstReturn, journeyEnds, type LegView } from './buildJourney';
import { LegSummary, NO_LEGS_TEXT } from './LegSummary';
import './SelectedJourney.css';

export const SELECTED_JOURNEY_TEXT = 'Selected Journey';

/** 'Selected Journey: {origin} to {destination}' of the outward legs, or 'Selected Journey' without legs (docs/product-rules.md section 2). */
export function selectedJourneyTitle(details: Details, stations: StationNames): string {
  const ends = journeyEnds(buildLegs(details, firstOutbound(details)));
  if (ends === null) return SELECTED_JOURNEY_TEXT;
  return `${SELECTED_JOURNEY_TEXT}: ${stationName(stations, ends.originCRS)} to ${stationName(stations, ends.destinationCRS)}`;
}

function summaryLabel(label: string, legs: LegView[]): string {
  const date = formatDate(legs[0]?.originDepartTime);
  return date === '' ? label : `${label} (${date})`;
}

export interface SelectedJourneyProps {
  details: Details;
  stations: StationNames;
  headingLevel?: 2 | 3;
  /** False when a container already shows the title (an Accordion); labels keep `headingLevel + 1`. */
  showHeading?: boolean;
}

/**
 * The selected journey panel (docs/product-rules.md section 2): heading, outward and return leg
 * summaries, and the booking reference; server text is rendered as text.
 */
export function SelectedJourney({ details, stations, headingLevel = 2, showHeading = true }: SelectedJourneyProps) {
  const headingId = useScopedId('rw-selected-journey');
  const outward = useMemo(() => buildLegs(details, firstOutbound(details)), [details]);
  const back = useMemo(() => buildLegs(details, firstReturn(details)), [details]);
  const title = selectedJourneyTitle(details, stations);
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  const labelLevel = (headingLevel + 1) as 3 | 4;

  return (
    <section className="rw-selected-journey" aria-labelledby={showHeading ? headingId : undefined}>
      {showHeading && (
        <Heading id={headingId} className="rw-selected-journey__heading">
          {title}
        </Heading>
      )}
      {outward.length === 0 ? (
        <p className="rw-selected-journey__empty">{NO_LEGS_TEXT}</p>
      ) : (
        <>
          <LegSummary
            label={summaryLabel('Outward', outward)}
            legs={outward}
            stations={stations}
            headingLevel={labelLevel}
          />
          {back.length > 0 && (
            <LegSummary
              label={summaryLabel('Return', back)}
              legs={back}
              stations={stations}
              headingLevel={labelLevel}
            />
          )}
        </>
      )}
      <p className="rw-selected-journey__reference">Booking reference: {details?.bookingReference ?? ''}</p>
    </section>
  );
}
