/**
 * The ASP.NET host's proxy and its side of the Session and Antiforgery contracts, against the real
 * Kestrel (docs/aspnet.md "What the package does for you", "Antiforgery and the booking session (the ASP.NET side)").
 *
 * - Against a recording stand-in of the backend (so every request and header that reaches the
 *   backend can be checked): rendering a booking's page opens a backend session (`POST /api/Session`)
 *   and sets `rw_session` for the site; forwarded POSTs are checked with ASP.NET Core antiforgery
 *   (`RequestVerificationToken` against its cookie), then sent with a fresh `rw_csrf` cookie + header
 *   pair and the browser's `rw_session`; paths that walk out of the proxy reach nothing.
 * - Against the reference backend (the dev host): the security review's walk-outs through `%5C`
 *   (Kestrel decodes it to `\`, which .NET's Uri turns into `/..`) read, reset and delete nothing.
 */
'use strict';

const { test, describe, before, after } = require('node:test');
const assert = require('node:assert/strict');
const http = require('http');
const { DIST, startHost } = require('../../../e2e/harness');
const { startAspNetHost } = require('../run');
const { png } = require('../../../dev-host/testing');
const bookings = require('../../../fixtures/bookings.json');
const stations = require('../../../fixtures/stations.json');

const booking = bookings.instant;
const env = { received: [] };
/** Session tokens of the backend's shape (43 base64url characters): the site forwards no other. */
const SESSION_1 = 'Session1'.padEnd(43, '1');
const SESSION_2 = 'Session2'.padEnd(43, '2');

/**
 * Sends one request exactly as written (no URL normalisation, unlike fetch) to the site at `base`.
 *
 * @param {string} base the site's URL
 * @param {string} method
 * @param {string} target the raw request target, e.g. `/api/..%5Chost-data%5Cbookings`
 * @param {Record<string, string>} [headers]
 * @param {string | Buffer} [body]
 * @returns {Promise<{ status: number, headers: import('http').IncomingHttpHeaders, body: string }>}
 */
