/**
 * What every widget's mount clears on the device (deviceCleanup.ts; docs/security.md "The claim
 * draft kept on the device"), on fake-indexeddb: stale claim drafts go when any widget mounts, not
 * only the manual claim; and a completed refund or claim takes its booking's drafts and intents.
 */
import { act, configure, waitFor } from '@testing-library/react';
import { createStore, keys, set } from 'idb-keyval';
import { freshIndexedDb } from '../../test/indexedDb';
import { dispatchComplete } from '../page/events';
import { createMount } from './createMount';

const HOUR = 60 * 60 * 1000;
// IndexedDB answers asynchronously: give waitFor more than 1 s on a busy machine.
configure({ asyncUtilTimeout: 5000 });
const photo = (key: string) => ({
  key,
  name: `${key}.jpg`,
  digest: null,
  size: 1_000_000,
  uploadKey: 'k'.repeat(64),
  addedAt: 1,
  state: 'waiting',
  bytes: new ArrayBuffer(16),
  type: 'image/jpeg',
});
const draft = (savedAt: number, photos: unknown[] = [photo('one')]) => ({ savedAt, photos, replacementReference: '' });

let unmount: (() => void) | null = null;
beforeEach(() => {
  freshIndexedDb();
  localStorage.clear();
  document.body.innerHTML = '<div id="refund-widget"></div>';
});
afterEach(() => {
  act(() => unmount?.());
  unmount = null;
});

const drafts = () => createStore('rw-refund-widgets', 'claim-drafts');
const element = () => document.getElementById('refund-widget') as HTMLElement;

test('another widget’s mount deletes drafts 3 days old, dated a year ahead, or holding a null photo; a fresh one stays', async () => {
  const now = Date.now();
  await set('rw-claim:LBG7WK2F:700110', draft(now - 72 * HOUR), drafts());
  await set('rw-claim:LBG7WK2F:700111', draft(now + 365 * 24 * HOUR), drafts());
  await set('rw-claim:LBG7WK2F:700112', draft(now - HOUR, [null]), drafts());
  await set('rw-claim:KXB7HT2N:700101', draft(now - HOUR), drafts());
  const mount = createMount('refund', () => <p>Refund</p>);
  act(() => {
    unmount = mount(element());
  });
  await waitFor(async () => expect(await keys(drafts())).toEqual(['rw-claim:KXB7HT2N:700101']));
});

test('a completed refund takes its booking’s drafts and stored intents, and nothing of another booking', async () => {
  const now = Date.now();
  await set('rw-claim:KXB7HT2N:700101', draft(now - HOUR), drafts());
  await set('rw-claim:KXB7HT2N:700102', draft(now - HOUR), drafts());
  await set('rw-claim:LBG7WK2F:700110', draft(now - HOUR), drafts());
  const intent = JSON.stringify({ key: 'k', digest: 'd'.repeat(64), savedAt: now });
  localStorage.setItem('rw-intent:KXB7HT2N:claim', intent);
  localStorage.setItem('rw-intent:LBG7WK2F:refund', intent);
  const mount = createMount('refund', (host) => (
    <button type="button" onClick={() => dispatchComplete(host, 'refund', { bookingReference: 'KXB7HT2N' })}>
      Accept refund
    </button>
  ));
  act(() => {
    unmount = mount(element());
  });
  // The mount's own clean-up keeps every fresh draft.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await keys(drafts())).toHaveLength(3);
  act(() => element().querySelector('button')?.click());
  await waitFor(async () => expect(await keys(drafts())).toEqual(['rw-claim:LBG7WK2F:700110']));
  expect(Object.keys(localStorage)).toEqual(['rw-intent:LBG7WK2F:refund']);
});
