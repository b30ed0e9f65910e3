import { isOutsideWindow } from '../format/time';

/**
 * Disruption answers saved per journey and their forgetting (docs/security.md "Stored answers that
 * are forgotten"): on start when older than {@link ANSWERS_MAX_AGE_DAYS}, at the funnel's end, and
 * once a refund or claim completes. Nothing here throws.
 */

export const ANSWERS_PREFIX = 'rw-disruption';
export const ANSWERS_MAX_AGE_DAYS = 7;

/** `rw-disruption:{BOOKINGREFERENCE}:{journeyId}`; `booking` when the journey has no id. */
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

/** Whether localStorage keeps what is written (probes `rw-probe`). Never throws. */
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
 * True when an entry's `savedAt` is unreadable, over {@link ANSWERS_MAX_AGE_DAYS} London days
 * before `now` (ms since the epoch), or over a day after it.
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

/** Removes every expired saved answer; returns the keys removed. */
export function forgetExpiredAnswers(now: number = Date.now()): string[] {
  return removeStale(ANSWERS_PREFIX, (text) => isExpired(text, now));
}

/** Removes every entry under `{prefix}:` whose text `isStale`; returns the keys removed. Never throws. */
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

/** Removes a journey's saved answers (its refund or claim completed). Never throws. */
export function forgetJourneyAnswers(bookingReference: string, journeyId: string | number | undefined | null): void {
  try {
    pageStorage()?.removeItem(answersKey(bookingReference, journeyId));
  } catch {
    // nothing to do
  }
}
