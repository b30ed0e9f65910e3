import { isOutsideWindow } from '../format/time';

/**
 * Answers saved in the browser per journey, and forgetting them (docs/security.md "Stored answers
 * that are forgotten"). The disruption widget saves its answers under
 * `rw-disruption:{BOOKINGREFERENCE}:{journeyID}`; any widget removes, when it starts, answers older
 * than {@link ANSWERS_MAX_AGE_DAYS} days, the disruption widget removes them when its funnel ends
 * (the Finished page, or on the way to the refund page or the manual claim), and the refund and
 * claim widgets remove a journey's answers once its refund or claim has completed. Storage that is
 * disabled or throws never breaks a widget: every function here never throws.
 */

/** Prefix of the storage keys. */
export const ANSWERS_PREFIX = 'rw-disruption';
/** Saved answers older than this many days are removed when a widget starts. */
export const ANSWERS_MAX_AGE_DAYS = 7;

/**
 * The key of a journey's answers: `rw-disruption:{BOOKINGREFERENCE}:{journeyId}` (reference
 * trimmed and upper-cased; `booking` when the journey has no id).
 */
export function answersKey(bookingReference: string, journeyId: string | number | undefined | null): string {
  const journey = journeyId === undefined || journeyId === null || journeyId === '' ? 'booking' : String(journeyId);
  return `${ANSWERS_PREFIX}:${bookingReference.trim().toUpperCase()}:${journey}`;
}

/** The page's localStorage, or null when it is disabled or absent. Never throws. */
export function pageStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Whether the page's localStorage keeps what is written: writes and removes `rw-probe`. False when
 * it is disabled, absent, full or throws (some private windows). Never throws.
 */
export function storageKeeps(): boolean {
  const store = pageStorage();
  try {
    store?.setItem('rw-probe', '1');
    store?.removeItem('rw-probe');
    return store !== null;
  } catch {
    return false;
  }
}

/**
 * True when a stored entry's text is too old to keep: its `savedAt` is missing or unreadable,
 * more than {@link ANSWERS_MAX_AGE_DAYS} days before `now`, or more than a day after it (a clock
 * or a hand that cannot be trusted). Days are London calendar days (shared/format/time.ts).
 *
 * @param text the stored JSON text
 * @param now milliseconds since the epoch (UTC)
 */
export function isExpired(text: string | null, now: number): boolean {
  if (text === null) return false;
  try {
    const value: unknown = JSON.parse(text);
    const savedAt = (value as { savedAt?: unknown } | null)?.savedAt;
    return isOutsideWindow(
      typeof savedAt === 'string' ? savedAt : null,
      now,
      { days: ANSWERS_MAX_AGE_DAYS },
      { days: 1 },
    );
  } catch {
    return true;
  }
}

/**
 * Removes every saved answer (keys starting `rw-disruption:`) that {@link isExpired} says is too
 * old. Called when any widget starts (shared/mount/createMount.tsx).
 *
 * @param now milliseconds since the epoch (default: now)
 * @returns the keys removed
 */
export function forgetExpiredAnswers(now: number = Date.now()): string[] {
  return removeStale(ANSWERS_PREFIX, (text) => isExpired(text, now));
}

/**
 * Removes every `localStorage` entry whose key starts `{prefix}:` and whose text `isStale` says
 * is stale. Storage that is disabled or throws keeps what it has.
 *
 * @param prefix the widgets' key prefix (`rw-disruption`, `rw-intent`)
 * @param isStale given an entry's text, true to remove it
 * @returns the keys removed. Never throws.
 */
export function removeStale(prefix: string, isStale: (text: string | null) => boolean): string[] {
  const store = pageStorage();
  if (!store) return [];
  const removed: string[] = [];
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key !== null && key.startsWith(`${prefix}:`)) keys.push(key);
    }
    for (const key of keys) {
      if (isStale(store.getItem(key))) {
        store.removeItem(key);
        removed.push(key);
      }
    }
  } catch {
    // storage that throws keeps what it has
  }
  return removed;
}

/**
 * Removes a journey's saved answers: its refund or claim has completed (the refund widget's
 * finished view, the claim's `Claim submitted`). Never throws.
 */
export function forgetJourneyAnswers(bookingReference: string, journeyId: string | number | undefined | null): void {
  try {
    pageStorage()?.removeItem(answersKey(bookingReference, journeyId));
  } catch {
    // nothing to do
  }
}
