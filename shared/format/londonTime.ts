/**
 * Comparisons of London wall-clock times with "now" in Europe/London (SPEC.md section 9; DESIGN.md
 * "Time"): the fee-free first hour and the six-month limit. Built on moment-timezone with only the
 * Europe/London data (webpack's moment-timezone-data plugin); kept apart from `time.ts` so that
 * showing times never loads the time-zone code.
 */
import moment from 'moment-timezone';
import { isEmptyDate, type TimeValue } from './time';

/** The product's time zone (SPEC.md section 9). */
export const LONDON_TZ = 'Europe/London';

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
