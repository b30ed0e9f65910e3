/**
 * Every date and time of the widgets, in Europe/London on moment-timezone (docs/decisions.md "Time").
 * Offset-less values (`2026-03-14T08:05:00`) are London wall-clock, shown as written; a value with
 * an offset is that instant, shown in London. `0001-01-01…` is the empty date.
 */
import moment from 'moment-timezone';

export const LONDON = 'Europe/London';

/** docs/product-rules.md section 9: a time on this date counts as absent. */
export const EMPTY_DATE = '0001-01-01';

export type TimeValue = string | null | undefined;

/** A time naming its own offset (`Z`, `+01:00`, `-0530`, `+01`). */
const HAS_OFFSET = /[T ]\d{2}(?::?\d{2}(?::?\d{2}(?:[.,]\d+)?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

interface ReadTime {
  at: moment.Moment;
  /** The wall clock as written, or for a value with an offset the instant in London. */
  shown: moment.Moment;
}

/** Reads a time strictly as ISO-8601; null when absent or empty. */
function read(value: TimeValue): ReadTime | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const written = moment.utc(text, moment.ISO_8601, true);
  if (!written.isValid() || written.year() <= 1) return null;
  if (HAS_OFFSET.test(text)) {
    const at = written.clone().tz(LONDON);
    return { at, shown: at };
  }
  // A wall clock in the skipped spring hour is read an hour on, and still shown as written.
  return { at: moment.tz(text, moment.ISO_8601, true, LONDON), shown: written };
}

/** True when a time is missing, blank, not strict ISO-8601, or in year 1 or before (docs/product-rules.md section 3). */
export function isEmptyDate(value: TimeValue): boolean {
  return read(value) === null;
}

/** `first` unless it is empty, else `second` as given (`''` for null) (docs/product-rules.md section 2). */
export function pickTime(first: TimeValue, second: TimeValue): string {
  if (!isEmptyDate(first)) return first as string;
  return second ?? '';
}

/** `HH:mm` of a London time (`'08:05'`); '' when empty or unparsable (docs/product-rules.md section 9). */
export function formatTime(value: TimeValue): string {
  return read(value)?.shown.format('HH:mm') ?? '';
}

/** `dd/MM/yyyy` of a London time (`'14/03/2026'`); '' when empty or unparsable (docs/product-rules.md section 9). */
export function formatDate(value: TimeValue): string {
  return read(value)?.shown.format('DD/MM/YYYY') ?? '';
}

/** The instant a time names, ms since the epoch, for ordering across clock changes; null when empty. */
export function instantMs(value: TimeValue): number | null {
  return read(value)?.at.valueOf() ?? null;
}

/**
 * An instant (ms since the epoch) in London, whatever the phone's zone (docs/decisions.md "The receipt
 * line"): `{ date: 'dd/MM/yyyy', time: 'HH:mm', iso }`, `iso` with London's offset.
 */
export function formatLondon(at: number): { date: string; time: string; iso: string } {
  const london = moment.tz(at, LONDON);
  return {
    date: london.format('DD/MM/YYYY'),
    time: london.format('HH:mm'),
    iso: london.format('YYYY-MM-DDTHH:mm:ssZ'),
  };
}

/** Hours are elapsed hours; days are London calendar days (23 or 25 hours across a clock change). */
export type LondonSpan = { hours: number } | { days: number };

/**
 * True when `savedAt` (ms, or ISO-8601 with offset) is unreadable, older than `maxAge` before `now`
 * (ms), or more than `maxAhead` after it, in London (docs/security.md "Stored answers that are forgotten").
 */
export function isOutsideWindow(savedAt: unknown, now: number, maxAge: LondonSpan, maxAhead?: LondonSpan): boolean {
  let saved: moment.Moment;
  if (typeof savedAt === 'number' && Number.isFinite(savedAt)) saved = moment.tz(savedAt, LONDON);
  else if (typeof savedAt === 'string') saved = moment.tz(savedAt.trim(), moment.ISO_8601, true, LONDON);
  else return true;
  if (!saved.isValid()) return true;
  const london = moment.tz(now, LONDON);
  if (saved.isBefore(london.clone().subtract(maxAge))) return true;
  return maxAhead !== undefined && saved.isAfter(london.clone().add(maxAhead));
}
