/**
 * Hand-built journey data for the three shared/journey tests that still use it (LegSummary,
 * SelectedJourney, buildJourney); every other test takes its journeys from fixtures/ through
 * test/journeys.ts. To go: those three move to fixtures/bookings.json, and this file with them.
 *
 * The default booking `KXB7HT2N`:
 * - Outward, Saturday 14/03/2026: London Kings Cross 08:00 → York 09:52 (train calling at
 *   Peterborough and Doncaster), then York 10:10 → Edinburgh 12:45 (train calling at Newcastle).
 *   The train records run beyond each leg, so some stops fall outside the leg's window.
 * - Return, Saturday 21/03/2026: Edinburgh 16:00 → York 18:30 (train calling at Newcastle),
 *   York 18:45 → Doncaster 19:40 by rail replacement BUS, Doncaster 19:55 → London Kings Cross
 *   21:40 (train calling at Peterborough), London Kings Cross 21:50 → London Euston 22:00 by TUBE.
 * `buildFerryDetails()`: London Waterloo → Portsmouth Harbour by train (two stops only), then
 * Portsmouth Harbour → Ryde Pier Head by SHIP, on 04/07/2026 with no return.
 */
import type { Details, FareDetail, Journey, LegRecord, StationNames, Stop, TrainRecord } from '../shared/types';

/** The empty date as it appears in stop times. */
export const NO_TIME = '0001-01-01T00:00:00';

/** Station names of every code used below. */
export const STATIONS: StationNames = {
  KGX: 'London Kings Cross',
  EDB: 'Edinburgh',
  YRK: 'York',
  PBO: 'Peterborough',
  DON: 'Doncaster',
  NCL: 'Newcastle',
  EUS: 'London Euston',
  WAT: 'London Waterloo',
  PMH: 'Portsmouth Harbour',
  RYP: 'Ryde Pier Head',
};

/** A stop; either time may be {@link NO_TIME}. */
export function buildStop(crs: string, arriveTime: string, departTime: string): Stop {
  return { crs, arriveTime, departTime };
}

/** A leg record with sensible defaults (a TRAIN leg KGX → YRK with no train record). */
export function buildLeg(overrides: Partial<LegRecord> & Pick<LegRecord, 'legRecordID'>): LegRecord {
  return {
    trainRecordID: null,
    originDepartTime: '2026-03-14T08:00:00',
    destinationArriveTime: '2026-03-14T09:52:00',
    originCRS: 'KGX',
    destinationCRS: 'YRK',
    mode: 'TRAIN',
    ...overrides,
  };
}

const D1 = '2026-03-14T';
const D2 = '2026-03-21T';

/** Leg records, deliberately not in time order. */
export const LEG_RECORDS: LegRecord[] = [
  buildLeg({
    legRecordID: 12,
    trainRecordID: 102,
    originDepartTime: `${D1}10:10:00`,
    destinationArriveTime: `${D1}12:45:00`,
    originCRS: 'YRK',
    destinationCRS: 'EDB',
  }),
  buildLeg({
    legRecordID: 11,
    trainRecordID: 101,
    originDepartTime: `${D1}08:00:00`,
    destinationArriveTime: `${D1}09:52:00`,
    originCRS: 'KGX',
    destinationCRS: 'YRK',
  }),
  buildLeg({
    legRecordID: 21,
    trainRecordID: 103,
    originDepartTime: `${D2}16:00:00`,
    destinationArriveTime: `${D2}18:30:00`,
    originCRS: 'EDB',
    destinationCRS: 'YRK',
  }),
  buildLeg({
    legRecordID: 22,
    trainRecordID: null,
    originDepartTime: `${D2}18:45:00`,
    destinationArriveTime: `${D2}19:40:00`,
    originCRS: 'YRK',
    destinationCRS: 'DON',
    mode: 'BUS',
  }),
  buildLeg({
    legRecordID: 23,
    trainRecordID: 104,
    originDepartTime: `${D2}19:55:00`,
    destinationArriveTime: `${D2}21:40:00`,
    originCRS: 'DON',
    destinationCRS: 'KGX',
  }),
  buildLeg({
    legRecordID: 24,
    originDepartTime: `${D2}21:50:00`,
    destinationArriveTime: `${D2}22:00:00`,
    originCRS: 'KGX',
    destinationCRS: 'EUS',
    mode: 'TUBE',
  }),
];

