/**
 * Time and date formatting and comparisons (SPEC.md sections 2, 3 and 9; DESIGN.md "Time").
 *
 * Times in page data and server answers look like `2026-03-14T08:05:00`: no offset, London
 * wall-clock. They are *shown as given* (parsed and formatted with `moment.utc`, so no time-zone
 * shift is applied), and compared with "now" in Europe/London. `0001-01-01…` is the empty date.
 */
import moment from 'moment-timezone';

/** The empty-date marker of SPEC.md section 9: a time on this date counts as absent. */
export const EMPTY_DATE = '0001-01-01';

/** The product's time zone (SPEC.md section 9). */
export const LONDON_TZ = 'Europe/London';

/** A time value as it arrives from page data or answers. */
export type TimeValue = string | null | undefined;

/** Parses an ISO-8601 time strictly, as UTC (wall clock kept as given); null when not parsable. */
function parseUtc(value: TimeValue): moment.Moment | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = moment.utc(value.trim(), moment.ISO_8601, true);
  return parsed.isValid() ? parsed : null;
}

/**
 * Tells whether a time value is absent (SPEC.md sections 2 and 3).
 *
 * @param value an ISO-8601 time string such as `2026-03-14T08:05:00`, or null/undefined
 * @returns true when the value is missing, blank, not a parsable ISO-8601 time, or its year is 1
 *   or less (the empty date `0001-01-01`); false otherwise
 */
export function isEmptyDate(value: TimeValue): boolean {
  const parsed = parseUtc(value);
  return parsed === null || parsed.year() <= 1;
}

/**
 * Picks the first usable of two time values (SPEC.md section 2: "If the first time value has year
 * 1 or less (an empty date), the second value is used").
 *
 * @returns `first` unless it is empty (see {@link isEmptyDate}), else `second` (or `''` when
 *   `second` is null/undefined); `second` is returned as given even when it is empty too
 */
export function pickTime(first: TimeValue, second: TimeValue): string {
  if (!isEmptyDate(first)) return first as string;
  return second ?? '';
}

/**
 * Formats the wall-clock time of a value as `HH:mm` (24-hour), shown as given (`moment.utc`).
 *
 * @param value an ISO-8601 time string such as `2026-03-14T08:05:00`
 * @returns e.g. `'08:05'`; `''` when the value is empty or unparsable (see {@link isEmptyDate})
 */
export function formatTime(value: TimeValue): string {
  return isEmptyDate(value) ? '' : (parseUtc(value) as moment.Moment).format('HH:mm');
}

/**
 * Formats the date of a value as `dd/MM/yyyy` (SPEC.md section 9), shown as given (`moment.utc`).
 *
 * @param value an ISO-8601 time string such as `2026-03-14T08:05:00`
 * @returns e.g. `'14/03/2026'`; `''` when the value is empty or unparsable (see {@link isEmptyDate})
 */
export function formatDate(value: TimeValue): string {
  return isEmptyDate(value) ? '' : (parseUtc(value) as moment.Moment).format('DD/MM/YYYY');
}

/**
 * Reads a time value as a number for ordering and comparing times of page data with each other
 * (the wall clock read as UTC, so no time-zone rules apply; not for comparisons with "now").
 *
 * @param value an ISO-8601 time string such as `2026-03-14T08:05:00`
 * @returns milliseconds, or null when the value is empty or unparsable (see {@link isEmptyDate})
 */
export function wallClockMs(value: TimeValue): number | null {
  return isEmptyDate(value) ? null : (parseUtc(value) as moment.Moment).valueOf();
}

/**
 * The current time in Europe/London (SPEC.md section 9), for comparisons with "now".
 *
 * @param nowMs optional epoch milliseconds to use instead of the clock (tests)
 * @returns a moment in the `Europe/London` zone
 */
export function londonNow(nowMs?: number): moment.Moment {
  return nowMs === undefined ? moment.tz(LONDON_TZ) : moment.tz(nowMs, LONDON_TZ);
}

/**
 * Reads a London wall-clock time (no offset) as an instant in Europe/London.
 *
 * @param value an ISO-8601 time string such as `2026-03-14T08:05:00`
 * @returns a moment in `Europe/London`, or null when the value is empty or unparsable
 */
export function parseLondonTime(value: TimeValue): moment.Moment | null {
  if (isEmptyDate(value)) return null;
  const parsed = moment.tz((value as string).trim(), moment.ISO_8601, true, LONDON_TZ);
  return parsed.isValid() ? parsed : null;
}

/** Anything that can stand for "now" in the comparisons below. */
export type NowInput = moment.Moment | Date | number;

function toMoment(now: NowInput | undefined): moment.Moment {
  if (now === undefined) return londonNow();
  return moment.isMoment(now) ? now.clone().tz(LONDON_TZ) : moment.tz(now, LONDON_TZ);
}

/**
 * Hours elapsed since a London wall-clock time, e.g. for the fee-free first hour after purchase
 * (SPEC.md section 9).
 *
 * @param purchaseTime London wall-clock time such as `2026-03-14T08:05:00`
 * @param now "now" (moment, Date or epoch ms); defaults to {@link londonNow}
 * @returns fractional hours (negative when `purchaseTime` is in the future); `NaN` when
 *   `purchaseTime` is empty or unparsable, so `hoursSince(t) < 1` is then false
 */
export function hoursSince(purchaseTime: TimeValue, now?: NowInput): number {
  const start = parseLondonTime(purchaseTime);
  if (start === null) return Number.NaN;
  return toMoment(now).diff(start, 'hours', true);
}

/**
 * Tells whether a London wall-clock time lies more than `months` calendar months before now,
 * e.g. the six-month limit of automated refunds (SPEC.md section 9).
 *
 * @param purchaseTime London wall-clock time such as `2025-09-14T08:05:00`
 * @param months whole calendar months (6 for the refund limit)
 * @param now "now" (moment, Date or epoch ms); defaults to {@link londonNow}
 * @returns true when `purchaseTime + months` is strictly before now; false when it is not, or when
 *   `purchaseTime` is empty or unparsable
 */
export function isOlderThanMonths(purchaseTime: TimeValue, months: number, now?: NowInput): boolean {
  const start = parseLondonTime(purchaseTime);
  if (start === null || !Number.isFinite(months)) return false;
  return start.clone().add(months, 'months').isBefore(toMoment(now));
}
