/** @jest-environment node */
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend stays up and keeps every traveller's session while one client floods it
 * (docs/reference-backend.md "Limits"): the reports are rate-limited, bounded and written in
 * batches, proofs are throttled, sessions are capped without ending a recently active one, every
 * session ends 12 hours after it was opened, only 2xx idempotency answers are kept, and
 * `npm run vitals` prints a route's control characters escaped. The attacker is a second loopback
 * address (127.0.0.2), as in the review that found these.
 */
const fs = require('fs');
const http = require('http');
const path = require('path');
const bookings = require('../fixtures/bookings.json');
const { useTestHosts } = require('./testing');
const { createSessions, MAX_SESSIONS_PER_CLIENT } = require('./auth');
const { createIdempotency, MAX_ANSWERS_PER_SESSION } = require('./idempotency');
const { LIMITS, REFUSAL_DELAY_MS } = require('./backend/limits');
const { STATE_FILE } = require('./backend/store');
const { vitalsText } = require('./vitalsTable');

const { start, tempDir } = useTestHosts();

const ATTACKER = '127.0.0.2';
const victim = bookings.instant; // KXB7HT2N
const own = bookings['fee-free']; // the attacker's own booking

/**
 * One HTTP request from a chosen loopback address (the server listens on 127.0.0.1).
 *
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string, from?: string, agent?: http.Agent }} [init]
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, text: string }>}
 */
function request(url, { method = 'GET', headers = {}, body, from = '127.0.0.1', agent } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, localAddress: from, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Runs `count` calls of `send(i)`, `width` at a time, and tallies their statuses.
 *
 * @param {number} count
 * @param {number} width
 * @param {(i: number) => Promise<{ status: number }>} send
 */
async function flood(count, width, send) {
  /** @type {Record<number, number>} */
  const statuses = {};
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const { status } = await send(next++);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return statuses;
}

const jsonPost = (body, headers = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** A browser that rendered `state`'s page from `from`: its cookies. */
async function pageCookies(server, state, from = '127.0.0.1') {
  const page = await request(
    `${server.url}/ConfirmRefund?BookingReference=${state.bookingReference}&Email=${encodeURIComponent(state.email)}`,
    { from },
  );
  expect(page.status).toBe(200);
  return /** @type {string[]} */ (page.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
}

const REPORT = { name: 'LCP', value: 1840, rating: 'good', widget: 'refund', route: '/ConfirmRefund' };

describe('POST /report/vitals under a flood from one client', () => {
  it('500 reports with 2000-character routes on 8 connections: refused, rate-limited, state.json stays small', async () => {
    const dataDir = tempDir('rw-limits-vitals-');
    const server = await start({ dataDir });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const long = { ...REPORT, route: `/${'a'.repeat(1999)}` };
    const statuses = await flood(500, 8, () =>
      request(`${server.url}/report/vitals`, { ...jsonPost(long), from: ATTACKER, agent }),
    );
    agent.destroy();
    expect(statuses).toEqual({ 400: LIMITS.vitalsPerClient, 429: 500 - LIMITS.vitalsPerClient });
    await server.close();
    const file = path.join(dataDir, STATE_FILE);
    expect(fs.existsSync(file) ? fs.statSync(file).size : 0).toBeLessThan(64 * 1024);
  }, 120_000);

  it('answers 429 with Retry-After past the limit, after a delay; another client still reports', async () => {
    const server = await start();
    const statuses = await flood(LIMITS.vitalsPerClient, 4, () =>
      request(`${server.url}/report/vitals`, { ...jsonPost(REPORT), from: ATTACKER }),
    );
    expect(statuses).toEqual({ 204: LIMITS.vitalsPerClient });
    const began = Date.now();
    const refused = await request(`${server.url}/report/vitals`, { ...jsonPost(REPORT), from: ATTACKER });
    expect(refused.status).toBe(429);
    // The refusal waits, so a flooding connection sends a few requests a second at most.
    expect(Date.now() - began).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS - 2);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.text)).toEqual({ message: 'Too many requests. Please wait a minute and try again.' });
    expect((await request(`${server.url}/report/vitals`, jsonPost(REPORT))).status).toBe(204);
  }, 60_000);

  it('writes state.json in batches, never once per report', async () => {
    const server = await start();
    const save = jest.spyOn(server.app.locals.store, 'save');
    await flood(100, 8, () => request(`${server.url}/report/vitals`, jsonPost(REPORT)));
    expect(server.app.locals.store.vitalsReports).toHaveLength(100);
    expect(save.mock.calls.length).toBeLessThan(10);
  }, 60_000);

  it.each([
    ['an ESC byte', '/x\u001b[2J'],
    ['a newline', '/x\nLCP'],
    ['a space', '/a b'],
    ['a backslash', '/a\\b'],
    ['no leading slash', 'ConfirmRefund'],
    ['201 characters', `/${'a'.repeat(200)}`],
  ])('refuses a route with %s (400) and keeps nothing', async (_name, route) => {
    const server = await start();
    const answer = await request(`${server.url}/report/vitals`, jsonPost({ ...REPORT, route }));
    expect([answer.status, JSON.parse(answer.text)]).toEqual([
      400,
      { message: 'route must be a path of at most 200 URL path characters.' },
    ]);
    expect(server.app.locals.store.vitalsReports).toEqual([]);
  });

  it('clamps a value to what its metric can be: 1e+300 ms is 10 minutes, a CLS of 1e+300 is 100', async () => {
    const server = await start();
    for (const name of ['LCP', 'INP', 'TTFB', 'CLS']) {
      expect((await request(`${server.url}/report/vitals`, jsonPost({ ...REPORT, name, value: 1e300 }))).status).toBe(
        204,
      );
    }
    expect(server.app.locals.store.vitalsReports.map((r) => [r.name, r.value])).toEqual([
      ['LCP', 600_000],
      ['INP', 600_000],
      ['TTFB', 600_000],
      ['CLS', 100],
    ]);
  });
});

