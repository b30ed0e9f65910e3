/**
 * Yup schemas of the Details JSON and station-name map (docs/product-rules.md section 3); validate
 * with `{ stripUnknown: true }`. Null or absent stop times, `email` and lists read as empty.
 */
import * as yup from 'yup';
import type {
  Details,
  FareDetail,
  Journey,
  JourneyPlannerResults,
  LegRecord,
  StationNames,
  Stop,
  TicketsIssued,
  TrainRecord,
} from '../types';

/** The value given to a stop time that is null or absent: the empty date, so it counts as absent. */
export const EMPTY_STOP_TIME = '0001-01-01T00:00:00';

const nullToUndefined = <T>(value: T, original: unknown): T | undefined => (original === null ? undefined : value);

const stopTime = () => yup.string().transform(nullToUndefined).default(EMPTY_STOP_TIME);

/** A stop of a train record; a null or absent time becomes {@link EMPTY_STOP_TIME}. */
export const stopSchema: yup.ObjectSchema<Stop> = yup.object({
  crs: yup.string().required(),
  arriveTime: stopTime(),
  departTime: stopTime(),
});

export const trainRecordSchema: yup.ObjectSchema<TrainRecord> = yup.object({
  trainRecordID: yup.number().required(),
  stops: yup.array().of(stopSchema).required(),
});

/** A leg record; `trainRecordID` may be null or absent (a leg with no train record). */
export const legRecordSchema: yup.ObjectSchema<LegRecord> = yup.object({
  legRecordID: yup.number().required(),
  trainRecordID: yup.number().nullable().optional(),
  originDepartTime: yup.string().required(),
  destinationArriveTime: yup.string().required(),
  originCRS: yup.string().required(),
  destinationCRS: yup.string().required(),
  mode: yup.string().required(),
});

export const journeySchema: yup.ObjectSchema<Journey> = yup.object({
  journeyID: yup.number().transform(nullToUndefined).optional(),
  legs: yup
    .array()
    .of(yup.object({ legRecordID: yup.number().required() }))
    .required(),
});

const ticketsIssuedSchema: yup.ObjectSchema<TicketsIssued> = yup.object({
  count: yup.number().required(),
  price: yup.number().required(),
});

/** A fare; the UIC codes are only required to be strings here. */
export const fareDetailSchema: yup.ObjectSchema<FareDetail> = yup.object({
  ticketCode: yup.string().defined(),
  routeCode: yup.string().defined(),
  fromUIC: yup.string().defined(),
  toUIC: yup.string().defined(),
  advanceBooking: yup.number().required(),
  ticketDescription: yup.string().defined(),
  tickets: yup
    .array()
    .of(yup.object({ ticketsIssued: yup.array().of(ticketsIssuedSchema).required() }))
    .required(),
});

const optionalArray = <T extends yup.AnyObject>(of: yup.ObjectSchema<T>) =>
  yup.array().of(of).transform(nullToUndefined).default([]);

/** Journey planner results; `returnJourneys`, `trainRecords`, `fareDetails` null/absent → `[]`. */
export const journeyPlannerResultsSchema: yup.ObjectSchema<JourneyPlannerResults> = yup.object({
  outboundJourneys: yup.array().of(journeySchema).required(),
  returnJourneys: optionalArray(journeySchema),
  legRecords: yup.array().of(legRecordSchema).required(),
  trainRecords: optionalArray(trainRecordSchema),
  fareDetails: optionalArray(fareDetailSchema),
});

/** The Details JSON (docs/product-rules.md section 3) in the shape of `shared/types.ts`. */
export const detailsSchema: yup.ObjectSchema<Details> = yup.object({
  bookingReference: yup.string().required(),
  email: yup.string().transform(nullToUndefined).default(''),
  // No default: an absent block is reported as `JourneyPlannerResults: required`, not as its first field.
  JourneyPlannerResults: journeyPlannerResultsSchema.default(undefined).required(),
});

/** True for a plain object (not an array or null) whose own values are all strings. */
export function isStringMap(value: unknown): value is StationNames {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return false;
  return Object.values(value).every((name) => typeof name === 'string');
}

/** The station-name map (docs/product-rules.md section 3): station code → name. */
export const stationNamesSchema = yup
  .mixed<StationNames>()
  .required('station names are missing')
  .test('string-map', 'station names must be an object of code → name strings', (value) => isStringMap(value));
