/**
 * Pure functions that turn the Details JSON into what the journey summary shows (docs/product-rules.md
 * sections 2 and 3): legs resolved and sorted, each with the stops of its train record that fall
 * within the leg.
 */
import { pickTime, instantMs } from '../format/time';
import type { Details, Journey, LegRecord, Stop, TrainRecord } from '../types';

/** A stop of a leg, as shown. */
export interface StopView {
  crs: string;
  /**
   * The time to show: the departure time (the arrival time when the departure is the empty date),
   * except at the leg's last stop, where it is the arrival time (or the departure when the arrival
   * is empty). May itself be empty when both are.
   */
  time: string;
  arriveTime: string;
  departTime: string;
}

/** A leg of a journey, resolved from its leg record, with its stops. */
export interface LegView {
  legRecordID: number;
  /** The transport mode as given (TRAIN, TUBE, SHIP, BUS, or another string that shows no icon). */
  mode: string;
  originCRS: string;
  destinationCRS: string;
  originDepartTime: string;
  destinationArriveTime: string;
  /** The leg record's train record id; null when it has none. */
  trainRecordID: number | null;
  /** True when the leg names a train record and the Details contain it. */
  hasTrainRecord: boolean;
  /**
   * The train record's stops whose time lies within the leg's window (origin departure to
   * destination arrival, inclusive), in the record's order; `[]` without a train record or when
   * the leg's times are empty.
   */
  stops: StopView[];
}

/** The two ends of a journey. */
export interface JourneyEnds {
  originCRS: string;
  destinationCRS: string;
}

/**
 * The first outbound journey (docs/product-rules.md section 3: only the first outbound and first return journey
 * are used).
 *
 * @returns the journey, or null when there is none
 */
export function firstOutbound(details: Details): Journey | null {
  return details?.JourneyPlannerResults?.outboundJourneys?.[0] ?? null;
}

/**
 * The first return journey (docs/product-rules.md section 3).
 *
 * @returns the journey, or null when there is none (a single)
 */
export function firstReturn(details: Details): Journey | null {
  return details?.JourneyPlannerResults?.returnJourneys?.[0] ?? null;
}

/** Indexes records by id, keeping the first record of each id. */
function byId<T>(records: T[] | undefined, id: (record: T) => number | null | undefined): Map<number, T> {
  const map = new Map<number, T>();
  for (const record of records ?? []) {
    const key = id(record);
    if (typeof key === 'number' && !map.has(key)) map.set(key, record);
  }
  return map;
}

const inWindow = (ms: number | null, start: number, end: number): boolean => ms !== null && ms >= start && ms <= end;

/**
 * The stops of a train record within a leg's window (docs/product-rules.md section 3). A stop is kept when its
 * departure or its arrival lies between the leg's origin departure and destination arrival
 * inclusive, an empty time (`0001-01-01`) being replaced by the stop's other time; so the origin
 * (where the train may arrive earlier) and the destination (where it may leave later) are kept.
 */
function stopsWithin(leg: LegRecord, record: TrainRecord | undefined): StopView[] {
  const start = instantMs(leg.originDepartTime);
  const end = instantMs(leg.destinationArriveTime);
  if (record === undefined || start === null || end === null) return [];
  const kept = (record.stops ?? []).filter((stop: Stop) => {
    const departs = instantMs(pickTime(stop.departTime, stop.arriveTime));
    const arrives = instantMs(pickTime(stop.arriveTime, stop.departTime));
    return inWindow(departs, start, end) || inWindow(arrives, start, end);
  });
  return kept.map((stop, index) => ({
    crs: stop.crs,
    arriveTime: stop.arriveTime,
    departTime: stop.departTime,
    time:
      index === kept.length - 1
        ? pickTime(stop.arriveTime, stop.departTime)
        : pickTime(stop.departTime, stop.arriveTime),
  }));
}

/**
 * Resolves the legs of a journey (docs/product-rules.md section 3).
 *
 * @param details the Details JSON (validated by `readDetails`)
 * @param journey a journey of those Details, e.g. {@link firstOutbound}; null/undefined → `[]`
 * @returns one {@link LegView} per leg whose leg record exists (legs naming an unknown record are
 *   skipped), sorted by origin departure time ascending (legs with an empty or unparsable time
 *   last, ties in journey order), each with the stops of its train record within the leg's window
 */
export function buildLegs(details: Details, journey: Journey | null | undefined): LegView[] {
  const results = details?.JourneyPlannerResults;
  const legRecords = byId(results?.legRecords, (leg) => leg.legRecordID);
  const trainRecords = byId(results?.trainRecords, (train) => train.trainRecordID);

  const views: LegView[] = [];
  for (const ref of journey?.legs ?? []) {
    const leg = legRecords.get(ref?.legRecordID);
    if (leg === undefined) continue;
    const trainRecordID = typeof leg.trainRecordID === 'number' ? leg.trainRecordID : null;
    const record = trainRecordID === null ? undefined : trainRecords.get(trainRecordID);
    views.push({
      legRecordID: leg.legRecordID,
      mode: leg.mode,
      originCRS: leg.originCRS,
      destinationCRS: leg.destinationCRS,
      originDepartTime: leg.originDepartTime,
      destinationArriveTime: leg.destinationArriveTime,
      trainRecordID,
      hasTrainRecord: record !== undefined,
      stops: stopsWithin(leg, record),
    });
  }

  const departs = (view: LegView) => instantMs(view.originDepartTime) ?? Number.POSITIVE_INFINITY;
  // Array.prototype.sort is stable, so ties keep journey order.
  return views.sort((a, b) => (departs(a) === departs(b) ? 0 : departs(a) < departs(b) ? -1 : 1));
}

/**
 * The ends of a journey: the first leg's origin and the last leg's destination (docs/product-rules.md section 2).
 *
 * @param legs legs sorted as {@link buildLegs} returns them
 * @returns the station codes, or null when there are no legs
 */
export function journeyEnds(legs: LegView[]): JourneyEnds | null {
  if (legs.length === 0) return null;
  return { originCRS: legs[0].originCRS, destinationCRS: legs[legs.length - 1].destinationCRS };
}
