/**
 * The claim draft (docs/offline.md "The claim draft"): what the traveller has done on the manual
 * claim, kept in IndexedDB (idb-keyval) so that a reload, a closed tab or a new tab loses nothing.
 *
 * One record per claim, keyed by booking reference and journey id, in a database of the widgets'
 * own (`rw-refund-widgets`, store `claim-drafts`), never the host page's. It holds each photo's
 * name, digest, size and state (waiting, with its resized Blob and upload key; or uploaded, with
 * the identifier the server gave) and the advance replacement reference typed so far; never an
 * e-mail address. A draft older than 24 hours is deleted. Where IndexedDB is missing or refuses
 * (private windows, storage full), every function here does nothing and the claim works as before.
 */
import { createStore, del, entries, get, update, type UseStore } from 'idb-keyval';
import { isOutsideWindow } from '../../shared/format/time';

/** How long a draft is kept after its last change (hours, measured in Europe/London: shared/format/time.ts). */
export const DRAFT_TTL_HOURS = 24;
const KEY_PREFIX = 'rw-claim:';

/** One photo of a draft. */
export interface DraftPhoto {
  /** The photo's key in the upload list (dropzone's uuid when it was added). */
  key: string;
  name: string;
  /** SHA-256 of the original bytes, 64 hex digits; null where the browser has no `crypto.subtle`. */
  digest: string | null;
  /** Size of the original, in bytes. */
  size: number;
  /** The upload's Idempotency-Key (api.ts `uploadKey`). */
  uploadKey: string;
  /** When it was added to the list (ms, strictly increasing within a page): its place in the list. */
  addedAt: number;
  /** `waiting`: not yet uploaded, with its resized `blob`; `uploaded`: with the server's `uploadId`. */
  state: 'waiting' | 'uploaded';
  blob?: Blob;
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

let store: UseStore | null | undefined;
let clock: () => number = Date.now;

/** The widgets' own store, or null where IndexedDB is missing. */
function draftStore(): UseStore | null {
  if (store === undefined)
    store = typeof indexedDB === 'undefined' ? null : createStore('rw-refund-widgets', 'claim-drafts');
  return store;
}

/**
 * The key of a claim's draft: `rw-claim:{BOOKINGREFERENCE}:{journeyId}`.
 *
 * @param bookingReference the booking reference (any letter case)
 * @param journeyId the claim's journey id (`Journey-Id`)
 */
export function draftKey(bookingReference: string, journeyId: string): string {
  return `${KEY_PREFIX}${bookingReference.trim().toUpperCase()}:${journeyId}`;
}

const fresh = (draft: ClaimDraft | undefined, now: number): ClaimDraft | undefined =>
  draft &&
  typeof draft.savedAt === 'number' &&
  !isOutsideWindow(draft.savedAt, now, { hours: DRAFT_TTL_HOURS }) &&
  Array.isArray(draft.photos)
    ? draft
    : undefined;

/**
 * Reads a claim's draft.
 *
 * @returns the draft, or null when there is none, it is older than 24 hours (it is then deleted)
 *   or IndexedDB refused
 */
export async function loadDraft(bookingReference: string, journeyId: string): Promise<ClaimDraft | null> {
  const db = draftStore();
  if (!db) return null;
  const key = draftKey(bookingReference, journeyId);
  try {
    const draft = fresh(await get<ClaimDraft>(key, db), clock());
    if (!draft) await del(key, db);
    return draft ?? null;
  } catch {
    return null;
  }
}

/**
 * Changes a claim's draft in one IndexedDB transaction (idb-keyval `update`): `change` gets the
 * draft as it is (an empty one when there is none or it expired) and returns it changed; its
 * `savedAt` is set to now. Never rejects.
 */
export async function changeDraft(
  bookingReference: string,
  journeyId: string,
  change: (draft: ClaimDraft) => ClaimDraft,
): Promise<void> {
  const db = draftStore();
  if (!db) return;
  const now = clock();
  try {
    await update<ClaimDraft>(
      draftKey(bookingReference, journeyId),
      (draft) => ({
        ...change(fresh(draft, now) ?? { savedAt: now, photos: [], replacementReference: '' }),
        savedAt: now,
      }),
      db,
    );
  } catch {
    // Not kept: the claim goes on in this page.
  }
}

/** Deletes a claim's draft (the claim was submitted). Never rejects. */
export async function deleteDraft(bookingReference: string, journeyId: string): Promise<void> {
  const db = draftStore();
  if (!db) return;
  try {
    await del(draftKey(bookingReference, journeyId), db);
  } catch {
    // Nothing to do: it expires.
  }
}

/**
 * Deletes every draft older than 24 hours, and every unreadable one (called when the manual claim
 * mounts). Never rejects.
 *
 * @returns how many were deleted
 */
export async function removeStaleDrafts(): Promise<number> {
  const db = draftStore();
  if (!db) return 0;
  const now = clock();
  try {
    const stale = (await entries<IDBValidKey, ClaimDraft>(db)).filter(
      ([key, draft]) => typeof key === 'string' && key.startsWith(KEY_PREFIX) && !fresh(draft, now),
    );
    await Promise.all(stale.map(([key]) => del(key, db)));
    return stale.length;
  } catch {
    return 0;
  }
}

/**
 * A photo added to or replaced in `draft`, by its key. The photos stay in the order they were added
 * to the list (`addedAt`), whichever was resized and written first.
 *
 * @returns the changed draft
 */
export function withPhoto(draft: ClaimDraft, photo: DraftPhoto): ClaimDraft {
  const others = draft.photos.filter((kept) => kept.key !== photo.key);
  const at = others.findIndex((kept) => kept.addedAt > photo.addedAt);
  const photos = at === -1 ? [...others, photo] : [...others.slice(0, at), photo, ...others.slice(at)];
  return { ...draft, photos };
}

/** `draft` with the photo `key` uploaded as `uploadId`: its Blob is no longer kept. */
export function withUploaded(draft: ClaimDraft, key: string, uploadId: string): ClaimDraft {
  return {
    ...draft,
    photos: draft.photos.map((photo) =>
      photo.key === key ? { ...photo, state: 'uploaded', uploadId, blob: undefined } : photo,
    ),
  };
}

/** `draft` without the photo `key`. */
export function withoutPhoto(draft: ClaimDraft, key: string): ClaimDraft {
  return { ...draft, photos: draft.photos.filter((kept) => kept.key !== key) };
}

/** Test hooks: the clock, and a store made anew (after `fake-indexeddb` is reset). */
export function __setDraftClockForTests(now: () => number): void {
  clock = now;
}
export function __resetDraftStoreForTests(): void {
  store = undefined;
}
