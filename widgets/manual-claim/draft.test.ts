/**
 * @jest-environment node
 *
 * The claim draft in IndexedDB (docs/offline.md "The claim draft"), on fake-indexeddb: one record
 * per claim, kept 24 hours, deleted on submit, never an e-mail; a browser without IndexedDB, or
 * one that refuses, loses the draft and nothing else. The clock is each call's `now`; a "reload"
 * is the module loaded anew (`jest.isolateModules`).
 */
import { IDBObjectStore } from 'fake-indexeddb';
import { createStore, keys, set } from 'idb-keyval';
import { freshIndexedDb } from '../../test/indexedDb';
import { removeDrafts } from '../../shared/storage/claimDrafts';
import {
  canKeepDrafts,
  changeDraft,
  deleteDraft,
  draftKey,
  DRAFT_TTL_HOURS,
  loadDraft,
  photoBlob,
  photoBytes,
  withoutPhoto,
  withPhoto,
  withUploaded,
  type ClaimDraft,
  type DraftPhoto,
} from './draft';

const JOURNEY = '90210';
const DRAFT_TTL_MS = DRAFT_TTL_HOURS * 60 * 60 * 1000;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 26, 9, 0);
let now = NOW;

let added = 0;
const waiting = (key: string, bytes = 'resized'): DraftPhoto => ({
  key,
  addedAt: NOW + (added += 1),
  name: `${key}.jpg`,
  digest: 'a'.repeat(64),
  size: 123_456,
  uploadKey: 'k'.repeat(64),
  state: 'waiting',
  bytes: new TextEncoder().encode(bytes).buffer as ArrayBuffer,
  type: 'image/jpeg',
});

/** draft.ts as a new page loads it. */
function reloaded(): typeof import('./draft') {
  let module: typeof import('./draft') | undefined;
  jest.isolateModules(() => {
    module = jest.requireActual<typeof import('./draft')>('./draft');
  });
  return module as typeof import('./draft');
}

beforeEach(() => {
  freshIndexedDb();
  now = NOW;
});
afterEach(() => jest.restoreAllMocks());

test('a draft is keyed by the booking reference in capitals and the journey id', () => {
  expect(draftKey(' kxb7ht2n ', JOURNEY)).toBe('rw-claim:KXB7HT2N:90210');
});

test('changes are kept, with the resized Blob of a waiting photo, and read back after a "reload"', async () => {
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')), now);
  now += 1000;
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => ({ ...draft, replacementReference: 'E-12345' }), now);
  await changeDraft(
    'KXB7HT2N',
    JOURNEY,
    (draft) => withPhoto(draft, { ...waiting('two'), state: 'uploaded', uploadId: 'up-2', bytes: undefined }),
    now,
  );
  // A new page: the store is opened again.
  const draft = (await reloaded().loadDraft('kxb7ht2n', JOURNEY, now)) as ClaimDraft;
  expect(draft.savedAt).toBe(NOW + 1000);
  expect(draft.replacementReference).toBe('E-12345');
  expect(draft.photos.map((photo) => [photo.key, photo.state, photo.uploadId])).toEqual([
    ['one', 'waiting', undefined],
    ['two', 'uploaded', 'up-2'],
  ]);
  const blob = photoBlob(draft.photos[0]) as Blob;
  expect([await blob.text(), blob.type]).toEqual(['resized', 'image/jpeg']);
  expect(photoBlob(draft.photos[1])).toBeUndefined();
  expect(JSON.stringify(draft)).not.toMatch(/@/);
});

test('another claim, or another journey of the booking, is another record', async () => {
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')), now);
  expect(await loadDraft('KXB7HT2N', 'other', now)).toBeNull();
  expect(await loadDraft('LBG7WK2F', JOURNEY, now)).toBeNull();
});

