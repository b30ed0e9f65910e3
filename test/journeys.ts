/**
 * Journeys for tests, from the one fixture set (`fixtures/bookings.json`, `fixtures/stations.json`;
 * the states are listed in docs/demo-bookings.md), and {@link writePageData}, which puts page data
 * on a document as a host page would.
 *
 * A test that needs a shape picks the fixture state that has it: `instant` (KXB7HT2N, London Kings
 * Cross to Edinburgh return, split at York), `instant-tube` (a Tube leg across London),
 * `instant-ship` (a ferry leg), `instant-bus` (a rail replacement bus leg, without a train
 * record). A shape no fixture has is made from one in the test by a small, named change.
 */
import bookings from '../fixtures/bookings.json';
import stations from '../fixtures/stations.json';
import type { Details, StationNames } from '../shared/types';

/** A state of fixtures/bookings.json. */
export type BookingState = keyof typeof bookings;

/** The station names of fixtures/stations.json, as the host pages embed them. */
export const STATIONS: StationNames = stations;

/**
 * The Details of a fixture state, a fresh deep copy each call (as a page would deliver it).
 *
 * @param state the state of fixtures/bookings.json (default `instant`, booking KXB7HT2N)
 * @param overrides top-level fields to replace; `JourneyPlannerResults` fields are merged
 * @returns the Details
 */
export function detailsOf(
  state: BookingState = 'instant',
  overrides: Partial<Omit<Details, 'JourneyPlannerResults'>> & {
    JourneyPlannerResults?: Partial<Details['JourneyPlannerResults']>;
  } = {},
): Details {
  const base = bookings[state].details as unknown as Details;
  const { JourneyPlannerResults, ...top } = overrides;
  return copyThroughJson({
    ...base,
    ...top,
    JourneyPlannerResults: { ...base.JourneyPlannerResults, ...JourneyPlannerResults },
  });
}

/** The Details of a fixture state with its return journeys taken away (a single). */
export function withoutReturn(state: BookingState = 'instant'): Details {
  return detailsOf(state, { JourneyPlannerResults: { returnJourneys: [] } });
}

/** A deep copy through JSON, as a page would deliver it. */
function copyThroughJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** What {@link writePageData} puts on the page; a string is written as the raw JSON text. */
export interface PageDataFixture {
  details?: unknown;
  stations?: unknown;
  detailsId?: string;
  /** Content of `<meta name="max-admin-fee">`; omitted → no meta element. */
  maxAdminFee?: string;
}

/**
 * Writes page data into a document as a host page would (script elements and meta), replacing
 * what an earlier call wrote. Returns a function that removes it.
 */
export function writePageData(doc: Document, fixture: PageDataFixture): () => void {
  doc.querySelectorAll('[data-test-page-data]').forEach((node) => node.remove());
  const added: Element[] = [];
  const script = (id: string, value: unknown) => {
    const element = doc.createElement('script');
    element.type = 'application/json';
    element.id = id;
    element.setAttribute('data-test-page-data', '');
    element.textContent = typeof value === 'string' ? value : JSON.stringify(value);
    doc.body.appendChild(element);
    added.push(element);
  };
  if (fixture.details !== undefined) script(fixture.detailsId ?? 'refund-details', fixture.details);
  if (fixture.stations !== undefined) script('station-names', fixture.stations);
  if (fixture.maxAdminFee !== undefined) {
    const meta = doc.createElement('meta');
    meta.name = 'max-admin-fee';
    meta.content = fixture.maxAdminFee;
    meta.setAttribute('data-test-page-data', '');
    doc.head.appendChild(meta);
    added.push(meta);
  }
  return () => added.forEach((node) => node.remove());
}
