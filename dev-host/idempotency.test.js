// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Idempotency keys scoped by session and path, held in a Map (idempotency.js; docs/security.md
 * "Sessions and antiforgery on the reference backend"): the helper on its own, then through
 * ProcessRefund and submit-claim, where another session reusing a key once got 422 (telling it the
 * key exists) and `Idempotency-Key: __proto__` always got 422. Answers are kept 24 hours (a clock
 * passed in moves time on), only 2xx ones are saved, at most 100 per session, and `forget` drops
 * an upload's answer (docs/host-contract.md "Idempotency-Key: what the API keeps").
 */
const bookings = require('../fixtures/bookings.json');
const lookups = require('../fixtures/lookups.json');
const {
  createIdempotency,
  fingerprint,
  isDefinite,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  ANSWER_LIFETIME_MS,
} = require('./idempotency');
const { useTestHosts, travellerSession, confirmBody, uploadInit, postJson } = require('./testing');

const REUSED = { message: 'This Idempotency-Key was already used for a different request.' };
const BAD_KEY = { message: 'Idempotency-Key must be 1 to 255 characters.' };
const HOUR = 60 * 60 * 1000;
/** 2026-11-25T09:00:00.000Z: the time of the first answer in the expiry tests. */
const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);

/** A clock the tests move by hand: `clock.now` for `createIdempotency({ now })`, `clock.at(ms)` to set it. */
function testClock(start = T0) {
  let time = start;
  return {
    now: () => time,
    at(ms) {
      time = ms;
    },
  };
}