test('photos keep the order they were added, whichever is written first; replaced in place; removed', async () => {
  let draft: ClaimDraft = { savedAt: NOW, photos: [], replacementReference: '' };
  const [a, b, c] = [waiting('a'), waiting('b'), waiting('c')];
  draft = withPhoto(withPhoto(withPhoto(draft, c), a), b);
  expect(draft.photos.map((photo) => photo.key)).toEqual(['a', 'b', 'c']);
  draft = withPhoto(draft, { ...b, state: 'uploaded', uploadId: 'up-b' });
  expect(draft.photos.map((photo) => `${photo.key}:${photo.state}`)).toEqual(['a:waiting', 'b:uploaded', 'c:waiting']);
  expect(withoutPhoto(draft, 'b').photos.map((photo) => photo.key)).toEqual(['a', 'c']);
  const uploaded = withUploaded(draft, c, 'up-c');
  const { bytes: _bytes, type: _type, ...withoutBytes } = c;
  expect(uploaded.photos[2]).toEqual({ ...withoutBytes, state: 'uploaded', uploadId: 'up-c' });
  expect(uploaded.photos[0]).toBe(draft.photos[0]);
});

test('a photo uploaded before its bytes were written stays uploaded: the late write of its bytes changes nothing', () => {
  const photo = waiting('a');
  const uploaded = withUploaded({ savedAt: NOW, photos: [], replacementReference: '' }, photo, 'up-a');
  expect(withPhoto(uploaded, photo)).toBe(uploaded);
  expect(uploaded.photos.map((kept) => `${kept.key}:${kept.state}:${kept.uploadId}`)).toEqual(['a:uploaded:up-a']);
});

test('a draft older than 24 hours is not read, and is deleted; one of exactly 24 hours is', async () => {
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')), now);
  now = NOW + DRAFT_TTL_MS;
  expect(await loadDraft('KXB7HT2N', JOURNEY, now)).not.toBeNull();
  now = NOW + DRAFT_TTL_MS + 1;
  expect(await loadDraft('KXB7HT2N', JOURNEY, now)).toBeNull();
  now = NOW;
  expect(await loadDraft('KXB7HT2N', JOURNEY, now)).toBeNull();
});

test('across the autumn clock change a draft is kept 24 hours, though London’s clock moved 23', async () => {
  // Saved at 13:00 BST on 24 October; 24 hours later London's clock reads 12:00 GMT.
  now = Date.parse('2026-10-24T12:00:00Z');
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')), now);
  now = Date.parse('2026-10-25T12:00:00Z');
  expect(await loadDraft('KXB7HT2N', JOURNEY, now)).not.toBeNull();
  now = Date.parse('2026-10-25T12:00:00Z') + 1;
  expect(await loadDraft('KXB7HT2N', JOURNEY, now)).toBeNull();
});

test('a change to an expired draft starts from an empty one', async () => {
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('old')), now);
  now = NOW + DRAFT_TTL_MS + 1;
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('new')), now);
  expect((await loadDraft('KXB7HT2N', JOURNEY, now))?.photos.map((photo) => photo.key)).toEqual(['new']);
});

test('deleteDraft deletes the claim’s record only', async () => {
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')), now);
  await changeDraft('LBG7WK2F', JOURNEY, (draft) => withPhoto(draft, waiting('two')), now);
  await deleteDraft('kxb7ht2n', JOURNEY);
  expect(await loadDraft('KXB7HT2N', JOURNEY, now)).toBeNull();
  expect(await loadDraft('LBG7WK2F', JOURNEY, now)).not.toBeNull();
});

test('removeDrafts deletes drafts older than 24 hours, dated ahead, or of the wrong shape, and nothing else', async () => {
  const store = createStore('rw-refund-widgets', 'claim-drafts');
  await changeDraft('OLD00001', JOURNEY, (draft) => withPhoto(draft, waiting('old')), now);
  await changeDraft('AHEAD001', JOURNEY, (draft) => withPhoto(draft, waiting('ahead')), NOW + YEAR_MS);
  now = NOW + DRAFT_TTL_MS + 1;
  await changeDraft('NEW00001', JOURNEY, (draft) => withPhoto(draft, waiting('new')), now);
  await set('rw-claim:BROKEN01:1', { photos: 'not a list' }, store);
  await set('rw-claim:BROKEN02:1', { savedAt: now, replacementReference: '', photos: [null] }, store);
  await set(
    'rw-claim:BROKEN03:1',
    { savedAt: now, replacementReference: '', photos: [{ ...waiting('x'), bytes: 'text' }] },
    store,
  );
  await set('someone-else', { savedAt: 0 }, store);
  expect(await removeDrafts(now)).toBe(5);
  expect((await keys(store)).sort()).toEqual(['rw-claim:NEW00001:90210', 'someone-else']);
});

