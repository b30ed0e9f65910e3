/**
 * The claim draft in IndexedDB (docs/offline.md "The claim draft"; docs/security.md "The claim draft kept on the
 * device"): one record per claim. Where IndexedDB is missing or refuses, every function resolves, keeping nothing.
 */
import { del, get, set, update } from 'idb-keyval';
import {
  DRAFT_KEY_PREFIX,
  draftStore,
  freshDraft,
  type ClaimDraft,
  type DraftPhoto,
} from '../../shared/storage/claimDrafts';

export { DRAFT_TTL_HOURS, type ClaimDraft, type DraftPhoto } from '../../shared/storage/claimDrafts';

/** What a change kept: all of it, the draft without the photos' bytes (storage full), or nothing. */
export type Kept = 'kept' | 'without-photos' | 'not-kept';

/** The key of a claim's draft: `rw-claim:{BOOKINGREFERENCE}:{journeyId}`. */
export function draftKey(bookingReference: string, journeyId: string): string {
  return `${DRAFT_KEY_PREFIX}${bookingReference.trim().toUpperCase()}:${journeyId}`;
}

/** Whether the page has an IndexedDB (synchronous; {@link canKeepDrafts} tries it). */
export function hasDraftStore(): boolean {
  return draftStore() !== null;
}

/** Whether this browser keeps a draft with a photo's bytes (writes and deletes a small record). Never rejects. */
export async function canKeepDrafts(): Promise<boolean> {
  const db = draftStore();
  if (!db) return false;
  try {
    await set('rw-probe', { bytes: new ArrayBuffer(8), type: 'image/jpeg' }, db);
    await del('rw-probe', db);
    return true;
  } catch {
    return false;
  }
}

/**
 * A claim's draft, or null when none, older than 24 hours, dated ahead or malformed (then deleted), or refused.
 * `now`: ms since the epoch.
 */
export async function loadDraft(
  bookingReference: string,
  journeyId: string,
  now: number = Date.now(),
): Promise<ClaimDraft | null> {
  const db = draftStore();
  if (!db) return null;
  const key = draftKey(bookingReference, journeyId);
  try {
    const draft = freshDraft(await get(key, db), now);
    if (!draft) await del(key, db);
    return draft ?? null;
  } catch {
    return null;
  }
}

const withoutBytes = (draft: ClaimDraft): ClaimDraft => ({
  ...draft,
  photos: draft.photos.map(({ bytes: _bytes, type: _type, ...photo }) => photo),
});

/**
 * Changes a claim's draft in one IndexedDB transaction, `savedAt` set to `now`; when refused with the photos'
 * bytes, writes it once more without them. Resolves to what was kept; never rejects.
 */
export async function changeDraft(
  bookingReference: string,
  journeyId: string,
  change: (draft: ClaimDraft) => ClaimDraft,
  now: number = Date.now(),
): Promise<Kept> {
  const db = draftStore();
  if (!db) return 'not-kept';
  const write = (shape: (draft: ClaimDraft) => ClaimDraft) =>
    update(
      draftKey(bookingReference, journeyId),
      (stored) =>
        shape({
          ...change(freshDraft(stored, now) ?? { savedAt: now, photos: [], replacementReference: '' }),
          savedAt: now,
        }),
      db,
    );
  try {
    await write((draft) => draft);
    return 'kept';
  } catch {
    // Refused with the bytes (quota, or no binary data): the rest is kept.
  }
  try {
    await write(withoutBytes);
    return 'without-photos';
  } catch {
    return 'not-kept';
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

/** A resized photo's bytes, to keep in a draft. */
export async function photoBytes(blob: Blob): Promise<ArrayBuffer> {
  return blob.arrayBuffer();
}

/** A kept photo as a Blob again, or undefined when its bytes were not kept. */
export function photoBlob(photo: DraftPhoto): Blob | undefined {
  return photo.bytes ? new Blob([photo.bytes], { type: photo.type }) : undefined;
}

/**
 * `draft` with `photo` added or replaced by key, in the order added. A waiting photo never replaces the same photo
 * uploaded: its upload may end before its bytes are written.
 */
export function withPhoto(draft: ClaimDraft, photo: DraftPhoto): ClaimDraft {
  if (photo.state === 'waiting' && draft.photos.some((kept) => kept.key === photo.key && kept.state === 'uploaded'))
    return draft;
  const others = draft.photos.filter((kept) => kept.key !== photo.key);
  const at = others.findIndex((kept) => kept.addedAt > photo.addedAt);
  const photos = at === -1 ? [...others, photo] : [...others.slice(0, at), photo, ...others.slice(at)];
  return { ...draft, photos };
}

/** `draft` with `photo` uploaded as `uploadId`, its bytes dropped; added when its earlier write was refused. */
export function withUploaded(draft: ClaimDraft, photo: DraftPhoto, uploadId: string): ClaimDraft {
  const kept = draft.photos.find((listed) => listed.key === photo.key) ?? photo;
  const { bytes: _bytes, type: _type, ...rest } = kept;
  return withPhoto(draft, { ...rest, state: 'uploaded', uploadId });
}

export function withoutPhoto(draft: ClaimDraft, key: string): ClaimDraft {
  return { ...draft, photos: draft.photos.filter((kept) => kept.key !== key) };
}
