/**
 * The disruption answers in the browser's localStorage, per journey (SPEC.md section 4
 * "Disruption flow"). Storage that is disabled (the `localStorage` getter throws), full
 * (`setItem` throws QuotaExceededError) or holding junk never breaks the flow: reads give `{}`
 * and writes report false.
 */
import type { Details } from '../../shared/types';
import type { SavedAnswers } from './types';
import { parseSavedAnswers } from './validation';

/** Prefix of the storage keys. */
export const STORAGE_PREFIX = 'rw-disruption';

/**
 * The key of a journey's answers: `rw-disruption:{BOOKINGREFERENCE}:{journeyID}`, the journey being
 * the Details' first outbound journey (`booking` when it carries no id).
 */
export function storageKey(details: Details): string {
  const journeyId = details.JourneyPlannerResults.outboundJourneys[0]?.journeyID;
  return `${STORAGE_PREFIX}:${details.bookingReference.trim().toUpperCase()}:${journeyId ?? 'booking'}`;
}

/** The page's localStorage, or null when it is disabled or absent. Never throws. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Loads a journey's saved answers.
 *
 * @returns the answers, `{}` when none, unreadable or storage is unavailable. Never throws.
 */
export function loadAnswers(key: string): SavedAnswers {
  try {
    return parseSavedAnswers(storage()?.getItem(key) ?? null);
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
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(key, JSON.stringify({ ...answers, savedAt: new Date().toISOString() }));
    return true;
  } catch {
    return false;
  }
}