/** Train records 101-104, each running beyond the leg that uses it. */
export const TRAIN_RECORDS: TrainRecord[] = [
  {
    // KGX → EDB service; the passenger rides KGX → YRK.
    trainRecordID: 101,
    stops: [
      buildStop('KGX', NO_TIME, `${D1}08:00:00`),
      buildStop('PBO', `${D1}08:45:00`, `${D1}08:46:00`),
      buildStop('DON', `${D1}09:25:00`, `${D1}09:26:00`),
      buildStop('YRK', `${D1}09:52:00`, `${D1}09:55:00`),
      buildStop('NCL', `${D1}10:52:00`, `${D1}10:55:00`),
      buildStop('EDB', `${D1}12:20:00`, NO_TIME),
    ],
  },
  {
    // KGX → EDB service; the passenger rides YRK → EDB.
    trainRecordID: 102,
    stops: [
      buildStop('KGX', NO_TIME, `${D1}08:30:00`),
      buildStop('YRK', `${D1}10:07:00`, `${D1}10:10:00`),
      buildStop('NCL', `${D1}11:05:00`, `${D1}11:07:00`),
      buildStop('EDB', `${D1}12:45:00`, NO_TIME),
    ],
  },
  {
    trainRecordID: 103,
    stops: [
      buildStop('EDB', NO_TIME, `${D2}16:00:00`),
      buildStop('NCL', `${D2}17:30:00`, `${D2}17:32:00`),
      buildStop('YRK', `${D2}18:30:00`, `${D2}18:33:00`),
      buildStop('DON', `${D2}18:55:00`, `${D2}18:56:00`),
    ],
  },
  {
    trainRecordID: 104,
    stops: [
      buildStop('YRK', NO_TIME, `${D2}19:20:00`),
      buildStop('DON', `${D2}19:53:00`, `${D2}19:55:00`),
      buildStop('PBO', `${D2}20:50:00`, `${D2}20:52:00`),
      buildStop('KGX', `${D2}21:40:00`, NO_TIME),
    ],
  },
];

/** One off-peak return fare, London Kings Cross (UIC 7061210) to Edinburgh (UIC 7093280), £154.30. */
export const FARE_DETAILS: FareDetail[] = [
  {
    ticketCode: 'SVR',
    routeCode: '00000',
    fromUIC: '7061210',
    toUIC: '7093280',
    advanceBooking: 0,
    ticketDescription: 'OFF-PEAK RETURN',
    tickets: [{ ticketsIssued: [{ count: 1, price: 15430 }] }],
  },
];

/** The outward journey (legs 11, 12) and the return journey (legs 21-24). */
export const OUTBOUND: Journey = { journeyID: 1, legs: [{ legRecordID: 11 }, { legRecordID: 12 }] };
export const RETURN: Journey = {
  journeyID: 2,
  legs: [{ legRecordID: 21 }, { legRecordID: 22 }, { legRecordID: 23 }, { legRecordID: 24 }],
};

/**
 * The default booking (see the file comment), a fresh deep copy each call.
 *
 * @param overrides top-level fields to replace; `JourneyPlannerResults` fields are merged
 */
export function buildDetails(
  overrides: Partial<Omit<Details, 'JourneyPlannerResults'>> & {
    JourneyPlannerResults?: Partial<Details['JourneyPlannerResults']>;
  } = {},
): Details {
  const base: Details = {
    bookingReference: 'KXB7HT2N',
    email: 'traveller@example.com',
    JourneyPlannerResults: {
      outboundJourneys: [OUTBOUND, { journeyID: 3, legs: [{ legRecordID: 24 }] }],
      returnJourneys: [RETURN],
      legRecords: LEG_RECORDS,
      trainRecords: TRAIN_RECORDS,
      fareDetails: FARE_DETAILS,
    },
  };
  const { JourneyPlannerResults, ...top } = overrides;
  return structuredCloneJson({
    ...base,
    ...top,
    JourneyPlannerResults: { ...base.JourneyPlannerResults, ...JourneyPlannerResults },
  });
}

/** The default booking with no return journey. */
export function buildSingleDetails(): Details {
  return buildDetails({ JourneyPlannerResults: { returnJourneys: [] } });
}

/** London Waterloo → Portsmouth Harbour (train, two stops) → Ryde Pier Head (SHIP), booking E-123456789. */
export function buildFerryDetails(): Details {
  const day = '2026-07-04T';
  return structuredCloneJson({
    bookingReference: 'E-123456789',
    email: 'traveller@example.com',
    JourneyPlannerResults: {
      outboundJourneys: [{ journeyID: 7, legs: [{ legRecordID: 71 }, { legRecordID: 72 }] }],
      returnJourneys: [],
      legRecords: [
        buildLeg({
          legRecordID: 72,
          originDepartTime: `${day}10:45:00`,
          destinationArriveTime: `${day}11:07:00`,
          originCRS: 'PMH',
          destinationCRS: 'RYP',
          mode: 'SHIP',
        }),
        buildLeg({
          legRecordID: 71,
          trainRecordID: 701,
          originDepartTime: `${day}09:00:00`,
          destinationArriveTime: `${day}10:35:00`,
          originCRS: 'WAT',
          destinationCRS: 'PMH',
        }),
      ],
      trainRecords: [
        {
          trainRecordID: 701,
          stops: [buildStop('WAT', NO_TIME, `${day}09:00:00`), buildStop('PMH', `${day}10:35:00`, NO_TIME)],
        },
      ],
      fareDetails: [],
    },
  });
}

/** A deep copy through JSON, as a page would deliver it. */
function structuredCloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
