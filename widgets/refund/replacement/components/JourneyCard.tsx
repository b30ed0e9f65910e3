import { useScopedId } from '../../../../shared/hooks/useScopedId';
import { formatPence } from '../../../../shared/format/money';
import { formatDate, formatTime, instantMs } from '../../../../shared/format/time';
import { ModeIcon, modeIcon } from '../../../../shared/journey/ModeIcon';
import { stationName } from '../../../../shared/page/readPageData';
import type { StationNames } from '../../../../shared/types';
import { texts } from '../texts';
import type { LookupJourney, LookupLeg } from '../types';

/** One direction of a candidate journey, as a card shows it. */
export interface DirectionView {
  /** `dd/MM/yyyy` of the first departure; '' when empty. */
  date: string;
  /** `HH:mm` (London time) of the first leg's departure and the last leg's arrival. */
  departs: string;
  arrives: string;
  origin: string;
  destination: string;
  changes: number;
  /** The distinct modes with an icon, in leg order. */
  modes: string[];
}

/**
 * One direction of a looked-up journey (docs/product-rules.md section 2 "Journey picker"): legs sorted by departure,
 * codes named ('Unknown' when the map has none); null when `legs` is empty.
 */
export function describeDirection(legs: LookupLeg[], stations: StationNames): DirectionView | null {
  if (legs.length === 0) return null;
  const sorted = legs
    .map((leg, index) => ({ leg, index, at: instantMs(leg.originDepartTime) }))
    .sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity) || a.index - b.index)
    .map(({ leg }) => leg);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const modes: string[] = [];
  for (const leg of sorted) {
    const key = leg.mode.trim().toUpperCase();
    if (modeIcon(key) !== null && !modes.includes(key)) modes.push(key);
  }
  return {
    date: formatDate(first.originDepartTime),
    departs: formatTime(first.originDepartTime),
    arrives: formatTime(last.destinationArriveTime),
    origin: stationName(stations, first.originCRS),
    destination: stationName(stations, last.destinationCRS),
    changes: sorted.length - 1,
    modes,
  };
}

export function changesText(changes: number): string {
  return changes <= 0 ? texts.direct : texts.changes(changes);
}

/** A card radio's accessible name, e.g. `London Kings Cross to Newcastle, 20/02/2027 10:00[, return …]`. */
export function journeyLabel(journey: LookupJourney, stations: StationNames): string {
  const out = describeDirection(journey.legRecordsOut, stations);
  const back = describeDirection(journey.legRecordsRtn, stations);
  if (out === null) return `${texts.bookingReference} ${journey.bookingReference}`.trim();
  const label = `${out.origin} to ${out.destination}, ${out.date} ${out.departs}`.trim();
  return back === null ? label : `${label}, return ${back.date} ${back.departs}`.trim();
}

function Direction({ label, view }: { label: string; view: DirectionView }) {
  return (
    <span className="rw-journey-card__direction">
      <span className="rw-journey-card__direction-label">
        {label} {view.date}
      </span>
      <span className="rw-journey-card__times">
        {view.departs} {view.origin} – {view.arrives} {view.destination}
      </span>
      <span className="rw-journey-card__meta">
        <span className="rw-journey-card__changes">{changesText(view.changes)}</span>
        {view.modes.length > 0 && (
          <span className="rw-journey-card__modes">
            {view.modes.map((mode) => (
              <ModeIcon key={mode} mode={mode} />
            ))}
          </span>
        )}
      </span>
    </span>
  );
}

export interface JourneyCardProps {
  journey: LookupJourney;
  stations: StationNames;
  name: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: (journeyID: number) => void;
}

/**
 * A candidate journey as a selectable card (docs/product-rules.md section 2 "Journey picker"): a real radio inside a
 * label covering the card, so click, Space and the arrow keys work as in any radio group.
 */
export function JourneyCard({ journey, stations, name, checked, disabled = false, onSelect }: JourneyCardProps) {
  const id = useScopedId('rw-journey-card');
  const out = describeDirection(journey.legRecordsOut, stations);
  const back = describeDirection(journey.legRecordsRtn, stations);
  return (
    <label
      htmlFor={`${id}-radio`}
      className={checked ? 'rw-journey-card rw-journey-card--selected' : 'rw-journey-card'}
    >
      <input
        type="radio"
        id={`${id}-radio`}
        className="rw-journey-card__radio"
        name={name}
        value={String(journey.journeyID)}
        checked={checked}
        disabled={disabled}
        aria-label={journeyLabel(journey, stations)}
        aria-describedby={`${id}-details`}
        onChange={() => onSelect(journey.journeyID)}
      />
      <span id={`${id}-details`} className="rw-journey-card__body">
        {out && <Direction label={texts.outward} view={out} />}
        {back && <Direction label={texts.return} view={back} />}
        <span className="rw-journey-card__cost">
          {texts.totalCost} <strong>{formatPence(journey.totalCost)}</strong>
        </span>
        {journey.bookingReference && (
          <span className="rw-journey-card__reference">
            {texts.bookingReference}: {journey.bookingReference}
          </span>
        )}
      </span>
    </label>
  );
}
