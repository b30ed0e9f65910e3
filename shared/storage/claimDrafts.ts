/**
 * The claim drafts' store and the rules of what is kept in it (docs/offline.md "The claim draft";
 * docs/security.md "The claim draft kept on the device"), in shared/ because every widget's mount
 * clears stale drafts (shared/mount/createMount.tsx loads this module after its first paint) and
 * the manual claim (widgets/manual-claim/draft.ts) reads and writes them.
 *
 * Each photo's bytes are an ArrayBuffer with their type: WebKit refuses a record holding a Blob in
 * a private window, and every engine stores an ArrayBuffer. Every function here never rejects.
 */
import { createStore, del, entries, type UseStore } from 'idb-keyval';

/** How long a draft is kept after its last change (elapsed hours, the phone's clock). */
export const DRAFT_TTL_HOURS = 24;
/** A draft dated further ahead of the phone's clock than this (a clock put back) is not kept. */
const DRAFT_MAX_AHEAD_MINUTES = 5;
/** Prefix of the records' keys: `rw-claim:{BOOKINGREFERENCE}:{journeyId}`. */
export const DRAFT_KEY_PREFIX = 'rw-claim:';

/** One photo of a draft, as stored. */
export interface DraftPhoto {
  /** The photo's key in the upload list (dropzone's uuid when it was added). */
  key: string;
  name: string;
  /** SHA-256 of the original bytes, 64 hex digits; null where the browser has no `crypto.subtle`. */
  digest: string | null;
  /** Size of the original, in bytes. */
  size: number;
  /** The upload's Idempotency-Key. */
  uploadKey: string;
  /** When it was added to the list (ms, strictly increasing within a page): its place in the list. */
  addedAt: number;
  /** `waiting`: not yet uploaded, with its resized `bytes` when they could be kept; `uploaded`: with `uploadId`. */
  state: 'waiting' | 'uploaded';
  /** The resized photo's bytes and MIME type (`type`), while it waits. */
  bytes?: ArrayBuffer;
  type?: string;
  uploadId?: string;
}

/** One claim's draft. */
export interface ClaimDraft {
  /** When it last changed, milliseconds since the epoch. */
  savedAt: number;
  photos: DraftPhoto[];
  /** The advance replacement reference typed so far ('' when none). */
  replacementReference: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

let opened: { factory: IDBFactory; store: UseStore } | null = null;

/** The widgets' own store (`rw-refund-widgets`, `claim-drafts`) of the page's IndexedDB, or null where there is none. */
export function draftStore(): UseStore | null {
  const factory = typeof indexedDB === 'undefined' ? undefined : indexedDB;
  if (!factory) return null;
  // One connection per IndexedDB the page has.
  if (opened?.factory !== factory) opened = { factory, store: createStore('rw-refund-widgets', 'claim-drafts') };
  return opened.store;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isArrayBuffer = (value: unknown): value is ArrayBuffer =>
  Object.prototype.toString.call(value) === '[object ArrayBuffer]';

/** A photo a widget can list and send: its texts, its state, and bytes only as an ArrayBuffer. */
function isPhoto(value: unknown): value is DraftPhoto {
  const photo = (value ?? {}) as Partial<DraftPhoto>;
  return (
    isText(photo.key) &&
    isText(photo.name) &&
    isText(photo.uploadKey) &&
    typeof photo.addedAt === 'number' &&
    (photo.state === 'uploaded'
      ? isText(photo.uploadId)
      : photo.state === 'waiting' && (photo.bytes === undefined || isArrayBuffer(photo.bytes)))
  );
}

/**
 * A stored value read as a draft: of the right shape (every photo too), changed at most
 * {@link DRAFT_TTL_HOURS} hours before `now` and at most {@link DRAFT_MAX_AHEAD_MINUTES} minutes after it.
 *
 * @returns the draft, or undefined when it is to be dropped
 */
export function freshDraft(value: unknown, now: number): ClaimDraft | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const draft = value as Partial<ClaimDraft>;
  if (
    typeof draft.savedAt !== 'number' ||
    !(draft.savedAt >= now - DRAFT_TTL_HOURS * HOUR_MS && draft.savedAt <= now + DRAFT_MAX_AHEAD_MINUTES * MINUTE_MS) ||
    !Array.isArray(draft.photos) ||
    !draft.photos.every(isPhoto) ||
    !isText(draft.replacementReference)
  )
    return undefined;
  return draft as ClaimDraft;
}

/**
 * Deletes every draft {@link freshDraft} refuses (too old, dated ahead, of the wrong shape), or
 * every draft of `bookingReference` (its refund or claim completed). Never rejects.
 *
 * @param now milliseconds since the epoch
 * @param bookingReference when given, that booking's drafts go, whatever their age
 * @returns how many were deleted
 */
export async function removeDrafts(now: number = Date.now(), bookingReference?: string): Promise<number> {
  const db = draftStore();
  if (!db) return 0;
  const booking = bookingReference && `${DRAFT_KEY_PREFIX}${bookingReference.trim().toUpperCase()}:`;
  try {
    const gone = (await entries(db)).filter(
      ([key, value]) =>
        isText(key) && key.startsWith(booking || DRAFT_KEY_PREFIX) && (!!booking || !freshDraft(value, now)),
    );
    await Promise.all(gone.map(([key]) => del(key, db)));
    return gone.length;
  } catch {
    return 0;
  }
}
