/** The Details JSON turned into what the journey summary shows (docs/product-rules.md section 3). */
import { pickTime, instantMs } from '../format/time';
import type { Details, Journey, LegRecord, Stop, TrainRecord } from '../types';

export interface StopView {
  crs: string;
  /** Departure time (arrival when empty), but arrival at the leg's last stop; may be empty. */
  time: string;
  arriveTime: string;
  departTime: string;
}

export interface LegView {
  legRecordID: number;
  /** As given (TRAIN, TUBE, SHIP, BUS, or another string that shows no icon). */
  mode: string;
  originCRS: string;
  destinationCRS: string;
  originDepartTime: string;
  destinationArriveTime: string;
  trainRecordID: number | null;
  hasTrainRecord: boolean;
  /** The train record's stops within the leg's window, in order; `[]` when none. */
  stops: StopView[];
}

export interface JourneyEnds {
  originCRS: string;
  destinationCRS: string;
}

/** The first outbound journey, or null (docs/product-rules.md section 3). */
export function firstOutbound(details: Details): Journey | null {
  return details?.JourneyPlannerResults?.outboundJourneys?.[0] ?? null;
}

/** The first return journey, or null (docs/product-rules.md section 3). */
export function firstReturn(details: Details): Journey | null {
  return details?.JourneyPlannerResults?.returnJourneys?.[0] ?? null;
}

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
 * A train record's stops whose departure or arrival (the other when one is empty) lies within the
 * leg's origin departure to destination arrival, inclusive (docs/product-rules.md section 3).
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
 * The legs of a journey whose leg records exist, each with its stops, sorted by origin departure
 * (empty times last, ties in journey order); `[]` for no journey (docs/product-rules.md section 3).
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
  return views.sort((a, b) => (departs(a) === departs(b) ? 0 : departs(a) < departs(b) ? -1 : 1));
}

/** The first leg's origin and last leg's destination CRS codes, or null without legs (docs/product-rules.md section 2). */
export function journeyEnds(legs: LegView[]): JourneyEnds | null {
  if (legs.length === 0) return null;
  return { originCRS: legs[0].originCRS, destinationCRS: legs[legs.length - 1].destinationCRS };
}
