/** @jest-environment node */
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The payloads of the security review against the reference backend (issue "Hardening for a
 * security review", findings 2, 3 and the /report/error part of 5): calls without a session or
 * for another booking are refused with 403, state-changing calls without the page's antiforgery
 * token are refused with 403, and /report/error takes JSON only and logs control characters
 * escaped. Sessions and tokens come the way a browser gets them: by rendering a booking's page.
 */
const bookings = require('../fixtures/bookings.json');
const lookups = require('../fixtures/lookups.json');
const { useTestHosts, travellerSession, confirmBody, png } = require('./testing');
const { parseCookies, MESSAGES } = require('./auth');

const { start } = useTestHosts();
const feeFree = bookings['fee-free']; // WBH9FX4L, the booking of the finding
const printed = bookings.printed; // journey 700110
const advance = bookings['printed-advance']; // journey 700120
const replacement = bookings.replacement;

const pageUrl = (route, state) =>
  `${route}?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;

/**
 * Renders a booking's page as a browser would and returns a fetch that sends back the cookies it
 * set and the page's token (from its meta tag) on POSTs, like the widgets do.
 */
async function browserAfterPage(server, route, state) {
  const page = await fetch(`${server.url}${pageUrl(route, state)}`);
  const html = await page.text();
  const cookies = page.headers.getSetCookie();
  const jar = Object.entries(parseCookies(cookies.map((c) => c.split(';')[0]).join('; ')))
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const token = html.match(/<meta name="request-verification-token" content="([^"]+)">/)?.[1];
  const request = (path, init = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        Cookie: jar,
        ...(init.method === 'POST' ? { RequestVerificationToken: token } : {}),
        ...init.headers,
      },
    });
  return Object.assign(request, { cookies, token });
}

const json = (body) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

const uploadInit = (journeyId) => {
  const form = new FormData();
  form.append('file', new Blob([png(2, 2)], { type: 'image/png' }), 'ticket.png');
  return { method: 'POST', body: form, headers: { 'Journey-Id': String(journeyId) } };
};

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
    const uploads = await server.fetch('/__dev/uploads').then((r) => r.json());
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
    const { session } = await opened.json();
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
    ['delete', '/tickets/delete/AAAAAAAAAAAAAAAAAAAAAAAA', () => ({ method: 'POST' })],
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
    const [stored] = await server.fetch('/__dev/uploads').then((r) => r.json());
    expect(stored.deletedAt).toBeUndefined();
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
    expect((await server.fetch('/__dev/error-reports').then((r) => r.json()))[0].message).toBe(message);
  });
});
