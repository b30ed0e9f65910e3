/**
 * Time and date formatting and comparisons (docs/product-rules.md sections 2, 3 and 9; docs/decisions.md "Time").
 *
 * Times in page data and server answers look like `2026-03-14T08:05:00`: no offset, London
 * wall-clock. They are *shown as given* (read as UTC, so no time-zone shift is applied).
 * `0001-01-01…` is the empty date. The widgets compare no time with "now": the fee-free hour and
 * the six-month limit are the server's decisions (`isFeeFree`, the dry-run message).
 *
 * Showing a fixed timestamp needs no calendar library: a strict ISO-8601 reader (the forms
 * `moment.utc(value, moment.ISO_8601, true)` accepted) and two-digit padding do it, and keep
 * moment's 19.5 KB gz off every first panel (docs/performance.md "Candidates measured for fewer
 * bytes").
 */

/** The empty-date marker of docs/product-rules.md section 9: a time on this date counts as absent. */
export const EMPTY_DATE = '0001-01-01';

/** A time value as it arrives from page data or answers. */
export type TimeValue = string | null | undefined;

/** A parsed time: its wall clock read as UTC. */
interface UtcTime {
  ms: number;
  year: number;
  date: Date;
}

/** Extended ISO-8601: date, optional time (`T` or space; minutes, seconds, fraction), optional `Z` / offset. */
const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Parses an ISO-8601 time strictly, as UTC (wall clock kept as given); null when not parsable. */
function parseUtc(value: TimeValue): UtcTime | null {
  if (typeof value !== 'string') return null;
  const match = ISO_8601.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', sec = '0', frac = '', zone] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, sec].map(Number);
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]) return null;
  if (month === 2 && day === 29 && !isLeap(year)) return null;
  const midnight24 = hour === 24 && minute === 0 && second === 0 && Number(frac || 0) === 0;
  if ((hour > 23 && !midnight24) || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0));
  }
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute - offsetMinutes, second, Math.floor(Number(`0.${frac || 0}`) * 1000));
  return { ms: date.getTime(), year: date.getUTCFullYear(), date };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Tells whether a time value is absent (docs/product-rules.md sections 2 and 3).
 *
 * @param value an ISO-8601 time string such as `2026-03-14T08:05:00`, or null/undefined
 * @returns true when the value is missing, blank, not a parsable ISO-8601 time, or its year is 1
 *   or less (the empty date `0001-01-01`); false otherwise
 */
export function isEmptyDate(value: TimeValue): boolean {
  const parsed = parseUtc(value);
  return parsed === null || parsed.year <= 1;
}

/**
 * Picks the first usable of two time values (docs/product-rules.md section 2: "If the first time value has year
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
 * Formats the wall-clock time of a value as `HH:mm` (24-hour), shown as given (read as UTC).
 *
 * @param value an ISO-8601 time string such as `2026-03-14T08:05:00`
 * @returns e.g. `'08:05'`; `''` when the value is empty or unparsable (see {@link isEmptyDate})
 */
export function formatTime(value: TimeValue): string {
  if (isEmptyDate(value)) return '';
  const { date } = parseUtc(value) as UtcTime;
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/**
 * Formats the date of a value as `dd/MM/yyyy` (docs/product-rules.md section 9), shown as given (read as UTC).
 *
 * @param value an ISO-8601 time string such as `2026-03-14T08:05:00`
 * @returns e.g. `'14/03/2026'`; `''` when the value is empty or unparsable (see {@link isEmptyDate})
 */
export function formatDate(value: TimeValue): string {
  if (isEmptyDate(value)) return '';
  const { date } = parseUtc(value) as UtcTime;
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCFullYear(), 4)}`;
}

/**
 * Reads a time value as a number for ordering and comparing times of page data with each other
 * (the wall clock read as UTC, so no time-zone rules apply; not for comparisons with "now").
 *
 * @param value an ISO-8601 time string such as `2026-03-14T08:05:00`
 * @returns milliseconds, or null when the value is empty or unparsable (see {@link isEmptyDate})
 */
export function wallClockMs(value: TimeValue): number | null {
  return isEmptyDate(value) ? null : (parseUtc(value) as UtcTime).ms;
}
