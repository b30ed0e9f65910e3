/**
 * Time and date formatting and comparisons (SPEC.md sections 2, 3 and 9; DESIGN.md "Time").
 *
 * Times in page data and server answers look like `2026-03-14T08:05:00`: no offset, London
 * wall-clock. They are *shown as given* (parsed and formatted with `moment.utc`, so no time-zone
 * shift is applied). `0001-01-01…` is the empty date. Comparisons with "now" in Europe/London are
 * in `londonTime.ts`, so pages that only show times do not load moment-timezone and its data.
 */
import moment from 'moment';

/** The empty-date marker of SPEC.md section 9: a time on this date counts as absent. */
export const EMPTY_DATE = '0001-01-01';

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
