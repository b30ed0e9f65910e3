/** @jest-environment node */
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The payloads of the security review against the reference backend (docs/security.md "Sessions
 * and antiforgery on the reference backend"; each `describe` names the review's finding): calls
 * without a session or for another booking are refused with 403, state-changing calls without
 * the page's antiforgery token are refused with 403, and /report/error takes JSON only and logs
 * control characters escaped. Sessions and tokens come the way a browser gets them: by rendering
 * a booking's page.
 */
const bookings = require('../fixtures/bookings.json');
const lookups = require('../fixtures/lookups.json');
const { useTestHosts, travellerSession, confirmBody, uploadInit, getJson } = require('./testing');
const { parseCookies, MESSAGES } = require('./auth');

const { start } = useTestHosts();
const feeFree = bookings['fee-free']; // WBH9FX4L, the booking of the finding
const printed = bookings.printed; // journey 700110
const advance = bookings['printed-advance']; // journey 700120
const replacement = bookings.replacement;

const pageUrl = (route, state) =>
  `${route}?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;

/** The cookies a response sets, as `name → value`. */
const setCookies = (response) =>
  parseCookies(
    response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  );

/**
 * Renders a booking's page as a browser would and returns a fetch that sends back the cookies it
 * set and the page's token (from its meta tag) on POSTs, like the widgets do. Like a browser, it
 * keeps the cookies later answers set (a lookup rotates the session token).
 *
 * @param {object} server a running dev host
 * @param {string} route e.g. `/ConfirmRefund`
 * @param {object} state the fixture state whose page to render
 * @param {Record<string, string>} [cookies] cookies the browser already holds
 */
async function browserAfterPage(server, route, state, cookies = {}) {
  const jar = { ...cookies };
  const cookieHeader = () =>
    Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  const page = await fetch(`${server.url}${pageUrl(route, state)}`, { headers: { Cookie: cookieHeader() } });
  const html = await page.text();
  Object.assign(jar, setCookies(page));
  const token = html.match(/<meta name="request-verification-token" content="([^"]+)">/)?.[1];
  const request = async (path, init = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        Cookie: cookieHeader(),
        ...(init.method === 'POST' ? { RequestVerificationToken: token } : {}),
        ...init.headers,
      },
    });
    Object.assign(jar, setCookies(response));
    return response;
  };
  return Object.assign(request, { cookies: page.headers.getSetCookie(), token, jar });
}

const json = (body) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe('finding 3: a booking reference alone no longer refunds a booking', () => {
  it('refund status and dry run without a session are 403 and reveal no protectedReference', async () => {
    const server = await start();
    for (const path of ['/Refund/Status', '/Refund/DryRun']) {
      const response = await fetch(`${server.url}${path}?bookingReference=${feeFree.bookingReference}`);
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await response.text();
      expect(text).toBe(MESSAGES.noSession);
      expect(text).not.toContain(feeFree.status.protectedReference);
    }
  });

  it("a page's session covers its booking only: status, dry run and ProcessRefund of another booking are 403", async () => {
    const server = await start();
    const browser = await browserAfterPage(server, '/ConfirmRefund', bookings.instant);
    expect((await browser(`/Refund/Status?bookingReference=${bookings.instant.bookingReference}`)).status).toBe(200);
    expect((await browser(`/Refund/DryRun?bookingReference=${bookings.instant.bookingReference}`)).status).toBe(200);
    const other = await browser(`/Refund/Status?bookingReference=${feeFree.bookingReference}`);
    expect(other.status).toBe(403);
    expect(await other.text()).toBe(MESSAGES.otherBooking);
    expect((await browser(`/Refund/DryRun?bookingReference=${feeFree.bookingReference}`)).status).toBe(403);

    // The finding's POST: another booking's protectedReference, with a valid token.
    const refund = await browser('/api/ProcessRefund', json(confirmBody(feeFree)));
    expect(refund.status).toBe(403);
    expect(await server.fetch('/__dev/requests').then((r) => r.json())).toEqual([]);
    // Its own booking still refunds.
    expect((await browser('/api/ProcessRefund', json(confirmBody(bookings.instant)))).status).toBe(200);
  });

  it('ProcessRefund with a token but no session is 403 and records nothing', async () => {
    const server = await start();
    const stranger = travellerSession(server, []);
    const response = await stranger('/api/ProcessRefund', json(confirmBody(feeFree)));
    expect(response.status).toBe(403);
    expect(await server.fetch('/__dev/requests').then((r) => r.json())).toEqual([]);
  });

  it('replacement calls: the original booking and the looked-up replacement must both be in the session', async () => {
    const server = await start();
    const { candidates } = lookups;
    const journeyID = candidates.answer.flatMap((item) => item.journeyList ?? [])[0].journeyID;
    const body = {
      protectedReference: replacement.status.replacementProtectedReference,
      journeyId: replacement.status.refundStatus.journeyID,
      replacementBookingReference: candidates.bookingReference,
      replacementJourneyId: journeyID,
    };
    const otherPage = await browserAfterPage(server, '/ConfirmRefund', bookings.instant);
    expect((await otherPage('/api/ProcessRefundWithReplacement/DryRun', json(body))).status).toBe(403);
    expect((await otherPage('/api/ProcessRefundWithReplacement', json(body))).status).toBe(403);

    const browser = await browserAfterPage(server, '/ConfirmRefund', replacement);
    // Not looked up yet: the replacement booking is not the traveller's.
    expect((await browser('/api/ProcessRefundWithReplacement/DryRun', json(body))).status).toBe(403);
    const lookup = await browser(
      '/api/LookupJourneys',
      json({ bookingReference: candidates.bookingReference, email: candidates.email }),
    );
    expect(lookup.status).toBe(200);
    expect((await browser('/api/ProcessRefundWithReplacement/DryRun', json(body))).status).toBe(200);
    expect((await browser('/api/ProcessRefundWithReplacement', json(body))).status).toBe(200);
    expect(await server.fetch('/__dev/requests').then((r) => r.json())).toHaveLength(1);
  });

  it("uploads, delete and claims: another booking's journey, upload or claim is 403", async () => {
    const server = await start();
    const owner = await browserAfterPage(server, '/ManualRefund', printed);
    const mine = await owner('/tickets/upload', uploadInit(printed.status.refundStatus.journeyID));
    expect(mine.status).toBe(200);
    const id = await mine.json();

    const attacker = await browserAfterPage(server, '/ManualRefund', advance);
    // The finding: an upload to another booking's (guessable) journey id.
    const upload = await attacker('/tickets/upload', uploadInit(printed.status.refundStatus.journeyID));
    expect(upload.status).toBe(403);
    expect((await attacker(`/tickets/delete/${id}`, { method: 'POST' })).status).toBe(403);
    const claim = await attacker('/tickets/submit-claim', json({ Ctr: printed.bookingReference, Images: [id] }));
    expect(claim.status).toBe(403);
    const uploads = await getJson(server, '/__dev/uploads');
    expect(uploads.map((u) => [u.id, u.deletedAt ?? null])).toEqual([[id, null]]);
    expect(await server.fetch('/__dev/claims').then((r) => r.json())).toEqual([]);

    // Without any session, nothing reaches the handlers either.
    const nobody = travellerSession(server, []);
    expect((await nobody('/tickets/upload', uploadInit(printed.status.refundStatus.journeyID))).status).toBe(403);
    expect((await owner(`/tickets/delete/${id}`, { method: 'POST' })).status).toBe(204);
  });

  it('rendering a page sets rw_session (HttpOnly, SameSite=Lax, Path=/); an unknown booking sets none', async () => {
    const server = await start();
    const browser = await browserAfterPage(server, '/ConfirmRefund', bookings.instant);
    const session = browser.cookies.find((c) => c.startsWith('rw_session='));
    expect(session).toMatch(/^rw_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const missing = await fetch(`${server.url}/ConfirmRefund?BookingReference=WWWWWWWW&Email=a%40example.com`);
    expect(missing.status).toBe(404);
    expect(missing.headers.getSetCookie().filter((c) => c.startsWith('rw_session='))).toEqual([]);
  });

  it('POST /api/Session opens a session for another host; 404 plain text for no such booking; JSON only', async () => {
    const server = await start();
    const opened = await fetch(
      `${server.url}/api/Session`,
      json({ bookingReference: feeFree.bookingReference, email: feeFree.email }),
    );
    expect(opened.status).toBe(200);
    const { session } = /** @type {{ session: string }} */ (await opened.json());
    expect(opened.headers.getSetCookie()).toContain(`rw_session=${session}; Path=/; HttpOnly; SameSite=Lax`);
    const status = await fetch(`${server.url}/Refund/Status?bookingReference=${feeFree.bookingReference}`, {
      headers: { Cookie: `rw_session=${session}` },
    });
    expect(status.status).toBe(200);

    const wrong = await fetch(
      `${server.url}/api/Session`,
      json({ bookingReference: feeFree.bookingReference, email: 'someone.else@example.com' }),
    );
    expect(wrong.status).toBe(404);
    expect(wrong.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const form = await fetch(`${server.url}/api/Session`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ bookingReference: feeFree.bookingReference, email: feeFree.email }),
    });
    expect(form.status).toBe(415);
  });
});

describe('finding 2: state-changing calls need the antiforgery token of the page', () => {
  it('pages carry the token in a meta tag and the rw_csrf cookie; two renders in one browser share it', async () => {
    const server = await start();
    const browser = await browserAfterPage(server, '/ConfirmRefund', bookings.instant);
    expect(browser.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.cookies).toContain(`rw_csrf=${browser.token}; Path=/; HttpOnly; SameSite=Lax`);
    const again = await fetch(`${server.url}${pageUrl('/ManualRefund', printed)}`, {
      headers: { Cookie: `rw_csrf=${browser.token}` },
    });
    expect(await again.text()).toContain(`<meta name="request-verification-token" content="${browser.token}">`);
  });

  it.each([
    ['ProcessRefund', '/api/ProcessRefund', () => json(confirmBody(bookings.instant))],
    [
      'LookupJourneys',
      '/api/LookupJourneys',
      () => json({ bookingReference: lookups.candidates.bookingReference, email: lookups.candidates.email }),
    ],
    ['replacement DryRun', '/api/ProcessRefundWithReplacement/DryRun', () => json({})],
    ['replacement', '/api/ProcessRefundWithReplacement', () => json({})],
    ['upload', '/tickets/upload', () => uploadInit(printed.status.refundStatus.journeyID)],
    ['submit-claim', '/tickets/submit-claim', () => json({ Ctr: printed.bookingReference, Images: [] })],
    ['delete', '/tickets/delete/AAAAAAAAAAAAAAAAAAAAAAAA', () => /** @type {RequestInit} */ ({ method: 'POST' })],
  ])('%s without the token, or with another one, is 403 with a plain message', async (_name, path, init) => {
    const server = await start();
    const traveller = server.fetch; // a session for every booking
    for (const token of [undefined, 'x'.repeat(43)]) {
      const request = init();
      const headers = new Headers(request.headers);
      headers.set('Cookie', traveller.cookie);
      if (token) headers.set('RequestVerificationToken', token);
      const response = await fetch(`${server.url}${path}`, { ...request, headers });
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toBe(MESSAGES.antiforgery);
    }
    expect(await server.fetch('/__dev/requests').then((r) => r.json())).toEqual([]);
  });

  it('the cross-site delete of the finding (Origin: http://evil.example, no token) is refused; the upload stays', async () => {
    const server = await start();
    const owner = await browserAfterPage(server, '/ManualRefund', printed);
    const id = await (await owner('/tickets/upload', uploadInit(printed.status.refundStatus.journeyID))).json();
    // What a cross-site form or no-cors fetch can send: the cookies (at worst), no custom header.
    const response = await fetch(`${server.url}/tickets/delete/${id}`, {
      method: 'POST',
      headers: { Origin: 'http://evil.example', Cookie: owner.cookies.map((c) => c.split(';')[0]).join('; ') },
    });
    expect(response.status).toBe(403);
    const [stored] = await getJson(server, '/__dev/uploads');
    expect(stored.deletedAt).toBeUndefined();
  });

  it("a host's own token is taken in the widgets' shape, 16 characters or more (contract/rules/antiforgeryToken.json)", async () => {
    const server = await start();
    const traveller = server.fetch;
    const session = traveller.cookie.split(';')[0];
    // The ASP.NET kit's antiforgery tokens run to hundreds of characters; a cookie holds at most 4096 bytes.
    /** @type {Array<[string, number]>} */
    const cases = [
      ['x'.repeat(15), 403],
      ['CfDJ8'.repeat(120), 400],
      ['y'.repeat(4096), 400],
      ['z'.repeat(4097), 403],
    ];
    for (const [token, status] of cases) {
      const response = await fetch(`${server.url}/api/ProcessRefundWithReplacement/DryRun`, {
        ...json({}),
        headers: {
          'Content-Type': 'application/json',
          Cookie: `${session}; rw_csrf=${token}`,
          RequestVerificationToken: token,
        },
      });
      expect([token.length, response.status]).toEqual([token.length, status]);
    }
  });

  it('POST /__dev/reset needs no token', async () => {
    const server = await start();
    expect((await fetch(`${server.url}/__dev/reset`, { method: 'POST' })).status).toBe(200);
  });
});

describe('finding 5: /report/error', () => {
  it('refuses text/plain (a cross-site simple request) with 415 and keeps nothing', async () => {
    const server = await start();
    const response = await fetch(`${server.url}/report/error`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ message: 'cross-site' }),
    });
    expect(response.status).toBe(415);
    expect(await server.fetch('/__dev/error-reports').then((r) => r.json())).toEqual([]);
  });

  it('logs control characters escaped: a newline cannot forge a log line', async () => {
    const warn = jest.fn();
    const server = await start({ logger: { info: () => undefined, warn } });
    const message = 'boom\nDev host: client error report: forged\r\u001b[2J\u2028';
    const response = await fetch(`${server.url}/report/error`, json({ message }));
    expect(response.status).toBe(204);
    const lines = warn.mock.calls.map(([line]) => line).filter((line) => line.includes('client error report'));
    expect(lines).toEqual([
      'Dev host: client error report: boom\\u000aDev host: client error report: forged\\u000d\\u001b[2J\\u2028',
    ]);
    // The report itself keeps the text as sent.
    expect((await getJson(server, '/__dev/error-reports'))[0].message).toBe(message);
  });
});

describe('second review: a new session token whenever a booking is proved (session fixation)', () => {
  const victim = bookings.instant; // KXB7HT2N
  const attackerBooking = feeFree;

  /** The attacker's own session, as a page of their own booking leaves it in their browser. */
  async function attackerSession(server) {
    const attacker = await browserAfterPage(server, '/ConfirmRefund', attackerBooking);
    return attacker;
  }

  it("the review's reproduction: the attacker's token in the victim's cookie no longer reads the victim's status nor refunds", async () => {
    const server = await start();
    const attacker = await attackerSession(server);
    const planted = attacker.jar.rw_session;
    expect(planted).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A page on another port of the same host set rw_session to the attacker's token; the victim
    // then opens their booking.
    const browser = await browserAfterPage(server, '/ConfirmRefund', victim, { rw_session: planted });

    // The attacker, with the token they planted: no status, no dry run, no refund of the victim's booking.
    for (const path of ['/Refund/Status', '/Refund/DryRun']) {
      const read = await attacker(`${path}?bookingReference=${victim.bookingReference}`);
      expect([path, read.status]).toEqual([path, 403]);
      expect(await read.text()).toBe(MESSAGES.noSession);
    }
    const refund = await attacker('/api/ProcessRefund', json(confirmBody(victim)));
    expect(refund.status).toBe(403);
    expect(server.app.locals.store.requests).toEqual([]);
    expect(server.app.locals.store.isRefunded(victim.bookingReference)).toBe(false);

    // The victim's browser now holds a new token of its own, which works.
    expect(browser.jar.rw_session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.jar.rw_session).not.toBe(planted);
    expect((await browser(`/Refund/Status?bookingReference=${victim.bookingReference}`)).status).toBe(200);
  });

  it("rendering another booking's page starts a session of that booking alone: the old token stops working", async () => {
    const server = await start();
    const browser = await browserAfterPage(server, '/ConfirmRefund', printed);
    const first = browser.jar.rw_session;
    const again = await browserAfterPage(server, '/ConfirmRefund', advance, browser.jar);
    expect(again.jar.rw_session).not.toBe(first);
    expect(again.cookies).toContain(`rw_session=${again.jar.rw_session}; Path=/; HttpOnly; SameSite=Lax`);
    expect((await again(`/Refund/Status?bookingReference=${advance.bookingReference}`)).status).toBe(200);
    // A shared browser: the next traveller's session never holds the booking proved before.
    expect((await again(`/Refund/Status?bookingReference=${printed.bookingReference}`)).status).toBe(403);
    const old = await fetch(`${server.url}/Refund/Status?bookingReference=${printed.bookingReference}`, {
      headers: { Cookie: `rw_session=${first}` },
    });
    expect(old.status).toBe(403);
  });

  it("rendering the same booking's page again rotates the token and keeps the session and its looked-up bookings", async () => {
    const server = await start();
    const browser = await browserAfterPage(server, '/ConfirmRefund', replacement);
    const found = await browser(
      '/api/LookupJourneys',
      json({ bookingReference: lookups.candidates.bookingReference, email: lookups.candidates.email }),
    );
    expect(found.status).toBe(200);
    const before = browser.jar.rw_session;
    const id = server.app.locals.sessions.find(before).id;
    const again = await browserAfterPage(server, '/ConfirmRefund', replacement, browser.jar);
    expect(again.jar.rw_session).not.toBe(before);
    expect(server.app.locals.sessions.find(before)).toBeNull();
    const held = server.app.locals.sessions.find(again.jar.rw_session);
    expect(held.id).toBe(id);
    expect([...held.references].sort()).toEqual(
      [lookups.candidates.bookingReference, replacement.bookingReference].sort(),
    );
  });

  it('an unknown or forged token is never adopted: a fresh session with its own token starts', async () => {
    const server = await start();
    const forged = 'F'.repeat(43);
    const browser = await browserAfterPage(server, '/ConfirmRefund', victim, { rw_session: forged });
    expect(browser.jar.rw_session).not.toBe(forged);
    expect(server.app.locals.sessions.find(forged)).toBeNull();
    const stolen = await fetch(`${server.url}/Refund/Status?bookingReference=${victim.bookingReference}`, {
      headers: { Cookie: `rw_session=${forged}` },
    });
    expect(stolen.status).toBe(403);
  });

  it('POST /api/Session (the ASP.NET host) issues a new token and retires the one the request brought', async () => {
    const server = await start();
    const attacker = await attackerSession(server);
    const planted = attacker.jar.rw_session;
    const opened = await fetch(`${server.url}/api/Session`, {
      ...json({ bookingReference: victim.bookingReference, email: victim.email }),
      headers: { 'Content-Type': 'application/json', Cookie: `rw_session=${planted}` },
    });
    expect(opened.status).toBe(200);
    const { session } = /** @type {{ session: string }} */ (await opened.json());
    expect(session).not.toBe(planted);
    expect(opened.headers.getSetCookie()).toEqual([`rw_session=${session}; Path=/; HttpOnly; SameSite=Lax`]);
    const status = (token, state) =>
      fetch(`${server.url}/Refund/Status?bookingReference=${state.bookingReference}`, {
        headers: { Cookie: `rw_session=${token}` },
      }).then((r) => r.status);
    expect(await status(session, victim)).toBe(200);
    expect(await status(session, attackerBooking)).toBe(403); // the brought session's bookings stay out
    expect(await status(planted, victim)).toBe(403);
    expect(await status(planted, attackerBooking)).toBe(403);
  });

  it('a successful LookupJourneys issues a new token holding the replacement booking; a failed one keeps the token', async () => {
    const server = await start();
    const browser = await browserAfterPage(server, '/ConfirmRefund', replacement);
    const before = browser.jar.rw_session;
    const wrong = await browser(
      '/api/LookupJourneys',
      json({ bookingReference: lookups.candidates.bookingReference, email: 'x@y.z' }),
    );
    expect(wrong.status).toBe(404);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(browser.jar.rw_session).toBe(before);
    const found = await browser(
      '/api/LookupJourneys',
      json({ bookingReference: lookups.candidates.bookingReference, email: lookups.candidates.email }),
    );
    expect(found.status).toBe(200);
    expect(browser.jar.rw_session).not.toBe(before);
    const held = server.app.locals.sessions.find(browser.jar.rw_session).references;
    expect([...held].sort()).toEqual([lookups.candidates.bookingReference, replacement.bookingReference].sort());
    expect(server.app.locals.sessions.find(before)).toBeNull();
  });

  describe('over HTTPS the cookies are __Host- prefixed, Secure, host-only', () => {
    /** @type {Record<string, string>} */
    const https = { 'X-Forwarded-Proto': 'https' };

    it('behind a trusted proxy saying https: __Host-rw_session and __Host-rw_csrf, Secure, Path=/, no Domain', async () => {
      const server = await start({ trustProxy: 'loopback' });
      const page = await fetch(`${server.url}${pageUrl('/ConfirmRefund', victim)}`, { headers: https });
      expect(page.status).toBe(200);
      const set = page.headers.getSetCookie();
      expect(set).toEqual([
        expect.stringMatching(/^__Host-rw_session=[A-Za-z0-9_-]{43}; Path=\/; Secure; HttpOnly; SameSite=Lax$/),
        expect.stringMatching(/^__Host-rw_csrf=[A-Za-z0-9_-]{43}; Path=\/; Secure; HttpOnly; SameSite=Lax$/),
      ]);
      const cookies = setCookies(page);
      const token = (await page.text()).match(/<meta name="request-verification-token" content="([^"]+)">/)?.[1] ?? '';
      expect(token).toBe(cookies['__Host-rw_csrf']);
      const session = cookies['__Host-rw_session'];
      const status = (cookie, headers = https) =>
        fetch(`${server.url}/Refund/Status?bookingReference=${victim.bookingReference}`, {
          headers: { ...headers, Cookie: cookie },
        }).then((r) => r.status);
      expect(await status(`__Host-rw_session=${session}`)).toBe(200);
      // Over HTTPS the unprefixed name (which a plain-HTTP page can set) is not read, and over HTTP
      // the prefixed one is not.
      expect(await status(`rw_session=${session}`)).toBe(403);
      expect(await status(`__Host-rw_session=${session}`, {})).toBe(403);
      const refund = await fetch(`${server.url}/api/ProcessRefund`, {
        ...json(confirmBody(victim)),
        headers: {
          ...https,
          'Content-Type': 'application/json',
          Cookie: `__Host-rw_session=${session}; rw_csrf=${token}`,
          RequestVerificationToken: token,
        },
      });
      expect(refund.status).toBe(403);
      expect(await refund.text()).toBe(MESSAGES.antiforgery);
    });

    it('POST /api/Session over HTTPS sets __Host-rw_session', async () => {
      const server = await start({ trustProxy: 'loopback' });
      const opened = await fetch(`${server.url}/api/Session`, {
        ...json({ bookingReference: victim.bookingReference, email: victim.email }),
        headers: { ...https, 'Content-Type': 'application/json' },
      });
      const { session } = /** @type {{ session: string }} */ (await opened.json());
      expect(opened.headers.getSetCookie()).toEqual([
        `__Host-rw_session=${session}; Path=/; Secure; HttpOnly; SameSite=Lax`,
      ]);
    });

    it('X-Forwarded-Proto from a proxy express does not trust (the default) changes nothing', async () => {
      const server = await start();
      const page = await fetch(`${server.url}${pageUrl('/ConfirmRefund', victim)}`, { headers: https });
      expect(page.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['rw_session', 'rw_csrf']);
    });
  });
});

describe('second review: the status guard reads the booking reference in any letter case', () => {
  it.each(['/Refund/Status', '/Refund/DryRun'])(
    '%s: a session for booking A asking for booking B as ?BookingReference=B (or any case) is 403',
    async (path) => {
      const server = await start();
      const browser = await browserAfterPage(server, '/ConfirmRefund', bookings.instant);
      for (const name of ['BookingReference', 'BOOKINGREFERENCE', 'bookingreference', 'bookingReference']) {
        const other = await browser(`${path}?${name}=${feeFree.bookingReference}`);
        expect([name, other.status]).toEqual([name, 403]);
        expect(await other.text()).toBe(MESSAGES.otherBooking);
        expect((await browser(`${path}?${name}=${bookings.instant.bookingReference}`)).status).toBe(200);
      }
    },
  );
});

describe('second review: an unknown booking answers exactly as a known one', () => {
  /** Status, headers (but Date) and body of an answer. */
  async function whole(response) {
    const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
    return { status: response.status, headers, body: await response.text() };
  }

  it.each(['/Refund/Status', '/Refund/DryRun'])(
    '%s without a session: UNKNOWN and KXB7HT2N look the same',
    async (path) => {
      const server = await start();
      const known = await whole(
        await fetch(`${server.url}${path}?bookingReference=${bookings.instant.bookingReference}`),
      );
      const unknown = await whole(await fetch(`${server.url}${path}?bookingReference=UNKNOWN`));
      expect(unknown).toEqual(known);
      expect(known.status).toBe(403);
      // With a session for another booking too.
      const browser = await browserAfterPage(server, '/ConfirmRefund', printed);
      const knownOther = await whole(await browser(`${path}?bookingReference=${bookings.instant.bookingReference}`));
      expect(await whole(await browser(`${path}?bookingReference=WWWWWWWW`))).toEqual(knownOther);
    },
  );

  it.each(['/Refund/Status', '/Refund/DryRun'])(
    '%s through the gallery API: with the dev tools off it does not exist, for any booking',
    async (path) => {
      const server = await start({ devTools: false });
      const known = await whole(
        await fetch(`${server.url}/gallery-api${path}?bookingReference=${bookings.instant.bookingReference}`),
      );
      const unknown = await whole(await fetch(`${server.url}/gallery-api${path}?bookingReference=UNKNOWN`));
      expect(unknown).toEqual(known);
      expect(known.status).toBe(404);
      expect(known.body).not.toContain('UNKNOWN');
    },
  );
});
