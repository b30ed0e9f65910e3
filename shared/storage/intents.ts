/**
 * Confirmed intents kept across reloads and tabs (docs/offline.md "Committing actions"): an
 * Idempotency-Key is stored per booking and action with the body's digest before the request
 * leaves, reused by a retry of the same intent, forgotten on a definite answer or after 24 hours.
 * Storage that fails keeps the key in the page's memory.
 */
import { v4 as uuidv4 } from 'uuid';
import { isOutsideWindow } from '../format/time';
import { pageStorage, removeStale, storageKeeps } from './journeyAnswers';

export const INTENTS_PREFIX = 'rw-intent';
/** A stored intent older than this, or saved this long after now, is forgotten. */
export const INTENT_MAX_AGE_HOURS = 24;

/** The committing actions of docs/architecture.md "Exactly once". */
export type IntentAction = 'refund' | 'deferral' | 'replacement' | 'claim';

export interface Intent {
  bookingReference: string;
  action: IntentAction;
  /** Only its digest is stored. */
  body: unknown;
}

interface StoredIntent {
  key: string;
  digest: string;
  savedAt: number;
}

/** `rw-intent:{BOOKINGREFERENCE}:{action}` (reference trimmed, upper case). */
export function intentStorageKey(bookingReference: string, action: IntentAction): string {
  return `${INTENTS_PREFIX}:${bookingReference.trim().toUpperCase()}:${action}`;
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

/** SHA-256 of the body's canonical JSON (keys sorted), 64 hex digits; null without `crypto.subtle`. */
export async function bodyDigest(body: unknown): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const bytes = new TextEncoder().encode(canonicalJson(body));
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function readStored(text: string | null, now: number): StoredIntent | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredIntent> | null;
    if (
      !value ||
      typeof value.key !== 'string' ||
      typeof value.digest !== 'string' ||
      typeof value.savedAt !== 'number' ||
      isOutsideWindow(value.savedAt, now, { hours: INTENT_MAX_AGE_HOURS }, { hours: INTENT_MAX_AGE_HOURS })
    ) {
      return null;
    }
    return value as StoredIntent;
  } catch {
    return null;
  }
}

const inPage = new Map<string, { key: string; body: string | null }>();

/** Whether an intent outlives a reload: localStorage keeps writes and `crypto.subtle` exists. Never throws. */
export function canKeepIntents(): boolean {
  return storageKeeps() && globalThis.crypto?.subtle !== undefined;
}

/**
 * The Idempotency-Key of a confirmed intent, stored before the request leaves: the stored one for
 * the same booking, action and body within 24 hours, else a new UUID v4; `reused` says which. Never throws.
 */
export async function keyForIntent(
  intent: Intent,
  now: number = Date.now(),
): Promise<{ key: string; reused: boolean }> {
  let digest: string | null = null;
  try {
    digest = await bodyDigest(intent.body);
  } catch {
    digest = null;
  }
  const store = pageStorage();
  const storageKey = intentStorageKey(intent.bookingReference, intent.action);
  if (digest !== null && store) {
    try {
      const stored = readStored(store.getItem(storageKey), now);
      if (stored && stored.digest === digest) return { key: stored.key, reused: true };
      const key = uuidv4();
      store.setItem(storageKey, JSON.stringify({ key, digest, savedAt: now } satisfies StoredIntent));
      return { key, reused: false };
    } catch {
      // storage full or refused: the key lives as long as the page
    }
  }
  let body: string | null = null;
  try {
    body = canonicalJson(intent.body);
  } catch {
    // a body that cannot be written as JSON is a new intent each time
  }
  const kept = inPage.get(storageKey);
  if (kept && body !== null && kept.body === body) return { key: kept.key, reused: true };
  const key = uuidv4();
  inPage.set(storageKey, { key, body });
  return { key, reused: false };
}

/** True when an intent of this booking and action is stored and not answered definitely. Never throws. */
export function hasPendingIntent(bookingReference: string, action: IntentAction, now: number = Date.now()): boolean {
  try {
    return readStored(pageStorage()?.getItem(intentStorageKey(bookingReference, action)) ?? null, now) !== null;
  } catch {
    return false;
  }
}

/** Forgets the intent of this booking and action (a definite answer came). Never throws. */
export function forgetIntent(bookingReference: string, action: IntentAction): void {
  inPage.delete(intentStorageKey(bookingReference, action));
  try {
    pageStorage()?.removeItem(intentStorageKey(bookingReference, action));
  } catch {
    // nothing to do
  }
}

/**
 * Removes every stored intent older than 24 hours, or unreadable (called when a widget starts).
 *
 * @returns the storage keys removed. Never throws.
 */
export function forgetExpiredIntents(now: number = Date.now()): string[] {
  return removeStale(INTENTS_PREFIX, (text) => readStored(text, now) === null);
}

/** Forgets every intent of a booking, stored or in the page; returns the keys removed. Never throws. */
export function forgetBookingIntents(bookingReference: string): string[] {
  const booking = `${INTENTS_PREFIX}:${bookingReference.trim().toUpperCase()}:`;
  for (const key of [...inPage.keys()]) if (key.startsWith(booking)) inPage.delete(key);
  return removeStale(booking.slice(0, -1), () => true);
}
