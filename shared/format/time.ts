/**
 * Every date and time of the widgets, on moment-timezone in Europe/London (docs/product-rules.md
 * sections 2, 3 and 9; docs/decisions.md "Time"; docs/architecture.md "Conventions").
 *
 * Times in page data and server answers look like `2026-03-14T08:05:00`: no offset, London
 * wall-clock. They are read strictly as ISO-8601 in Europe/London, so each is an instant; they are
 * shown as written (`HH:mm`, `dd/MM/yyyy`), which for every time London's clock shows is the same
 * as the instant shown in London. A value carrying `Z` or an offset is that instant, shown in
 * London. `0001-01-01…` is the empty date.
 *
 * "Now" is always compared in Europe/London, whatever zone the phone is set to: the storage
 * expiries ({@link isOutsideWindow}) and the completion views' receipt line ({@link formatLondon}).
 * The bundle carries Europe/London's rules for 2000–2040 only (webpack.config.js).
 */
import moment from 'moment-timezone';

/** The product's time zone (docs/product-rules.md section 9). */
export const LONDON = 'Europe/London';

/** The empty-date marker of docs/product-rules.md section 9: a time on this date counts as absent. */
export const EMPTY_DATE = '0001-01-01';

/** A time value as it arrives from page data or answers. */
export type TimeValue = string | null | undefined;

/** A time of day that names its own offset (`Z`, `+01:00`, `-0530`, `+01`): an instant, not a London wall clock. */
const HAS_OFFSET = /[T ]\d{2}(?::?\d{2}(?::?\d{2}(?:[.,]\d+)?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** A parsed time: the instant (in London) and what is shown for it. */
interface ReadTime {
  /** The instant, in Europe/London. */
  at: moment.Moment;
  /** What is shown: the wall clock as written, or, for a value with an offset, the instant in London. */
  shown: moment.Moment;
}

/** Reads a time value strictly as ISO-8601; offset-less values are London wall-clock. Null when absent. */
function read(value: TimeValue): ReadTime | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const written = moment.utc(text, moment.ISO_8601, true);
  if (!written.isValid() || written.year() <= 1) return null;
  if (HAS_OFFSET.test(text)) {
    const at = written.clone().tz(LONDON);
    return { at, shown: at };
  }
  // A wall clock in the hour London skips (01:30 on the spring night) is read as moment-timezone
  // reads it (the instant an hour on), and still shown as written (docs/decisions.md "Time").
  return { at: moment.tz(text, moment.ISO_8601, true, LONDON), shown: written };
}

/**
 * Tells whether a time value is absent (docs/product-rules.md sections 2 and 3).
 *
 * @param value an ISO-8601 time string such as `2026-03-14T08:05:00`, or null/undefined
 * @returns true when the value is missing, blank, not a strict ISO-8601 time, or its year is 1
 *   or less (the empty date `0001-01-01`); false otherwise
 */
export function isEmptyDate(value: TimeValue): boolean {
  return read(value) === null;
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
 * Formats the London time of a value as `HH:mm` (24-hour), docs/product-rules.md section 9.
 *
 * @param value an ISO-8601 time string such as `2026-03-14T08:05:00` (London wall-clock)
 * @returns e.g. `'08:05'`; `''` when the value is empty or unparsable (see {@link isEmptyDate})
 */
export function formatTime(value: TimeValue): string {
  return read(value)?.shown.format('HH:mm') ?? '';
}

/**
 * Formats the London date of a value as `dd/MM/yyyy` (docs/product-rules.md section 9).
 *
 * @param value an ISO-8601 time string such as `2026-03-14T08:05:00` (London wall-clock)
 * @returns e.g. `'14/03/2026'`; `''` when the value is empty or unparsable (see {@link isEmptyDate})
 */
export function formatDate(value: TimeValue): string {
  return read(value)?.shown.format('DD/MM/YYYY') ?? '';
}

/**
 * Reads a time value as the instant it names, for ordering the times of page data (an offset-less
 * value is London wall-clock, so a leg that crosses a clock change keeps its real order).
 *
 * @param value an ISO-8601 time string such as `2026-03-14T08:05:00`
 * @returns milliseconds since the epoch, or null when the value is empty or unparsable
 */
export function instantMs(value: TimeValue): number | null {
  return read(value)?.at.valueOf() ?? null;
}

/**
 * An instant's date and time in Europe/London, whatever zone the phone is set to (the completion
 * views' receipt line, docs/product-rules.md section 2).
 *
 * @param at milliseconds since the epoch
 * @returns `{ date: 'dd/MM/yyyy', time: 'HH:mm', iso }`, `iso` with London's offset
 *   (`2026-11-25T14:05:00+00:00`) for a `<time dateTime>`
 */
export function formatLondon(at: number): { date: string; time: string; iso: string } {
  const london = moment.tz(at, LONDON);
  return {
    date: london.format('DD/MM/YYYY'),
    time: london.format('HH:mm'),
    iso: london.format('YYYY-MM-DDTHH:mm:ssZ'),
  };
}

/** A length of time in London's calendar: hours are elapsed hours, days are calendar days. */
export type LondonSpan = { hours: number } | { days: number };

/**
 * Tells whether a saved time lies outside the window `now − maxAge … now + maxAhead`, measured in
 * Europe/London (a day is a London calendar day, 23 or 25 hours across a clock change). The
 * storage expiries use it (docs/security.md "Stored answers that are forgotten", docs/offline.md).
 *
 * @param savedAt when it was saved: milliseconds since the epoch, or an ISO-8601 string with an
 *   offset (`toISOString()`)
 * @param now milliseconds since the epoch
 * @param maxAge how old it may be
 * @param maxAhead how far after `now` it may be (a phone clock put back); no limit when absent
 * @returns true when too old, too far ahead, or unreadable (a missing or malformed time)
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
