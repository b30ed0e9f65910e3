/**
 * @jest-environment node
 *
 * The claim draft in IndexedDB (docs/offline.md "The claim draft"), on fake-indexeddb: one record
 * per claim, kept 24 hours, deleted on submit, never an e-mail; a browser without IndexedDB, or
 * one that refuses, loses the draft and nothing else.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createStore, keys, set } from 'idb-keyval';
import {
  __resetDraftStoreForTests,
  __setDraftClockForTests,
  changeDraft,
  deleteDraft,
  draftKey,
  DRAFT_TTL_HOURS,
  loadDraft,
  removeStaleDrafts,
  withoutPhoto,
  withPhoto,
  withUploaded,
  type ClaimDraft,
  type DraftPhoto,
} from './draft';

const JOURNEY = '90210';
const DRAFT_TTL_MS = DRAFT_TTL_HOURS * 60 * 60 * 1000;
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
  blob: new Blob([bytes], { type: 'image/jpeg' }),
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  __resetDraftStoreForTests();
  now = NOW;
  __setDraftClockForTests(() => now);
});

test('a draft is keyed by the booking reference in capitals and the journey id', () => {
  expect(draftKey(' kxb7ht2n ', JOURNEY)).toBe('rw-claim:KXB7HT2N:90210');
});

test('changes are kept, with the resized Blob of a waiting photo, and read back after a "reload"', async () => {
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')));
  now += 1000;
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => ({ ...draft, replacementReference: 'E-12345' }));
  await changeDraft('KXB7HT2N', JOURNEY, (draft) =>
    withPhoto(draft, { ...waiting('two'), state: 'uploaded', uploadId: 'up-2', blob: undefined }),
  );
  __resetDraftStoreForTests(); // a new page: the store is opened again
  const draft = (await loadDraft('kxb7ht2n', JOURNEY)) as ClaimDraft;
  expect(draft.savedAt).toBe(NOW + 1000);
  expect(draft.replacementReference).toBe('E-12345');
  expect(draft.photos.map((photo) => [photo.key, photo.state, photo.uploadId])).toEqual([
    ['one', 'waiting', undefined],
    ['two', 'uploaded', 'up-2'],
  ]);
  expect(await (draft.photos[0].blob as Blob).text()).toBe('resized');
  expect(JSON.stringify(draft)).not.toMatch(/@/);
});

test('another claim, or another journey of the booking, is another record', async () => {
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')));
  expect(await loadDraft('KXB7HT2N', 'other')).toBeNull();
  expect(await loadDraft('LBG7WK2F', JOURNEY)).toBeNull();
});

test('photos keep the order they were added, whichever is written first; replaced in place; removed', async () => {
  let draft: ClaimDraft = { savedAt: NOW, photos: [], replacementReference: '' };
  const [a, b, c] = [waiting('a'), waiting('b'), waiting('c')];
  draft = withPhoto(withPhoto(withPhoto(draft, c), a), b);
  expect(draft.photos.map((photo) => photo.key)).toEqual(['a', 'b', 'c']);
  draft = withPhoto(draft, { ...b, state: 'uploaded', uploadId: 'up-b' });
  expect(draft.photos.map((photo) => `${photo.key}:${photo.state}`)).toEqual(['a:waiting', 'b:uploaded', 'c:waiting']);
  expect(withoutPhoto(draft, 'b').photos.map((photo) => photo.key)).toEqual(['a', 'c']);
  const uploaded = withUploaded(draft, 'c', 'up-c');
  expect(uploaded.photos[2]).toEqual({ ...c, state: 'uploaded', uploadId: 'up-c', blob: undefined });
  expect(uploaded.photos[0]).toBe(draft.photos[0]);
});

test('a draft older than 24 hours is not read, and is deleted; one of exactly 24 hours is', async () => {
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')));
  now = NOW + DRAFT_TTL_MS;
  expect(await loadDraft('KXB7HT2N', JOURNEY)).not.toBeNull();
  now = NOW + DRAFT_TTL_MS + 1;
  expect(await loadDraft('KXB7HT2N', JOURNEY)).toBeNull();
  now = NOW;
  expect(await loadDraft('KXB7HT2N', JOURNEY)).toBeNull();
});

test('across the autumn clock change a draft is kept 24 hours, though London’s clock moved 23', async () => {
  // Saved at 13:00 BST on 24 October; 24 hours later London's clock reads 12:00 GMT.
  now = Date.parse('2026-10-24T12:00:00Z');
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')));
  now = Date.parse('2026-10-25T12:00:00Z');
  expect(await loadDraft('KXB7HT2N', JOURNEY)).not.toBeNull();
  now = Date.parse('2026-10-25T12:00:00Z') + 1;
  expect(await loadDraft('KXB7HT2N', JOURNEY)).toBeNull();
});

test('a change to an expired draft starts from an empty one', async () => {
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('old')));
  now = NOW + DRAFT_TTL_MS + 1;
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('new')));
  expect((await loadDraft('KXB7HT2N', JOURNEY))?.photos.map((photo) => photo.key)).toEqual(['new']);
});

test('deleteDraft deletes the claim’s record only', async () => {
  await changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')));
  await changeDraft('LBG7WK2F', JOURNEY, (draft) => withPhoto(draft, waiting('two')));
  await deleteDraft('kxb7ht2n', JOURNEY);
  expect(await loadDraft('KXB7HT2N', JOURNEY)).toBeNull();
  expect(await loadDraft('LBG7WK2F', JOURNEY)).not.toBeNull();
});

test('removeStaleDrafts deletes drafts older than 24 hours and unreadable ones, and nothing else', async () => {
  const store = createStore('rw-refund-widgets', 'claim-drafts');
  await changeDraft('OLD00001', JOURNEY, (draft) => withPhoto(draft, waiting('old')));
  now = NOW + DRAFT_TTL_MS + 1;
  await changeDraft('NEW00001', JOURNEY, (draft) => withPhoto(draft, waiting('new')));
  await set('rw-claim:BROKEN01:1', { photos: 'not a list' }, store);
  await set('someone-else', { savedAt: 0 }, store);
  expect(await removeStaleDrafts()).toBe(2);
  expect((await keys(store)).sort()).toEqual(['rw-claim:NEW00001:90210', 'someone-else']);
});

test('without IndexedDB, nothing is kept and nothing throws', async () => {
  delete (globalThis as { indexedDB?: unknown }).indexedDB;
  __resetDraftStoreForTests();
  await expect(changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')))).resolves.toBeUndefined();
  await expect(loadDraft('KXB7HT2N', JOURNEY)).resolves.toBeNull();
  await expect(deleteDraft('KXB7HT2N', JOURNEY)).resolves.toBeUndefined();
  await expect(removeStaleDrafts()).resolves.toBe(0);
});

test('an IndexedDB that refuses loses the draft, never the claim', async () => {
  const refusing = {
    open: () => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    },
  };
  globalThis.indexedDB = refusing as unknown as IDBFactory;
  __resetDraftStoreForTests();
  await expect(changeDraft('KXB7HT2N', JOURNEY, (draft) => withPhoto(draft, waiting('one')))).resolves.toBeUndefined();
  await expect(loadDraft('KXB7HT2N', JOURNEY)).resolves.toBeNull();
  await expect(deleteDraft('KXB7HT2N', JOURNEY)).resolves.toBeUndefined();
  await expect(removeStaleDrafts()).resolves.toBe(0);
});
