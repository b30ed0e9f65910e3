import { useMemo } from 'react';
import { useScopedId } from '../hooks/useScopedId';
import { formatDate } from '../format/time';
import { stationName } from '../page/readPageData';
import type { Details, StationNames } from '../types';
import { buildLegs, firstOutbound, firstReturn, journeyEnds, type LegView } from './buildJourney';
import { LegSummary, NO_LEGS_TEXT } from './LegSummary';
import './SelectedJourney.css';

/** Heading when the outward journey has no legs to name its ends. */
export const SELECTED_JOURNEY_TEXT = 'Selected Journey';

/**
 * The panel's heading text (docs/product-rules.md section 2 "Selected journey panel").
 *
 * @returns 'Selected Journey: {origin} to {destination}', the origin being the first outward leg's
 *   origin and the destination the last outward leg's destination (by departure time; names via
 *   the station map, 'Unknown' when unnamed); 'Selected Journey' when there are no outward legs
 */
export function selectedJourneyTitle(details: Details, stations: StationNames): string {
  const ends = journeyEnds(buildLegs(details, firstOutbound(details)));
  if (ends === null) return SELECTED_JOURNEY_TEXT;
  return `${SELECTED_JOURNEY_TEXT}: ${stationName(stations, ends.originCRS)} to ${stationName(stations, ends.destinationCRS)}`;
}

/** 'Outward (14/03/2026)': the label and the date of the first leg's departure, when it has one. */
function summaryLabel(label: string, legs: LegView[]): string {
  const date = formatDate(legs[0]?.originDepartTime);
  return date === '' ? label : `${label} (${date})`;
}

export interface SelectedJourneyProps {
  details: Details;
  stations: StationNames;
  /** Level of the panel heading (default 2); the leg summaries' labels are one level below. */
  headingLevel?: 2 | 3;
  /**
   * Show the panel heading (default true). False when a container already shows the title, e.g.
   * an Accordion titled with {@link selectedJourneyTitle}; the labels keep `headingLevel + 1`.
   */
  showHeading?: boolean;
}

/**
 * The selected journey panel (docs/product-rules.md section 2): the heading 'Selected Journey: {origin} to
 * {destination}', an 'Outward (dd/MM/yyyy)' leg summary of the first outbound journey, a
 * 'Return (dd/MM/yyyy)' summary when a first return journey with legs exists, and a small line
 * 'Booking reference: {bookingReference}'. All server text is rendered as text. When the outbound
 * journey has no legs, the summaries are replaced by 'Journey details are not available for this
 * booking.'
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
