/** The disruption answers in localStorage, per journey: disabled, full or junk storage never breaks the flow. */
import { answersKey, forgetJourneyAnswers, isExpired, pageStorage } from '../../shared/storage/journeyAnswers';
import type { Details } from '../../shared/types';
import type { SavedAnswers } from './types';
import { parseSavedAnswers } from './validation';

/** `rw-disruption:{BOOKINGREFERENCE}:{journeyID}` of the first outbound journey (`booking` without an id). */
export function storageKey(details: Details): string {
  return answersKey(details.bookingReference, details.JourneyPlannerResults.outboundJourneys[0]?.journeyID);
}

/** A journey's saved answers; `{}` when none, unreadable, older than 7 days or no storage. Never throws. */
export function loadAnswers(key: string): SavedAnswers {
  try {
    const text = pageStorage()?.getItem(key) ?? null;
    return isExpired(text, Date.now()) ? {} : parseSavedAnswers(text);
  } catch {
    return {};
  }
}

/** Saves a journey's answers with `savedAt`; false when storage is disabled or full. Never throws. */
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

/** Forgets a journey's answers when the funnel ends (docs/security.md "Stored answers that are forgotten"). */
export function forgetAnswers(details: Details): void {
  forgetJourneyAnswers(details.bookingReference, details.JourneyPlannerResults.outboundJourneys[0]?.journeyID);
}
