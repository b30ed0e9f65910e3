import { useRef, useState } from 'react';
import { useIdScope, useScopedId } from '../hooks/useScopedId';
import { formatTime } from '../format/time';
import { stationName } from '../page/readPageData';
import type { StationNames } from '../types';
import type { LegView, StopView } from './buildJourney';
import { ModeIcon } from './ModeIcon';
import './LegSummary.css';

/** Shown instead of legs when a journey has none. */
export const NO_LEGS_TEXT = 'Journey details are not available for this booking.';
/** Label before a leg's mode icon and mode (docs/product-rules.md section 2). */
export const TRAVEL_VIA_TEXT = 'Travel via';
export const HIDE_STOPS_HINT = 'Select a station to hide the intermediate stops';

/** `1 intermediate stop`, `N intermediate stops` (docs/decisions.md "Texts the rules leave out"). */
export function intermediateStopsText(count: number): string {
  return count === 1 ? '1 intermediate stop' : `${count} intermediate stops`;
}

export interface LegSummaryProps {
  label: string;
  /** Already sorted by {@link buildLegs}. */
  legs: LegView[];
  stations: StationNames;
  headingLevel?: 2 | 3 | 4 | 5;
}

function StopLine({
  stop,
  stations,
  modifier,
}: {
  stop: StopView;
  stations: StationNames;
  modifier: 'first' | 'last';
}) {
  return (
    <li className={`rw-stop rw-stop--${modifier}`}>
      <span className="rw-stop__time">{formatTime(stop.time)}</span>{' '}
      <span className="rw-stop__station">{stationName(stations, stop.crs)}</span>
    </li>
  );
}

function StopsLeg({ leg, stations }: { leg: LegView; stations: StationNames }) {
  const [shown, setShown] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const at = useIdScope();
  const listId = at('rw-leg-stops');
  const hintId = at('rw-leg-hint');
  const first = leg.stops[0];
  const last = leg.stops[leg.stops.length - 1];
  const intermediate = leg.stops.slice(1, -1);

  const hide = () => {
    setShown(false);
    toggle.current?.focus();
  };

  return (
    <li className="rw-leg rw-leg--stops">
      <ol className="rw-leg__stops">
        <StopLine stop={first} stations={stations} modifier="first" />
        {intermediate.length > 0 && (
          <li className="rw-leg__intermediate">
            <button
              ref={toggle}
              type="button"
              className="rw-leg__toggle"
              aria-expanded={shown}
              aria-controls={listId}
              onClick={() => setShown((open) => !open)}
            >
              {intermediateStopsText(intermediate.length)}
            </button>
            <ol id={listId} className="rw-leg__intermediate-stops" hidden={!shown}>
              {intermediate.map((stop, index) => (
                <li key={`${stop.crs}-${index}`} className="rw-stop rw-stop--intermediate">
                  <span className="rw-stop__time">{formatTime(stop.time)}</span>{' '}
                  <button
                    type="button"
                    className="rw-stop__station rw-stop__station--button"
                    aria-describedby={hintId}
                    onClick={hide}
                  >
                    {stationName(stations, stop.crs)}
                  </button>
                </li>
              ))}
            </ol>
            <span id={hintId} hidden>
              {HIDE_STOPS_HINT}
            </span>
          </li>
        )}
        <StopLine stop={last} stations={stations} modifier="last" />
      </ol>
    </li>
  );
}

function ViaLeg({ leg, stations }: { leg: LegView; stations: StationNames }) {
  const mode = typeof leg.mode === 'string' ? leg.mode.toLowerCase() : '';
  return (
    <li className="rw-leg rw-leg--via">
      <div className="rw-stop rw-stop--first">
        <span className="rw-stop__time">{formatTime(leg.originDepartTime)}</span>{' '}
        <span className="rw-stop__station">{stationName(stations, leg.originCRS)}</span>
      </div>
      <div className="rw-leg__via">
        <span className="rw-leg__via-label">{TRAVEL_VIA_TEXT}</span> <ModeIcon mode={leg.mode} />{' '}
        <span className="rw-leg__mode">{mode}</span>
      </div>
      <div className="rw-stop rw-stop--last">
        <span className="rw-stop__time">{formatTime(leg.destinationArriveTime)}</span>{' '}
        <span className="rw-stop__station">{stationName(stations, leg.destinationCRS)}</span>
      </div>
    </li>
  );
}

/**
 * The legs of one journey under a label (docs/product-rules.md section 2): stops with times, the
 * intermediate ones behind a toggle; legs without stops show origin, 'Travel via' and destination.
 */
export function LegSummary({ label, legs, stations, headingLevel = 3 }: LegSummaryProps) {
  const labelId = useScopedId('rw-leg-summary');
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4' | 'h5';
  return (
    <section className="rw-leg-summary" aria-labelledby={labelId}>
      <Heading id={labelId} className="rw-leg-summary__label">
        {label}
      </Heading>
      {legs.length === 0 ? (
        <p className="rw-leg-summary__empty">{NO_LEGS_TEXT}</p>
      ) : (
        <ol className="rw-leg-summary__legs">
          {legs.map((leg, index) =>
            leg.stops.length >= 2 ? (
              <StopsLeg key={`${leg.legRecordID}-${index}`} leg={leg} stations={stations} />
            ) : (
              <ViaLeg key={`${leg.legRecordID}-${index}`} leg={leg} stations={stations} />
            ),
          )}
        </ol>
      )}
    </section>
  );
}
