/**
 * Confirmed intents that survive a reload or a closed tab (docs/offline.md "Committing actions"):
 * when a traveller confirms a committing action (a refund, a deferral, a replacement, a claim),
 * its Idempotency-Key is stored in `localStorage` with the intent (the booking reference, the
 * action and the SHA-256 digest of the request body) before the request leaves. A retry of the
 * same intent, after a failure, after a reload or in another tab, reuses the key, so the server
 * can tell the retry from a second refund; a different action or body gets a new key. The key is
 * forgotten on a definite answer, and after 24 hours.
 *
 * The record holds no body and no e-mail address: the booking reference (in the storage key),
 * the key, the digest and the time it was saved. Storage that is disabled or throws never breaks
 * a widget: the key then lives as long as the page, as before.
 */
import { v4 as uuidv4 } from 'uuid';
import { isOutsideWindow } from '../format/time';
import { pageStorage, removeStale, storageKeeps } from './journeyAnswers';

/** Prefix of the storage keys: `rw-intent:{BOOKINGREFERENCE}:{action}`. */
export const INTENTS_PREFIX = 'rw-intent';
/** A stored intent older than this many hours, or saved more than this after now, is forgotten. */
export const INTENT_MAX_AGE_HOURS = 24;

/** The committing actions of docs/architecture.md "Exactly once". */
export type IntentAction = 'refund' | 'deferral' | 'replacement' | 'claim';

/** One confirmed intent: which booking, which action, and the request body sent for it. */
export interface Intent {
  bookingReference: string;
  action: IntentAction;
  /** The request body (a JSON-serialisable object); only its digest is stored. */
  body: unknown;
}

/** What is stored per booking and action. */
interface StoredIntent {
  key: string;
  digest: string;
  savedAt: number;
}

/** The storage key of an intent: `rw-intent:{BOOKINGREFERENCE}:{action}` (reference trimmed, upper case). */
export function intentStorageKey(bookingReference: string, action: IntentAction): string {
  return `${INTENTS_PREFIX}:${bookingReference.trim().toUpperCase()}:${action}`;
}

/** JSON with the keys of every object sorted, so equal bodies give equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

/**
 * The SHA-256 digest of a request body as 64 hex digits (its canonical JSON: keys sorted).
 *
 * @returns the digest, or null where `crypto.subtle` is missing (not a secure context)
 */
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

/** The intents of this page where nothing can be stored: storage key → key and canonical body. */
const inPage = new Map<string, { key: string; body: string | null }>();

/**
 * Whether a confirmed intent outlives a reload here: localStorage keeps what is written and
 * `crypto.subtle` digests the body (docs/offline.md "Committing actions"). Never throws.
 */
export function canKeepIntents(): boolean {
  return storageKeeps() && globalThis.crypto?.subtle !== undefined;
}

/**
 * The Idempotency-Key for a confirmed intent, stored before the request leaves: the stored key
 * when the same booking's same action was confirmed with the same body within 24 hours and not
 * answered definitely since; otherwise a new key (UUID v4), stored. Where nothing can be stored
 * (storage disabled or full, no `crypto.subtle`), the same rule holds in this page's memory.
 *
 * @param intent the booking reference, the action and the body to send
 * @param now milliseconds since the epoch (tests)
 * @returns the key and whether it was taken over from an earlier press, page or tab. Never throws.
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

/**
 * True when a confirmed intent of this booking and action is stored and not yet answered
 * definitely (the request may have reached the server, its answer lost). Never throws.
 */
export function hasPendingIntent(bookingReference: string, action: IntentAction, now: number = Date.now()): boolean {
  try {
    return readStored(pageStorage()?.getItem(intentStorageKey(bookingReference, action)) ?? null, now) !== null;
  } catch {
    return false;
  }
}

/** Forgets the stored intent of this booking and action (a definite answer came). Never throws. */
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

/**
 * Forgets every intent of a booking, stored or in this page (its refund or claim completed).
 *
 * @returns the storage keys removed. Never throws.
 */
export function forgetBookingIntents(bookingReference: string): string[] {
  const booking = `${INTENTS_PREFIX}:${bookingReference.trim().toUpperCase()}:`;
  for (const key of [...inPage.keys()]) if (key.startsWith(booking)) inPage.delete(key);
  return removeStale(booking.slice(0, -1), () => true);
}