describe('createIdempotency', () => {
  const request = (overrides = {}) => ({ scope: 's1', path: '/p', key: 'k', body: { a: 1 }, ...overrides });
  const accepted = () => ({ status: 200, json: { ok: true }, accepted: true });

  it('decides a new key, then replays its answer for the same scope, path, key and body', () => {
    const saved = createIdempotency();
    const decide = jest.fn(accepted);
    expect(saved.run(request(), decide)).toEqual({ status: 200, json: { ok: true }, accepted: true, decided: true });
    expect(saved.run(request({ body: { a: 1 } }), decide)).toEqual({ status: 200, json: { ok: true }, decided: false });
    expect(decide).toHaveBeenCalledTimes(1);
    expect(saved.size).toBe(1);
  });

  it('refuses the same key with another body (422) in the same scope and path, deciding nothing', () => {
    const saved = createIdempotency();
    saved.run(request(), accepted);
    const decide = jest.fn(accepted);
    expect(saved.run(request({ body: { a: 2 } }), decide)).toEqual({ status: 422, json: REUSED, decided: false });
    expect(decide).not.toHaveBeenCalled();
  });

  it.each([
    ['another session', { scope: 's2' }],
    ['no session', { scope: null }],
    ['another path', { path: '/q' }],
  ])('treats the key as new in %s, even with the same body', (_name, other) => {
    const saved = createIdempotency();
    saved.run(request(), accepted);
    const decide = jest.fn(() => ({ status: 201, json: { other: true } }));
    expect(saved.run(request(other), decide)).toEqual({ status: 201, json: { other: true }, decided: true });
    expect(decide).toHaveBeenCalledTimes(1);
    // Now saved there too, apart from the first: its own answer replays, another body is a reuse.
    expect(saved.run(request(other), accepted)).toEqual({ status: 201, json: { other: true }, decided: false });
    expect(saved.run(request({ ...other, body: { a: 2 } }), accepted).status).toBe(422);
    expect(saved.run(request(), accepted)).toEqual({ status: 200, json: { ok: true }, decided: false });
    expect(saved.size).toBe(2);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', '__defineGetter__'])(
    'Idempotency-Key: %s is a key like any other',
    (key) => {
      const saved = createIdempotency();
      expect(saved.run(request({ key }), accepted)).toMatchObject({ status: 200, decided: true });
      expect(saved.run(request({ key }), accepted)).toEqual({ status: 200, json: { ok: true }, decided: false });
      expect(saved.run(request({ key, body: { a: 2 } }), accepted).status).toBe(422);
      expect(saved.run(request({ key, scope: 's2' }), accepted)).toMatchObject({ status: 200, decided: true });
      expect(saved.size).toBe(2);
    },
  );

  it('without a key decides every time and saves nothing', () => {
    const saved = createIdempotency();
    const decide = jest.fn(accepted);
    saved.run(request({ key: undefined }), decide);
    saved.run(request({ key: undefined }), decide);
    expect(decide).toHaveBeenCalledTimes(2);
    expect(saved.size).toBe(0);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['256 characters', 'k'.repeat(MAX_IDEMPOTENCY_KEY_LENGTH + 1)],
  ])('refuses a key that is %s with 400, deciding nothing', (_name, key) => {
    const saved = createIdempotency();
    const decide = jest.fn(accepted);
    expect(saved.run(request({ key }), decide)).toEqual({ status: 400, json: BAD_KEY, decided: false });
    expect(decide).not.toHaveBeenCalled();
    expect(saved.size).toBe(0);
  });

  it('takes a key of 255 characters', () => {
    const saved = createIdempotency();
    expect(saved.run(request({ key: 'k'.repeat(MAX_IDEMPOTENCY_KEY_LENGTH) }), accepted).decided).toBe(true);
  });

  it('saves a copy of the answer and replays copies: changing one changes nothing saved', () => {
    const saved = createIdempotency();
    const json = { list: [1] };
    saved.run(request(), () => ({ status: 200, json }));
    json.list.push(2);
    const replay = saved.run(request(), accepted);
    expect(replay.json).toEqual({ list: [1] });
    /** @type {{ list: number[] }} */ (replay.json).list.push(3);
    expect(saved.run(request(), accepted).json).toEqual({ list: [1] });
  });

  it('saves an answer without a body; a refusal is decided again', () => {
    const saved = createIdempotency();
    saved.run(request(), () => ({ status: 400, json: { message: 'no' } }));
    expect(saved.run(request(), accepted)).toEqual({ ...accepted(), decided: true });
    saved.run(request({ key: 'empty' }), () => ({ status: 204 }));
    expect(saved.run(request({ key: 'empty' }), accepted)).toEqual({ status: 204, json: undefined, decided: false });
  });

  it('writes its entries for a state file, with the time each was saved, and reads them back', () => {
    const clock = testClock();
    const saved = createIdempotency({ now: clock.now });
    saved.run(request(), accepted);
    clock.at(T0 + HOUR);
    saved.run(request({ scope: null, key: '__proto__' }), () => ({ status: 201, json: { again: true } }));
    const entries = JSON.parse(JSON.stringify(saved.toJSON()));
    expect(entries).toEqual([
      {
        scope: 's1',
        path: '/p',
        key: 'k',
        fingerprint: fingerprint({ a: 1 }),
        status: 200,
        body: { ok: true },
        savedAt: '2026-11-25T09:00:00.000Z',
      },
      {
        scope: null,
        path: '/p',
        key: '__proto__',
        fingerprint: fingerprint({ a: 1 }),
        status: 201,
        body: { again: true },
        savedAt: '2026-11-25T10:00:00.000Z',
      },
    ]);
    const loaded = createIdempotency({ now: clock.now });
    loaded.load(entries);
    expect(loaded.toJSON()).toEqual(entries);
    expect(loaded.run(request(), accepted)).toEqual({ status: 200, json: { ok: true }, decided: false });
    expect(loaded.run(request({ scope: null, key: '__proto__' }), accepted).status).toBe(201);
  });

  it('loads nothing from an older file (an object keyed by path and key) or from malformed entries', () => {
    const clock = testClock();
    const saved = createIdempotency({ now: clock.now });
    saved.run(request(), accepted);
    saved.load({ '/p k': { fingerprint: fingerprint({ a: 1 }), status: 200, body: {} } });
    expect(saved.size).toBe(0);
    const good = { scope: 's', path: '/p', key: 'k', fingerprint: 'f', status: 200, body: null };
    saved.load([
      null,
      'entry',
      { ...good, scope: 1 },
      { ...good, path: undefined },
      { ...good, key: 2 },
      { ...good, fingerprint: null },
      { ...good, status: '200' },
      { ...good, status: 200.5 },
      { ...good, key: 'not-a-time', savedAt: 'yesterday' },
      { ...good, key: 'a-number', savedAt: T0 },
      { ...good, key: 'null-time', savedAt: null },
      good,
    ]);
    // An entry without savedAt (a file written before answers expired) counts as saved at the load.
    expect(saved.toJSON()).toEqual([{ ...good, savedAt: '2026-11-25T09:00:00.000Z' }]);
    saved.load(undefined);
    expect(saved.size).toBe(0);
  });

  it('leaves out, when loading, an answer that is not a 2xx (a 4xx or 5xx an older file kept)', () => {
    const saved = createIdempotency({ now: testClock().now });
    const entry = (status, key) => ({ scope: 's', path: '/p', key, fingerprint: 'f', status, body: null });
    saved.load([entry(500, 'a'), entry(400, 'b'), entry(408, 'c'), entry(409, 'd'), entry(422, 'e'), entry(201, 'f')]);
    expect(saved.toJSON().map((e) => [e.key, e.status])).toEqual([['f', 201]]);
  });

  it('clear forgets every answer', () => {
    const saved = createIdempotency();
    saved.run(request(), accepted);
    saved.clear();
    expect(saved.size).toBe(0);
    expect(saved.run(request({ body: { a: 2 } }), accepted).decided).toBe(true);
  });
});

describe('createIdempotency: answers kept 24 hours (docs/host-contract.md "Idempotency-Key: what the API keeps")', () => {
  const request = (overrides = {}) => ({ scope: 's1', path: '/p', key: 'k', body: { a: 1 }, ...overrides });
  const accepted = () => ({ status: 200, json: { ok: true } });
  const again = () => ({ status: 201, json: { again: true } });

  it('replays an answer saved at t until t + 24 h, and decides anew at t + 24 h + 1 ms', () => {
    const clock = testClock();
    const saved = createIdempotency({ now: clock.now });
    expect(ANSWER_LIFETIME_MS).toBe(24 * HOUR);
    expect(saved.run(request(), accepted)).toMatchObject({ status: 200, decided: true });
    clock.at(T0 + 23 * HOUR + 59 * 60 * 1000);
    expect(saved.run(request(), again)).toEqual({ status: 200, json: { ok: true }, decided: false });
    expect(saved.run(request({ body: { a: 2 } }), again)).toEqual({ status: 422, json: REUSED, decided: false });
    clock.at(T0 + 24 * HOUR);
    expect(saved.run(request(), again)).toEqual({ status: 200, json: { ok: true }, decided: false });
    clock.at(T0 + 24 * HOUR + 1);
    const decide = jest.fn(again);
    expect(saved.run(request(), decide)).toEqual({ status: 201, json: { again: true }, decided: true });
    expect(decide).toHaveBeenCalledTimes(1);
    // The new answer is saved at its own time and replays for its own 24 hours.
    expect(saved.toJSON()).toEqual([expect.objectContaining({ status: 201, savedAt: '2026-11-26T09:00:00.001Z' })]);
    clock.at(T0 + 48 * HOUR + 1);
    expect(saved.run(request(), accepted)).toEqual({ status: 201, json: { again: true }, decided: false });
  });

  it('after 24 hours the key may come with another body: decided, not again with 422', () => {
    const clock = testClock();
    const saved = createIdempotency({ now: clock.now });
    saved.run(request(), accepted);
    clock.at(T0 + 24 * HOUR + 1);
    expect(saved.run(request({ body: { a: 2 } }), again)).toEqual({
      status: 201,
      json: { again: true },
      decided: true,
    });
  });

  it('forgets every expired answer on each run, a run without a key included', () => {
    const clock = testClock();
    const saved = createIdempotency({ now: clock.now });
    saved.run(request({ key: 'early' }), accepted);
    clock.at(T0 + HOUR);
    saved.run(request({ key: 'later', scope: 's2' }), accepted);
    expect(saved.size).toBe(2);
    clock.at(T0 + 24 * HOUR + 1);
    saved.run(request({ key: undefined }), accepted);
    expect(saved.toJSON().map((entry) => entry.key)).toEqual(['later']);
    clock.at(T0 + 25 * HOUR + 1);
    saved.run(request({ key: undefined }), accepted);
    expect(saved.size).toBe(0);
  });

  it('a state file round trip keeps each answer’s time: loading forgets what is over 24 hours old', () => {
    const clock = testClock();
    const saved = createIdempotency({ now: clock.now });
    saved.run(request({ key: 'early' }), accepted);
    clock.at(T0 + 2 * HOUR);
    saved.run(request({ key: 'later' }), again);
    const file = JSON.parse(JSON.stringify(saved.toJSON()));

    clock.at(T0 + 24 * HOUR + 1);
    const restarted = createIdempotency({ now: clock.now });
    restarted.load(file);
    expect(restarted.toJSON()).toEqual([file[1]]);
    expect(restarted.run(request({ key: 'later' }), accepted)).toEqual({
      status: 201,
      json: { again: true },
      decided: false,
    });
    expect(restarted.run(request({ key: 'early' }), again).decided).toBe(true);
    clock.at(T0 + 26 * HOUR + 1);
    expect(restarted.run(request({ key: 'later' }), accepted)).toMatchObject({ status: 200, decided: true });
  });

  it('an entry of an older file without savedAt is kept 24 hours from the load', () => {
    const clock = testClock();
    const entry = { scope: 's1', path: '/p', key: 'k', fingerprint: fingerprint({ a: 1 }), status: 200, body: 'x' };
    const saved = createIdempotency({ now: clock.now });
    saved.load([entry]);
    clock.at(T0 + 24 * HOUR);
    expect(saved.run(request(), again)).toEqual({ status: 200, json: 'x', decided: false });
    clock.at(T0 + 24 * HOUR + 1);
    expect(saved.run(request(), again).decided).toBe(true);
  });

  it('a savedAt later than the load (a clock that was ahead) counts as the time of the load', () => {
    const clock = testClock();
    const entry = { scope: 's1', path: '/p', key: 'k', fingerprint: fingerprint({ a: 1 }), status: 200, body: 'x' };
    const saved = createIdempotency({ now: clock.now });
    saved.load([{ ...entry, savedAt: '2026-12-25T09:00:00.000Z' }]);
    expect(saved.toJSON()[0].savedAt).toBe('2026-11-25T09:00:00.000Z');
    clock.at(T0 + 24 * HOUR + 1);
    expect(saved.run(request(), again).decided).toBe(true);
  });

  it('uses Date.now when no clock is given', () => {
    const saved = createIdempotency();
    const before = Date.now();
    saved.run(request(), accepted);
    const savedAt = Date.parse(saved.toJSON()[0].savedAt);
    expect(savedAt).toBeGreaterThanOrEqual(before);
    expect(savedAt).toBeLessThanOrEqual(Date.now());
  });
});

describe('createIdempotency: only 2xx answers are saved', () => {
  const request = (overrides = {}) => ({ scope: 's1', path: '/p', key: 'k', body: { a: 1 }, ...overrides });

  it.each([
    [199, false],
    [200, true],
    [201, true],
    [204, true],
    [299, true],
    [300, false],
    [302, false],
    [399, false],
    [400, false],
    [404, false],
    [407, false],
    [408, false],
    [409, false],
    [410, false],
    [413, false],
    [415, false],
    [422, false],
    [428, false],
    [429, false],
    [430, false],
    [499, false],
    [500, false],
    [502, false],
    [503, false],
    [599, false],
  ])('isDefinite(%i) is %s', (status, definite) => {
    expect(isDefinite(status)).toBe(definite);
  });

  it.each([500, 503, 400, 408, 409, 415, 422, 429])(
    'an answer decided as %i is not saved: the key is decided again',
    (status) => {
      const saved = createIdempotency();
      const failing = jest.fn(() => ({ status, json: { message: 'later' } }));
      expect(saved.run(request(), failing)).toEqual({ status, json: { message: 'later' }, decided: true });
      expect(saved.size).toBe(0);
      expect(saved.run(request(), failing)).toEqual({ status, json: { message: 'later' }, decided: true });
      expect(failing).toHaveBeenCalledTimes(2);
      // The first 2xx answer is the one saved.
      expect(saved.run(request(), () => ({ status: 201, json: 'id' }))).toMatchObject({ status: 201, decided: true });
      expect(saved.run(request(), failing)).toEqual({ status: 201, json: 'id', decided: false });
      expect(failing).toHaveBeenCalledTimes(2);
    },
  );
});

describe('createIdempotency: forget', () => {
  const request = (overrides = {}) => ({ scope: 's1', path: '/up', key: 'k', body: 'j1', ...overrides });

  it('forgets, in every session, the answers on a path whose body is the one given, and nothing else', () => {
    const saved = createIdempotency();
    saved.run(request(), () => ({ status: 200, json: 'id-1' }));
    saved.run(request({ scope: 's2' }), () => ({ status: 200, json: 'id-1' }));
    saved.run(request({ key: 'k2' }), () => ({ status: 200, json: 'id-2' }));
    saved.run(request({ path: '/other' }), () => ({ status: 200, json: 'id-1' }));
    saved.run(request({ key: 'k3' }), () => ({ status: 200, json: { message: 'id-1' } }));
    expect(saved.forget({ path: '/up', json: 'id-1' })).toBe(2);
    expect(saved.toJSON().map((entry) => [entry.scope, entry.path, entry.key])).toEqual([
      ['s1', '/up', 'k2'],
      ['s1', '/other', 'k'],
      ['s1', '/up', 'k3'],
    ]);
    expect(saved.forget({ path: '/up', json: 'id-1' })).toBe(0);
    // The forgotten key is decided anew.
    const decide = jest.fn(() => ({ status: 200, json: 'id-3' }));
    expect(saved.run(request(), decide)).toEqual({ status: 200, json: 'id-3', decided: true });
  });

  it('compares bodies as JSON, whatever their key order', () => {
    const saved = createIdempotency();
    saved.run(request(), () => ({ status: 200, json: { id: 'x', n: 1 } }));
    expect(saved.forget({ path: '/up', json: { n: 1, id: 'x' } })).toBe(1);
    expect(saved.size).toBe(0);
  });
});

describe('fingerprint', () => {
  it('is the same for equal bodies whatever their key order, and differs for other bodies', () => {
    expect(fingerprint({ a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(
      fingerprint({ b: { c: [1, { e: 3, d: 2 }] }, a: 1 }),
    );
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
    expect(fingerprint([1, 2])).not.toBe(fingerprint([2, 1]));
    expect(fingerprint(undefined)).toBe(fingerprint(null));
    expect(fingerprint({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('through the reference backend', () => {
  const { start } = useTestHosts();
  const json = (body, key) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
    body: JSON.stringify(body),
  });
  const answer = async (response) => ({ status: response.status, body: await response.json() });

  it('another session reusing a ProcessRefund key has its own request decided (no 422 telling it the key exists)', async () => {
    const server = await start();
    const mine = travellerSession(server, [bookings.instant.bookingReference]);
    const other = travellerSession(server, [bookings['instant-tube'].bookingReference]);
    expect(await answer(await mine('/api/ProcessRefund', json(confirmBody(bookings.instant), 'shared-key')))).toEqual({
      status: 200,
      body: { accepted: true, deferred: false },
    });
    const theirs = await answer(
      await other('/api/ProcessRefund', json(confirmBody(bookings['instant-tube']), 'shared-key')),
    );
    expect(theirs).toEqual({ status: 200, body: { accepted: true, deferred: false } });
    expect(server.app.locals.store.requests.map((r) => r.body.protectedReference)).toEqual([
      bookings.instant.status.protectedReference,
      bookings['instant-tube'].status.protectedReference,
    ]);
    // In its own session the key still replays, and another body is still refused.
    expect((await mine('/api/ProcessRefund', json(confirmBody(bookings.instant), 'shared-key'))).status).toBe(200);
    expect(
      await answer(
        await mine('/api/ProcessRefund', json(confirmBody(bookings.instant, { covid19: true }), 'shared-key')),
      ),
    ).toEqual({ status: 422, body: REUSED });
  });

  it('a session reusing a key for the same booking gets its own decision, never the first session’s answer', async () => {
    const server = await start();
    const first = travellerSession(server, [bookings.instant.bookingReference]);
    const second = travellerSession(server, [bookings.instant.bookingReference]);
    expect((await first('/api/ProcessRefund', json(confirmBody(bookings.instant), 'k'))).status).toBe(200);
    expect(await answer(await second('/api/ProcessRefund', json(confirmBody(bookings.instant), 'k')))).toEqual({
      status: 400,
      body: { message: 'This booking has already been refunded.' },
    });
  });

  it('the key keeps replaying after the session token rotates (a booking page rendered again)', async () => {
    const server = await start();
    const traveller = travellerSession(server, [bookings.instant.bookingReference]);
    const before = traveller.session;
    const body = confirmBody(bookings.instant);
    const first = await answer(await traveller('/api/ProcessRefund', json(body, 'retry-key')));
    const page = await traveller(
      `/ConfirmRefund?BookingReference=${bookings.instant.bookingReference}&Email=${encodeURIComponent(bookings.instant.email)}`,
    );
    expect(page.status).toBe(200);
    expect(traveller.session).not.toBe(before);
    expect(await answer(await traveller('/api/ProcessRefund', json(body, 'retry-key')))).toEqual(first);
    expect(server.app.locals.store.requests).toHaveLength(1);
  });

  it.each(['__proto__', 'constructor'])('Idempotency-Key: %s on submit-claim works like any key', async (key) => {
    const server = await start();
    const printed = bookings.printed;
    const uploaded = await server.fetch('/tickets/upload', uploadInit(printed.status.refundStatus.journeyID));
    const claim = { Ctr: printed.bookingReference, Images: [await uploaded.json()] };
    const first = await answer(await server.fetch('/tickets/submit-claim', json(claim, key)));
    expect(first).toEqual({ status: 201, body: { claimId: expect.any(String) } });
    expect(await answer(await server.fetch('/tickets/submit-claim', json(claim, key)))).toEqual(first);
    expect(
      await answer(await server.fetch('/tickets/submit-claim', json({ ...claim, Disruption: true }, key))),
    ).toEqual({
      status: 422,
      body: REUSED,
    });
  });

  it.each(['__proto__', 'constructor'])('Idempotency-Key: %s on ProcessRefund works like any key', async (key) => {
    const server = await start();
    const first = await answer(await server.fetch('/api/ProcessRefund', json(confirmBody(bookings.instant), key)));
    expect(first).toEqual({ status: 200, body: { accepted: true, deferred: false } });
    expect(await answer(await server.fetch('/api/ProcessRefund', json(confirmBody(bookings.instant), key)))).toEqual(
      first,
    );
  });

  it('another session reusing a submit-claim key has its own claim decided', async () => {
    const server = await start();
    const printed = bookings.printed;
    const upload = async (fetcher, width) =>
      (await fetcher('/tickets/upload', uploadInit(printed.status.refundStatus.journeyID, { width }))).json();
    const mine = travellerSession(server, [printed.bookingReference]);
    const other = travellerSession(server, [printed.bookingReference]);
    const a = await upload(mine, 2);
    const b = await upload(other, 3);
    expect(
      (await mine('/tickets/submit-claim', json({ Ctr: printed.bookingReference, Images: [a] }, 'claim-key'))).status,
    ).toBe(201);
    const theirs = await answer(
      await other('/tickets/submit-claim', json({ Ctr: printed.bookingReference, Images: [b] }, 'claim-key')),
    );
    expect(theirs).toEqual({ status: 201, body: { claimId: expect.any(String) } });
    expect(await (await server.fetch('/__dev/claims')).json()).toHaveLength(2);
  });

  it('a ProcessRefundWithReplacement decided as 503 is not saved: the same key is decided again and accepted', async () => {
    /** @type {import('./backend/types').LookupState} */
    const candidates = structuredClone(lookups.candidates);
    candidates.dryRuns = {
      900101: { httpError: { status: 503, body: 'Try again later.', contentType: 'text/plain' } },
    };
    const server = await start({ lookups: { candidates } });
    const body = {
      protectedReference: bookings.replacement.status.replacementProtectedReference,
      journeyId: bookings.replacement.status.refundStatus.journeyID,
      replacementBookingReference: candidates.bookingReference,
      replacementJourneyId: 900101,
    };
    const headers = { 'Idempotency-Key': 'replacement-503' };
    expect(await postJson(server, '/api/ProcessRefundWithReplacement', body, headers)).toEqual({
      status: 503,
      body: { message: 'Try again later.' },
    });
    expect(server.app.locals.store.idempotency.size).toBe(0);
    delete candidates.dryRuns[900101];
    expect(await postJson(server, '/api/ProcessRefundWithReplacement', body, headers)).toEqual({
      status: 200,
      body: { accepted: true, refundValue: 3550 },
    });
    expect(await postJson(server, '/api/ProcessRefundWithReplacement', body, headers)).toEqual({
      status: 200,
      body: { accepted: true, refundValue: 3550 },
    });
    expect(server.app.locals.store.requests).toHaveLength(1);
  });
});
