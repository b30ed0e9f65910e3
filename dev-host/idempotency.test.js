// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Idempotency keys scoped by session and path, held in a Map (idempotency.js; docs/security.md
 * "Second review: the reference backend and dev host"): the helper on its own, then through
 * ProcessRefund and submit-claim, where another session reusing a key once got 422 (telling it the
 * key exists) and `Idempotency-Key: __proto__` always got 422.
 */
const bookings = require('../fixtures/bookings.json');
const { createIdempotency, fingerprint, MAX_IDEMPOTENCY_KEY_LENGTH } = require('./idempotency');
const { useTestHosts, travellerSession, confirmBody, png } = require('./testing');

const REUSED = { message: 'This Idempotency-Key was already used for a different request.' };
const BAD_KEY = { message: 'Idempotency-Key must be 1 to 255 characters.' };

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
    const decide = jest.fn(() => ({ status: 400, json: { message: 'no' } }));
    expect(saved.run(request(other), decide)).toEqual({ status: 400, json: { message: 'no' }, decided: true });
    expect(decide).toHaveBeenCalledTimes(1);
    // Now saved there too, apart from the first: its own answer replays, another body is a reuse.
    expect(saved.run(request(other), accepted)).toEqual({ status: 400, json: { message: 'no' }, decided: false });
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
    replay.json.list.push(3);
    expect(saved.run(request(), accepted).json).toEqual({ list: [1] });
  });

  it('saves a refusal too, and an answer without a body', () => {
    const saved = createIdempotency();
    saved.run(request(), () => ({ status: 400, json: { message: 'no' } }));
    expect(saved.run(request(), accepted)).toEqual({ status: 400, json: { message: 'no' }, decided: false });
    saved.run(request({ key: 'empty' }), () => ({ status: 204 }));
    expect(saved.run(request({ key: 'empty' }), accepted)).toEqual({ status: 204, json: undefined, decided: false });
  });

  it('writes its entries for a state file and reads them back', () => {
    const saved = createIdempotency();
    saved.run(request(), accepted);
    saved.run(request({ scope: null, key: '__proto__' }), () => ({ status: 400, json: { message: 'no' } }));
    const entries = JSON.parse(JSON.stringify(saved.toJSON()));
    expect(entries).toEqual([
      { scope: 's1', path: '/p', key: 'k', fingerprint: fingerprint({ a: 1 }), status: 200, body: { ok: true } },
      {
        scope: null,
        path: '/p',
        key: '__proto__',
        fingerprint: fingerprint({ a: 1 }),
        status: 400,
        body: { message: 'no' },
      },
    ]);
    const loaded = createIdempotency();
    loaded.load(entries);
    expect(loaded.toJSON()).toEqual(entries);
    expect(loaded.run(request(), accepted)).toEqual({ status: 200, json: { ok: true }, decided: false });
    expect(loaded.run(request({ scope: null, key: '__proto__' }), accepted).status).toBe(400);
  });

  it('loads nothing from an older file (an object keyed by path and key) or from malformed entries', () => {
    const saved = createIdempotency();
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
      good,
    ]);
    expect(saved.toJSON()).toEqual([good]);
    saved.load(undefined);
    expect(saved.size).toBe(0);
  });

  it('clear forgets every answer', () => {
    const saved = createIdempotency();
    saved.run(request(), accepted);
    saved.clear();
    expect(saved.size).toBe(0);
    expect(saved.run(request({ body: { a: 2 } }), accepted).decided).toBe(true);
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
    const form = new FormData();
    form.append('file', new Blob([png(2, 2)], { type: 'image/png' }), 'ticket.png');
    const uploaded = await server.fetch('/tickets/upload', {
      method: 'POST',
      body: form,
      headers: { 'Journey-Id': String(printed.status.refundStatus.journeyID) },
    });
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
    const upload = async (fetcher, width) => {
      const form = new FormData();
      form.append('file', new Blob([png(width, 2)], { type: 'image/png' }), 'ticket.png');
      const response = await fetcher('/tickets/upload', {
        method: 'POST',
        body: form,
        headers: { 'Journey-Id': String(printed.status.refundStatus.journeyID) },
      });
      return response.json();
    };
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
});
