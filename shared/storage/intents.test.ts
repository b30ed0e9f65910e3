/**
 * Confirmed intents kept across a reload or a closed tab (intents.ts; docs/offline.md "Committing
 * actions"): the key is reused for the same booking, action and body, renewed for another body
 * or action, forgotten on a definite answer and after 24 hours.
 */
import {
  bodyDigest,
  canKeepIntents,
  forgetBookingIntents,
  forgetExpiredIntents,
  forgetIntent,
  hasPendingIntent,
  intentStorageKey,
  keyForIntent,
  type Intent,
} from './intents';

const NOW = Date.parse('2026-11-25T09:00:00Z');
const HOUR = 60 * 60 * 1000;
const refund = (body: object = { protectedReference: 'pr_1', journeyId: 700101, defer: false }): Intent => ({
  bookingReference: 'KXB7HT2N',
  action: 'refund',
  body,
});

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

test('the storage key names the booking (trimmed, upper case) and the action', () => {
  expect(intentStorageKey(' kxb7ht2n ', 'deferral')).toBe('rw-intent:KXB7HT2N:deferral');
});

test('the digest is SHA-256 of the body, whatever the order of its keys', async () => {
  const digest = await bodyDigest({ a: 1, b: [1, { d: 2, c: 3 }] });
  expect(digest).toMatch(/^[0-9a-f]{64}$/);
  expect(await bodyDigest({ b: [1, { c: 3, d: 2 }], a: 1 })).toBe(digest);
  expect(await bodyDigest({ a: 2, b: [1, { c: 3, d: 2 }] })).not.toBe(digest);
});

test('the same intent gets the same key, stored before anything is sent, without the body', async () => {
  const first = await keyForIntent(refund(), NOW);
  expect(first.reused).toBe(false);
  expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
  const stored = localStorage.getItem('rw-intent:KXB7HT2N:refund') as string;
  expect(JSON.parse(stored)).toEqual({ key: first.key, digest: expect.stringMatching(/^[0-9a-f]{64}$/), savedAt: NOW });
  expect(stored).not.toContain('pr_1');
  // a reload, or another tab: the same booking, action and body
  expect(await keyForIntent(refund(), NOW + HOUR)).toEqual({ key: first.key, reused: true });
});

test('another body or another action gets a new key', async () => {
  const { key } = await keyForIntent(refund(), NOW);
  const deferral = await keyForIntent({ ...refund(), action: 'deferral' }, NOW);
  expect(deferral.key).not.toBe(key);
  const otherBody = await keyForIntent(refund({ protectedReference: 'pr_1', journeyId: 700101, defer: true }), NOW);
  expect(otherBody).toEqual({ key: expect.not.stringMatching(key), reused: false });
  expect(otherBody.key).not.toBe(key);
});

test('a key older than 24 hours is not reused, and is removed when a widget starts', async () => {
  const { key } = await keyForIntent(refund(), NOW);
  expect(hasPendingIntent('KXB7HT2N', 'refund', NOW + 24 * HOUR)).toBe(true);
  expect(hasPendingIntent('KXB7HT2N', 'refund', NOW + 24 * HOUR + 1)).toBe(false);
  localStorage.setItem('rw-intent:OTHER234:claim', 'not json');
  localStorage.setItem('host-setting', 'kept');
  expect(forgetExpiredIntents(NOW + 25 * HOUR).sort()).toEqual([
    'rw-intent:KXB7HT2N:refund',
    'rw-intent:OTHER234:claim',
  ]);
  expect(localStorage.getItem('host-setting')).toBe('kept');
  expect((await keyForIntent(refund(), NOW + 25 * HOUR)).key).not.toBe(key);
});

test('forgetIntent removes the intent: the next confirmation gets a new key', async () => {
  const { key } = await keyForIntent(refund(), NOW);
  forgetIntent('kxb7ht2n', 'refund');
  expect(hasPendingIntent('KXB7HT2N', 'refund', NOW)).toBe(false);
  expect((await keyForIntent(refund(), NOW)).key).not.toBe(key);
});

test('storage that is disabled or full: the key follows the body in this page, never an exception', async () => {
  jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('full', 'QuotaExceededError');
  });
  const first = await keyForIntent(refund(), NOW);
  expect(first).toEqual({ key: expect.stringMatching(/^[0-9a-f-]{36}$/), reused: false });
  expect(await keyForIntent(refund(), NOW)).toEqual({ key: first.key, reused: true });
  const other = await keyForIntent(refund({ protectedReference: 'pr_1', journeyId: 700101, defer: true }), NOW);
  expect(other.key).not.toBe(first.key);
  jest.restoreAllMocks();
  jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
    throw new DOMException('disabled', 'SecurityError');
  });
  expect(canKeepIntents()).toBe(false);
  expect(hasPendingIntent('KXB7HT2N', 'refund', NOW)).toBe(false);
  expect(() => forgetIntent('KXB7HT2N', 'refund')).not.toThrow();
  // Forgotten (a definite answer): the same body gets a new key.
  expect(
    (await keyForIntent(refund({ protectedReference: 'pr_1', journeyId: 700101, defer: true }), NOW)).key,
  ).not.toBe(other.key);
  expect(forgetExpiredIntents(NOW)).toEqual([]);
  expect(forgetBookingIntents('KXB7HT2N')).toEqual([]);
});

test('canKeepIntents: storage that keeps, and crypto.subtle', () => {
  expect(canKeepIntents()).toBe(true);
  jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('full', 'QuotaExceededError');
  });
  expect(canKeepIntents()).toBe(false);
});

test('forgetBookingIntents forgets every action of that booking only (its refund or claim completed)', async () => {
  await keyForIntent(refund(), NOW);
  await keyForIntent({ ...refund(), action: 'claim' }, NOW);
  await keyForIntent({ ...refund(), bookingReference: 'LBG7WK2F' }, NOW);
  expect(forgetBookingIntents(' kxb7ht2n ').sort()).toEqual(['rw-intent:KXB7HT2N:claim', 'rw-intent:KXB7HT2N:refund']);
  expect(Object.keys(localStorage)).toEqual(['rw-intent:LBG7WK2F:refund']);
});

test('across the autumn clock change a key is kept 24 hours by the clock (jest fake timers), though London’s clock moved 23', async () => {
  jest.useFakeTimers({ now: Date.parse('2026-10-24T12:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick'] });
  try {
    await keyForIntent(refund());
    jest.setSystemTime(Date.parse('2026-10-25T12:00:00Z'));
    expect(hasPendingIntent('KXB7HT2N', 'refund')).toBe(true);
    jest.setSystemTime(Date.parse('2026-10-25T12:00:00Z') + 1);
    expect(hasPendingIntent('KXB7HT2N', 'refund')).toBe(false);
  } finally {
    jest.useRealTimers();
  }
});