test('a draft saved with the clock a year ahead, or holding a null photo, is not read and is deleted, never thrown on', async () => {
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')), NOW + YEAR_MS);
  expect(await loadDraft('KXB7HT2N', JOURNEY, now)).toBeNull();
  const store = createStore('rw-refund-widgets', 'claim-drafts');
  await set(draftKey('KXB7HT2N', JOURNEY), { savedAt: now, replacementReference: '', photos: [null] }, store);
  await expect(loadDraft('KXB7HT2N', JOURNEY, now)).resolves.toBeNull();
  expect(await keys(store)).toEqual([]);
  // A change starts from an empty draft.
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('two')), now);
  expect((await loadDraft('KXB7HT2N', JOURNEY, now))?.photos.map((photo) => photo.key)).toEqual(['two']);
});

test('where IndexedDB refuses Blobs (WebKit private windows) the photo’s bytes are kept as an ArrayBuffer', async () => {
  freshIndexedDb({ refuseBlobs: true });
  expect(await canKeepDrafts()).toBe(true);
  const bytes = await photoBytes(new Blob(['resized photo'], { type: 'image/png' }));
  const photo = { ...waiting('one'), bytes, type: 'image/png' };
  expect(await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, photo), now)).toBe('kept');
  const kept = (await reloaded().loadDraft('KXB7HT2N', JOURNEY, now))?.photos[0] as DraftPhoto;
  const blob = photoBlob(kept) as Blob;
  expect([await blob.text(), blob.type]).toEqual(['resized photo', 'image/png']);
});

test('a draft refused with the bytes (storage full) is kept without them: the upload id stays', async () => {
  const put = IDBObjectStore.prototype.put;
  jest.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function full(this: IDBObjectStore, value, key) {
    const photos = (value as { photos?: DraftPhoto[] }).photos ?? [];
    if (photos.some((photo) => photo.bytes))
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return put.call(this, value, key);
  });
  const one = waiting('one');
  expect(await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, one), now)).toBe('without-photos');
  const { bytes: _bytes, type: _type, ...photo } = one;
  expect((await loadDraft('KXB7HT2N', JOURNEY, now))?.photos).toEqual([photo]);
  expect(await changeDraft('KXB7HT2N', JOURNEY, (draft) => withUploaded(draft, photo, 'up-1'), now)).toBe('kept');
  expect((await loadDraft('KXB7HT2N', JOURNEY, now))?.photos).toEqual([
    { ...photo, state: 'uploaded', uploadId: 'up-1' },
  ]);
});

test('withUploaded keeps the upload id of a photo the draft does not hold yet (its bytes were not kept)', () => {
  const { bytes: _bytes, type: _type, ...photo } = waiting('lost');
  const draft = withUploaded({ savedAt: NOW, photos: [], replacementReference: '' }, photo, 'up-9');
  expect(draft.photos).toEqual([{ ...photo, state: 'uploaded', uploadId: 'up-9' }]);
});

test('without IndexedDB, nothing is kept and nothing throws', async () => {
  delete (globalThis as { indexedDB?: unknown }).indexedDB;
  expect(await canKeepDrafts()).toBe(false);
  await expect(changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')), now)).resolves.toBe(
    'not-kept',
  );
  await expect(loadDraft('KXB7HT2N', JOURNEY, now)).resolves.toBeNull();
  await expect(deleteDraft('KXB7HT2N', JOURNEY)).resolves.toBeUndefined();
  await expect(removeDrafts(now)).resolves.toBe(0);
});

test('an IndexedDB that refuses loses the draft, never the claim', async () => {
  const refusing = {
    open: () => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    },
  };
  globalThis.indexedDB = refusing as unknown as IDBFactory;
  expect(await canKeepDrafts()).toBe(false);
  await expect(changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')), now)).resolves.toBe(
    'not-kept',
  );
  await expect(loadDraft('KXB7HT2N', JOURNEY, now)).resolves.toBeNull();
  await expect(deleteDraft('KXB7HT2N', JOURNEY)).resolves.toBeUndefined();
  await expect(removeDrafts(now)).resolves.toBe(0);
});
