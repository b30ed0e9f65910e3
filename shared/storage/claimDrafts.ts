/**
 * The claim drafts' IndexedDB store (docs/offline.md "The claim draft"). Photo bytes are kept as an
 * ArrayBuffer: WebKit refuses a Blob in a private window. Nothing here rejects.
 */
import { createStore, del, entries, type UseStore } from 'idb-keyval';

/** How long a draft is kept after its last change (elapsed hours, the phone's clock). */
export const DRAFT_TTL_HOURS = 24;
/** A draft dated further ahead of the phone's clock than this (a clock put back) is not kept. */
const DRAFT_MAX_AHEAD_MINUTES = 5;
export const DRAFT_KEY_PREFIX = 'rw-claim:';

export interface DraftPhoto {
  key: string;
  name: string;
  /** SHA-256 of the original bytes, 64 hex digits; null where the browser has no `crypto.subtle`. */
  digest: string | null;
  /** Size of the original, in bytes. */
  size: number;
  uploadKey: string;
  /** When it was added (ms, strictly increasing within a page): its place in the list. */
  addedAt: number;
  /** `waiting`: not yet uploaded, with its resized `bytes` when they could be kept; `uploaded`: with `uploadId`. */
  state: 'waiting' | 'uploaded';
  bytes?: ArrayBuffer;
  type?: string;
  uploadId?: string;
}

export interface ClaimDraft {
  savedAt: number;
  photos: DraftPhoto[];
  replacementReference: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

let opened: { factory: IDBFactory; store: UseStore } | null = null;

/** The widgets' `claim-drafts` store of the page's IndexedDB, or null where there is none. */
export function draftStore(): UseStore | null {
  const factory = typeof indexedDB === 'undefined' ? undefined : indexedDB;
  if (!factory) return null;
  if (opened?.factory !== factory) opened = { factory, store: createStore('rw-refund-widgets', 'claim-drafts') };
  return opened.store;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isArrayBuffer = (value: unknown): value is ArrayBuffer =>
  Object.prototype.toString.call(value) === '[object ArrayBuffer]';

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

/** `value` as a draft when well formed and saved within {@link DRAFT_TTL_HOURS} before `now` (5 minutes ahead at most), else undefined. */
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

/** Deletes every draft {@link freshDraft} refuses, or every draft of `bookingReference`; returns how many. Never rejects. */
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
