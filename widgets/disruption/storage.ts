/**
 * The disruption answers in the browser's localStorage, per journey (docs/product-rules.md section 4
 * "Disruption flow"). Storage that is disabled (the `localStorage` getter throws), full
 * (`setItem` throws QuotaExceededError) or holding junk never breaks the flow: reads give `{}`
 * and writes report false.
 */
import { answersKey, forgetJourneyAnswers, isExpired, pageStorage } from '../../shared/storage/journeyAnswers';
import type { Details } from '../../shared/types';
import type { SavedAnswers } from './types';
import { parseSavedAnswers } from './validation';

/**
 * The key of a journey's answers: `rw-disruption:{BOOKINGREFERENCE}:{journeyID}`, the journey being
 * the Details' first outbound journey (`booking` when it carries no id).
 */
export function storageKey(details: Details): string {
  return answersKey(details.bookingReference, details.JourneyPlannerResults.outboundJourneys[0]?.journeyID);
}

/**
 * Loads a journey's saved answers.
 *
 * @returns the answers, `{}` when none, unreadable, older than 7 days (shared/storage) or
 *   storage is unavailable. Never throws.
 */
export function loadAnswers(key: string): SavedAnswers {
  try {
    const text = pageStorage()?.getItem(key) ?? null;
    return isExpired(text, Date.now()) ? {} : parseSavedAnswers(text);
  } catch {
    return {};
  }
}

/**
 * Saves a journey's answers (with `savedAt`, ISO time), replacing what was there.
 *
 * @returns true when saved; false when storage is disabled or full. Never throws.
 */
export function saveAnswers(key: string, answers: SavedAnswers): boolean {
  const store = pageStorage();
  if (!store) return false;
  try {
    store.setItem(key, JSON.stringify({ ...answers, savedAt: new Date().toISOString() }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Forgets a journey's answers once the funnel has ended (docs/security.md "Stored answers that
 * are forgotten"): on the way to the refund page or the manual claim, and on the Finished page. Never
 * throws.
 *
 * @param details the page's Details (booking reference and first outbound journey name the key)
 */
export function forgetAnswers(details: Details): void {
  forgetJourneyAnswers(details.bookingReference, details.JourneyPlannerResults.outboundJourneys[0]?.journeyID);
}