function rawRequest(base, method, target, headers = {}, body = undefined) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path: target, headers }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk) => (text += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode, headers: answer.headers, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A backend that answers what the site needs and records every request it gets. */
function recordingBackend() {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url, 'http://backend');
      env.received.push({ method: req.method, path: url.pathname, headers: req.headers, body });
      const json = (status, value, headers = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/host-data/booking') {
        return json(200, {
          bookingReference: booking.bookingReference,
          email: booking.email,
          details: booking.details,
          journeyId: 700101,
        });
      }
      if (url.pathname === '/host-data/stations') return json(200, stations);
      if (url.pathname === '/api/Session') {
        return json(
          200,
          { session: SESSION_1 },
          { 'Set-Cookie': `rw_session=${SESSION_1}; Path=/; HttpOnly; SameSite=Lax` },
        );
      }
      if (url.pathname === '/api/LookupJourneys') {
        return json(200, [], {
          'Set-Cookie': [`rw_session=${SESSION_2}; Path=/; HttpOnly; SameSite=Lax`, 'other=x; Path=/'],
        });
      }
      return json(200, { accepted: true });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Cookies of a fetch response as `name=value` pairs, and their full Set-Cookie lines. */
function cookiesOf(response) {
  const lines = response.headers.getSetCookie();
  return { lines, pairs: lines.map((line) => line.split(';')[0]) };
}

describe('against a recording stand-in of the backend', () => {
  before(async () => {
    env.backend = await recordingBackend();
    env.site = await startAspNetHost({
      backendUrl: `http://127.0.0.1:${env.backend.address().port}`,
      distDir: DIST,
      validateAntiforgery: true,
    });
    const page = await fetch(
      `${env.site.url}/ConfirmRefund?BookingReference=${booking.bookingReference}&Email=${encodeURIComponent(booking.email)}`,
    );
    env.html = await page.text();
    env.pageCookies = cookiesOf(page);
    env.token = /<meta name="request-verification-token" content="([^"]+)">/.exec(env.html)?.[1];
    env.cookie = env.pageCookies.pairs.join('; ');
  });

  after(async () => {
    await env.site?.close();
    env.backend?.close();
  });

  const post = (path, headers = {}) =>
    fetch(`${env.site.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: env.cookie, 'Idempotency-Key': 'key-1', ...headers },
      body: JSON.stringify({ protectedReference: 'P', journeyId: 700101 }),
    });
  const forwarded = (path) => env.received.filter((r) => r.path === path);

  test('a booking page opens a backend session and sets rw_session (HttpOnly, SameSite=Lax, Path=/)', () => {
    const [session] = forwarded('/api/Session');
    assert.deepEqual(JSON.parse(session.body), { bookingReference: booking.bookingReference, email: booking.email });
    const line = env.pageCookies.lines.find((l) => l.startsWith('rw_session='));
    assert.ok(line, `rw_session set: ${env.pageCookies.lines.join(' | ')}`);
    assert.ok(line.startsWith(`rw_session=${SESSION_1};`), line);
    assert.match(line, /httponly/i);
    assert.match(line, /samesite=lax/i);
    assert.match(line, /path=\//i);
  });

  test('the page carries the antiforgery token in the meta tag the widgets read', () => {
    assert.ok(env.token && env.token.length > 20, 'a request-verification-token meta');
    assert.ok(
      env.pageCookies.pairs.some((pair) => pair.startsWith('.AspNetCore.Antiforgery.')),
      'the antiforgery cookie',
    );
  });

  test('a POST without the token, or with a wrong one, is refused with 403 and never forwarded', async () => {
    for (const headers of [{}, { RequestVerificationToken: 'forged' }]) {
      const before = forwarded('/api/ProcessRefund').length;
      const answer = await post('/api/ProcessRefund', headers);
      assert.equal(answer.status, 403);
      assert.match(await answer.text(), /Reload the page and try again/);
      assert.equal(forwarded('/api/ProcessRefund').length, before, 'nothing reached the backend');
    }
  });

  test('a POST with the token is forwarded with a fresh rw_csrf pair, the session and its headers', async () => {
    const answer = await post('/api/ProcessRefund', { RequestVerificationToken: env.token });
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { accepted: true });
    const [request] = forwarded('/api/ProcessRefund');
    const cookies = Object.fromEntries(request.headers.cookie.split('; ').map((pair) => pair.split('=')));
    assert.equal(cookies.rw_session, SESSION_1, "the browser's session goes along");
    assert.ok(cookies.rw_csrf, 'a rw_csrf cookie');
    assert.equal(request.headers.requestverificationtoken, cookies.rw_csrf, 'header equals cookie (double submit)');
    assert.notEqual(cookies.rw_csrf, env.token, "the backend's token is the site's own, not the page's");
    assert.ok(
      !Object.keys(cookies).some((name) => name.startsWith('.AspNetCore')),
      "the site's own cookies stay with the site",
    );
    assert.equal(request.headers['idempotency-key'], 'key-1');
    assert.deepEqual(JSON.parse(request.body), { protectedReference: 'P', journeyId: 700101 });
  });

  test('a GET is forwarded with the session and no antiforgery pair', async () => {
    const answer = await fetch(`${env.site.url}/Refund/Status?bookingReference=KXB7HT2N`, {
      headers: { Cookie: env.cookie },
    });
    assert.equal(answer.status, 200);
    const request = forwarded('/Refund/Status').at(-1);
    assert.equal(request.headers.cookie, `rw_session=${SESSION_1}`);
    assert.equal(request.headers.requestverificationtoken, undefined);
  });

  test("only the backend's rw_session cookie is passed back to the browser", async () => {
    const answer = await post('/api/LookupJourneys', { RequestVerificationToken: env.token });
    assert.equal(answer.status, 200);
    assert.deepEqual(cookiesOf(answer).pairs, [`rw_session=${SESSION_2}`]);
  });

  test('a multipart upload with the token reaches the backend byte for byte', async () => {
    const form = new FormData();
    const bytes = Buffer.from('\x89PNG fake image bytes \u00e9', 'utf8');
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'ticket.png');
    const answer = await fetch(`${env.site.url}/tickets/upload`, {
      method: 'POST',
      headers: { Cookie: env.cookie, RequestVerificationToken: env.token, 'Journey-Id': '700101' },
      body: form,
    });
    assert.equal(answer.status, 200);
    const request = forwarded('/tickets/upload').at(-1);
    assert.equal(request.headers['journey-id'], '700101');
    assert.match(request.headers['content-type'], /^multipart\/form-data; boundary=/);
    assert.ok(request.body.includes(bytes.toString('utf8')), 'the file part is forwarded unchanged');
    assert.ok(request.body.includes('filename="ticket.png"'));
  });

  test('paths that walk out of the proxy, at any level of encoding, are 400 and reach nothing upstream', async () => {
    const allowed = new Set(['/host-data/booking', '/host-data/stations', '/api/Session', '/Refund/Status']);
    allowed.add('/api/ProcessRefund').add('/api/LookupJourneys').add('/tickets/upload');
    const payloads = [
      ['GET', '/api/..%5Chost-data%5Cbookings'],
      ['GET', '/Refund/..%5Cgallery-api%5CRefund%5CStatus?bookingReference=KXB7HT2N'],
      ['GET', '/api/..%5chost-data%5cbookings'],
      ['GET', '/api/..%255Chost-data%255Cbookings'],
      ['GET', '/api/%2e%2e/host-data/bookings'],
      ['GET', '/api/%252e%252e/host-data/bookings'],
      ['GET', '/api/..%2Fhost-data%2Fbookings'],
      ['GET', '/Refund/%2e/Status?bookingReference=KXB7HT2N'],
      ['POST', '/report/..%5C__dev%5Creset'],
      ['POST', '/report/..%255C__dev%255Creset'],
      ['POST', '/report/..%5Ctickets%5Cdelete%5CAbCdEfGhIjKlMnOpQrStUvWx'],
    ];
    for (const [method, target] of payloads) {
      const answer = await rawRequest(env.site.url, method, target, {
        Cookie: env.cookie,
        'Content-Type': 'application/json',
      });
      assert.equal(answer.status, 400, `${method} ${target}: ${answer.body}`);
      assert.match(answer.headers['content-type'], /^text\/plain/);
    }
    const strays = env.received.filter((r) => !allowed.has(r.path)).map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(strays, [], 'nothing off the allowlist reached the backend');
  });

  test('calls off the allowlist under the old prefixes are 404 and never forwarded', async () => {
    const before = env.received.length;
    for (const [method, path] of [
      ['POST', '/api/Session'],
      ['GET', '/api/ProcessRefund'],
      ['POST', '/report/other'],
      ['POST', '/tickets/delete/not.an.id'],
    ]) {
      const answer = await rawRequest(env.site.url, method, path, {
        Cookie: env.cookie,
        RequestVerificationToken: env.token,
        'Content-Type': 'application/json',
      });
      assert.equal(answer.status, 404, `${method} ${path}`);
    }
    assert.equal(env.received.length, before);
  });
});

describe("the review's walk-outs against the reference backend", () => {
  const site = {};
  const instant = bookings.instant;
  const printed = bookings.printed;

  before(async () => {
    site.backend = await startHost();
    site.aspnet = await startAspNetHost({ backendUrl: site.backend.url, distDir: DIST, validateAntiforgery: true });
  });

  after(async () => {
    await site.aspnet?.close();
    await site.backend?.close();
  });

  /** Opens a booking's page on the site: its Cookie header for later calls and the page's token. */
  async function openBooking(route, state) {
    const page = await fetch(
      `${site.aspnet.url}${route}?BookingReference=${state.bookingReference}&Email=${encodeURIComponent(state.email)}`,
    );
    assert.equal(page.status, 200, `${route} renders`);
    const token = /<meta name="request-verification-token" content="([^"]+)">/.exec(await page.text())?.[1];
    return { cookie: cookiesOf(page).pairs.join('; '), token };
  }

  test('GET /api/..%5Chost-data%5Cbookings lists no booking or e-mail address', async () => {
    const answer = await rawRequest(site.aspnet.url, 'GET', '/api/..%5Chost-data%5Cbookings');
    assert.doesNotMatch(answer.body, /@example\.com/, 'no e-mail address');
    assert.doesNotMatch(answer.body, /KXB7HT2N/, 'no booking reference');
    assert.equal(answer.status, 400);
  });

  test('GET /Refund/..%5Cgallery-api%5CRefund%5CStatus gives no status or protectedReference', async () => {
    const answer = await rawRequest(
      site.aspnet.url,
      'GET',
      '/Refund/..%5Cgallery-api%5CRefund%5CStatus?bookingReference=KXB7HT2N',
    );
    assert.doesNotMatch(answer.body, /protectedReference|refundStatus/);
    assert.equal(answer.status, 400);
  });

  test('a cross-site POST /report/..%5C__dev%5Creset does not reset: the refunded booking stays refunded', async () => {
    const traveller = await openBooking('/ConfirmRefund', instant);
    const refund = await fetch(`${site.aspnet.url}/api/ProcessRefund`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: traveller.cookie,
        RequestVerificationToken: traveller.token,
        'Idempotency-Key': 'walk-out-refund-1',
      },
      body: JSON.stringify({
        protectedReference: instant.status.protectedReference,
        journeyId: instant.status.refundStatus.journeyID,
        covid19: false,
        defer: false,
        disruptedOutwards: false,
        disruptedInwards: false,
      }),
    });
    assert.equal(refund.status, 200, await refund.text());
    const dryRun = async () =>
      (
        await fetch(`${site.aspnet.url}/Refund/DryRun?bookingReference=${instant.bookingReference}`, {
          headers: { Cookie: traveller.cookie },
        })
      ).json();
    assert.equal((await dryRun()).refundValue, 0, 'refunded: nothing more to refund');

    // What a form on another site can send: no token, no custom header, a form body.
    const attack = await rawRequest(
      site.aspnet.url,
      'POST',
      '/report/..%5C__dev%5Creset',
      { Origin: 'http://127.0.0.2:45229', 'Content-Type': 'application/x-www-form-urlencoded' },
      'x=1',
    );

    assert.equal((await dryRun()).refundValue, 0, `still refunded after the attack (${attack.status} ${attack.body})`);
    assert.equal(attack.status, 400);
  });

  test('POST /report/..%5Ctickets%5Cdelete%5C<id> with only the session cookie deletes nothing', async () => {
    const traveller = await openBooking('/ManualRefund', printed);
    const form = new FormData();
    form.append('file', new Blob([png(2, 2)], { type: 'image/png' }), 'ticket.png');
    const upload = await fetch(`${site.aspnet.url}/tickets/upload`, {
      method: 'POST',
      headers: {
        Cookie: traveller.cookie,
        RequestVerificationToken: traveller.token,
        'Journey-Id': String(printed.status.refundStatus.journeyID),
      },
      body: form,
    });
    assert.equal(upload.status, 200);
    const id = await upload.json();

    const attack = await rawRequest(site.aspnet.url, 'POST', `/report/..%5Ctickets%5Cdelete%5C${id}`, {
      Cookie: traveller.cookie,
    });

    const uploads = await (await fetch(`${site.backend.url}/__dev/uploads`)).json();
    const stored = uploads.find((u) => u.id === id);
    assert.ok(stored, 'the upload is stored');
    assert.equal(stored.deletedAt, undefined, `not deleted (the attack got ${attack.status})`);
    assert.equal(attack.status, 400);
  });

  let photos = 0;
  /** Uploads a new photo to the manual claim of `printed` as its traveller; returns the traveller and the upload id. */
  async function uploadAsTraveller() {
    const traveller = await openBooking('/ManualRefund', printed);
    const form = new FormData();
    photos += 1;
    form.append('file', new Blob([png(2 + photos, 2)], { type: 'image/png' }), 'ticket.png');
    const upload = await fetch(`${site.aspnet.url}/tickets/upload`, {
      method: 'POST',
      headers: {
        Cookie: traveller.cookie,
        RequestVerificationToken: traveller.token,
        'Journey-Id': String(printed.status.refundStatus.journeyID),
      },
      body: form,
    });
    assert.equal(upload.status, 200);
    return { traveller, id: await upload.json() };
  }

  /** The stored upload `id` of the reference backend. */
  async function storedUpload(id) {
    const uploads = await (await fetch(`${site.backend.url}/__dev/uploads`)).json();
    return uploads.find((u) => u.id === id);
  }

  /** One cookie's `name=value` of a Cookie header, by the start of its name. */
  const pairOf = (cookie, start) => cookie.split('; ').find((pair) => pair.startsWith(start));

  for (const where of ['form', 'header']) {
    test(`the victim's session with the attacker's own antiforgery cookie and token (in a ${where}) deletes nothing`, async () => {
      // The third review's curl: the attacker, on a same-site foothold, planted his antiforgery cookie.
      const { traveller: victim, id } = await uploadAsTraveller();
      const attacker = await openBooking('/ConfirmRefund', instant);
      const cookie = `${pairOf(victim.cookie, 'rw_session=')}; ${pairOf(attacker.cookie, '.AspNetCore.Antiforgery')}`;

      const attack =
        where === 'form'
          ? await rawRequest(
              site.aspnet.url,
              'POST',
              `/tickets/delete/${id}`,
              { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
              `__RequestVerificationToken=${encodeURIComponent(attacker.token)}`,
            )
          : await rawRequest(site.aspnet.url, 'POST', `/tickets/delete/${id}`, {
              Cookie: cookie,
              RequestVerificationToken: attacker.token,
            });

      const stored = await storedUpload(id);
      assert.ok(stored, 'the upload is stored');
      assert.equal(stored.deletedAt, undefined, `not deleted (the attack got ${attack.status})`);
      assert.equal(attack.status, 403);
    });
  }

  test("the traveller's own token deletes the upload, from the header only", async () => {
    const { traveller, id } = await uploadAsTraveller();
    const inForm = await rawRequest(
      site.aspnet.url,
      'POST',
      `/tickets/delete/${id}`,
      { Cookie: traveller.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      `__RequestVerificationToken=${encodeURIComponent(traveller.token)}`,
    );
    assert.equal(inForm.status, 403, 'a form-body token is not read');
    assert.equal((await storedUpload(id)).deletedAt, undefined);

    const inHeader = await rawRequest(site.aspnet.url, 'POST', `/tickets/delete/${id}`, {
      Cookie: traveller.cookie,
      RequestVerificationToken: traveller.token,
    });
    assert.equal(inHeader.status, 204, inHeader.body);
    assert.ok((await storedUpload(id)).deletedAt, 'deleted');
  });

  test("pages of the traveller's booking reuse one backend session, which keeps working", async () => {
    const first = await openBooking('/ConfirmRefund', instant);
    for (const route of ['/ConfirmRefund', '/JourneySummary', '/Home/Disruption']) {
      const page = await fetch(
        `${site.aspnet.url}${route}?BookingReference=${instant.bookingReference}&Email=${encodeURIComponent(instant.email)}`,
        { headers: { Cookie: first.cookie } },
      );
      assert.equal(page.status, 200);
      assert.ok(
        !cookiesOf(page).pairs.some((pair) => pair.startsWith('rw_session=')),
        `${route} sets no new session: ${cookiesOf(page).lines.join(' | ')}`,
      );
    }
    const status = await fetch(`${site.aspnet.url}/Refund/Status?bookingReference=${instant.bookingReference}`, {
      headers: { Cookie: first.cookie },
    });
    assert.equal(status.status, 200, 'the first session still answers');
  });

  test('one client flooding /report/vitals gets 429 with Retry-After; the reports it got through were bounded', async () => {
    const report = JSON.stringify({
      name: 'LCP',
      value: 1200,
      rating: 'good',
      widget: 'refund',
      route: '/ConfirmRefund',
    });
    const statuses = [];
    let retryAfter = null;
    for (let i = 0; i < 100; i += 1) {
      const answer = await fetch(`${site.aspnet.url}/report/vitals`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: report,
      });
      statuses.push(answer.status);
      retryAfter ??= answer.headers.get('retry-after');
      await answer.arrayBuffer();
    }
    const tooLarge = await fetch(`${site.aspnet.url}/report/error`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(70 * 1024) }),
    });

    // 30 at once, then one every 2 s as the bucket refills.
    const through = statuses.filter((status) => status < 300).length;
    assert.ok(through >= 10 && through <= 60, `${through} reports got through`);
    assert.ok(
      statuses.every((status) => status < 300 || status === 429),
      statuses.join(' '),
    );
    assert.ok(Number(retryAfter) >= 1, `Retry-After: ${retryAfter}`);
    assert.equal(tooLarge.status, 413);
  });
});