describe('POST /report/error under a flood from one client', () => {
  it('answers 429 with Retry-After past the limit, and 413 for a body over 32 KB', async () => {
    const server = await start();
    const report = { message: 'boom', source: 'x', line: 1, column: 1, ua: 'x', pageUrl: '/', stack: '', time: '' };
    const statuses = await flood(LIMITS.errorsPerClient + 10, 4, () =>
      request(`${server.url}/report/error`, { ...jsonPost(report), from: ATTACKER }),
    );
    expect(statuses).toEqual({ 204: LIMITS.errorsPerClient, 429: 10 });
    expect(server.app.locals.store.errorReports).toHaveLength(LIMITS.errorsPerClient);
    const big = await request(`${server.url}/report/error`, jsonPost({ ...report, stack: 'x'.repeat(33 * 1024) }));
    expect(big.status).toBe(413);
  }, 60_000);
});

describe('sessions: one client cannot sign another traveller out', () => {
  it('an attacker proving his own booking again and again is throttled (429, Retry-After); the victim stays signed in', async () => {
    const server = await start();
    const cookie = await pageCookies(server, victim);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const statuses = await flood(200, 8, () =>
      request(`${server.url}/api/Session`, {
        ...jsonPost({ bookingReference: own.bookingReference, email: own.email }),
        from: ATTACKER,
        agent,
      }),
    );
    agent.destroy();
    expect(statuses[200]).toBe(LIMITS.proofsPerBooking);
    expect(statuses[429]).toBe(200 - LIMITS.proofsPerBooking);
    const refused = await request(`${server.url}/api/Session`, {
      ...jsonPost({ bookingReference: own.bookingReference, email: own.email }),
      from: ATTACKER,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const status = await request(`${server.url}/Refund/Status?bookingReference=${victim.bookingReference}`, {
      headers: { Cookie: cookie },
    });
    expect(status.status).toBe(200);
  }, 60_000);

  it('proofs of many bookings from one client are throttled per client, pages included', async () => {
    const server = await start();
    const states = Object.values(bookings);
    let sent = 0;
    /** @type {Record<number, number>} */
    const statuses = {};
    while (sent < LIMITS.proofsPerClient + 5) {
      const state = states[sent % states.length];
      const page = await request(
        `${server.url}/ConfirmRefund?BookingReference=${state.bookingReference}&Email=${encodeURIComponent(state.email)}`,
        { from: ATTACKER },
      );
      statuses[page.status === 429 ? 429 : 200] = (statuses[page.status === 429 ? 429 : 200] ?? 0) + 1;
      sent += 1;
    }
    expect(statuses[429]).toBe(5);
  }, 60_000);

  it('10,000 sessions opened for the attacker’s own booking never end the victim’s', () => {
    const sessions = createSessions();
    const token = sessions.open([victim.bookingReference], undefined, { client: '127.0.0.1', page: true });
    for (let i = 0; i < 10_000; i += 1) {
      sessions.open([own.bookingReference], undefined, { client: ATTACKER, page: true });
    }
    expect(sessions.find(token ?? undefined)?.references).toEqual(new Set([victim.bookingReference]));
  });

  it('a recently active session is never the one ended to make room: the proof is refused instead', () => {
    let time = Date.UTC(2026, 10, 27, 9);
    const sessions = createSessions({ now: () => time });
    const first = sessions.open(['B0'], undefined, { client: 'c0' });
    // 10,000 sessions of distinct bookings from 100 clients, all used in the last 15 minutes.
    for (let i = 1; i < 10_000; i += 1) sessions.open([`B${i}`], undefined, { client: `c${i % 100}` });
    expect(sessions.find(first ?? undefined)).not.toBeNull();
    expect(sessions.open(['NEW'], undefined, { client: 'newcomer' })).toBeNull();
    expect(sessions.find(first ?? undefined)).not.toBeNull();
    // A quarter of an hour on, the least recently used session goes, never one used a moment ago.
    time += 16 * 60 * 1000;
    sessions.find(first ?? undefined);
    const next = sessions.open(['NEW'], undefined, { client: 'newcomer' });
    expect(next).not.toBeNull();
    expect(sessions.find(first ?? undefined)).not.toBeNull();
  });

  it(`a client keeps at most ${MAX_SESSIONS_PER_CLIENT} recent sessions: the next proof is refused`, () => {
    const sessions = createSessions();
    const tokens = Array.from({ length: MAX_SESSIONS_PER_CLIENT }, (_, i) =>
      sessions.open([`C${i}`], undefined, { client: ATTACKER }),
    );
    expect(tokens.every((token) => token !== null)).toBe(true);
    expect(sessions.open(['NEXT'], undefined, { client: ATTACKER })).toBeNull();
    expect(sessions.open(['NEXT'], undefined, { client: '127.0.0.1' })).not.toBeNull();
  });

  it('a session ends 12 hours after it was opened, however often it is used', () => {
    let time = Date.UTC(2026, 10, 27, 9);
    const sessions = createSessions({ now: () => time });
    const token = sessions.open([victim.bookingReference]) ?? undefined;
    for (let hour = 1; hour <= 12; hour += 1) {
      time += 60 * 60 * 1000;
      expect([hour, sessions.find(token) !== null]).toEqual([hour, true]);
    }
    time += 1;
    expect(sessions.find(token)).toBeNull();
  });
});

describe('idempotency answers: only what the server decided, a bounded number per session', () => {
  it('2000 malformed ProcessRefund calls, each with a new key, leave no answer and no write of state.json', async () => {
    const server = await start();
    const save = jest.spyOn(server.app.locals.store, 'save');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const { cookie, token } = server.fetch;
    const statuses = await flood(2000, 8, (i) =>
      request(`${server.url}/api/ProcessRefund`, {
        ...jsonPost(
          { protectedReference: 7 },
          { Cookie: cookie, RequestVerificationToken: token, 'Idempotency-Key': `k${i}` },
        ),
        agent,
      }),
    );
    agent.destroy();
    expect(statuses).toEqual({ 400: 2000 });
    expect(server.app.locals.store.idempotency.size).toBe(0);
    expect(save).not.toHaveBeenCalled();
  }, 300_000);

  it(`a session keeps its newest ${MAX_ANSWERS_PER_SESSION} answers; another session's stay`, () => {
    const saved = createIdempotency();
    const run = (scope, key) => saved.run({ scope, path: '/p', key, body: {} }, () => ({ status: 200, json: key }));
    run('other', 'theirs');
    for (let i = 0; i < MAX_ANSWERS_PER_SESSION + 50; i += 1) run('flooder', `k${i}`);
    expect(saved.size).toBe(MAX_ANSWERS_PER_SESSION + 1);
    expect(run('other', 'theirs')).toEqual({ status: 200, json: 'theirs', decided: false });
    expect(run('flooder', 'k0').decided).toBe(true);
    expect(run('flooder', `k${MAX_ANSWERS_PER_SESSION + 49}`).decided).toBe(false);
  });
});

describe('npm run vitals prints control characters escaped', () => {
  it('ESC[2J, an OSC title, a newline forging a row, an OSC 8 link, C1 and U+2028 are printed as \\uXXXX', () => {
    const route =
      '/a\u001b[2J\u001b]0;owned\u0007\nLCP     /Fake  good 999\u001b]8;;http://evil.example\u001b\\x\u009b\u2028\u2029';
    const text = vitalsText([{ ...REPORT, route }], 'state.json');
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(text.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(text.split('\n')).toHaveLength(5);
    expect(text).toContain('/a\\u001b[2J\\u001b]0;owned\\u0007\\u000aLCP');
    expect(text).toContain('\\u009b\\u2028\\u2029  LCP     1840 ms  good    1');
  });
});
