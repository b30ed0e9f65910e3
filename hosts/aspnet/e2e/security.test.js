/**
 * The ASP.NET host's side of the Session and Antiforgery contracts, against a recording stand-in of
 * the backend (so every header that reaches the backend can be checked): rendering a booking's page
 * opens a backend session (`POST /api/Session`) and sets `rw_session` for the site; forwarded POSTs
 * are checked with ASP.NET Core antiforgery (`RequestVerificationToken` against its cookie), then
 * sent with a fresh `rw_csrf` cookie + header pair and the browser's `rw_session`.
 */
'use strict';

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const http = require('http');
const { DIST } = require('../../../e2e/harness');
const { startAspNetHost } = require('../run');
const bookings = require('../../../fixtures/bookings.json');
const stations = require('../../../fixtures/stations.json');

const booking = bookings.instant;
const env = { received: [] };

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
          { session: 'session-1' },
          { 'Set-Cookie': 'rw_session=session-1; Path=/; HttpOnly; SameSite=Lax' },
        );
      }
      if (url.pathname === '/api/LookupJourneys') {
        return json(200, [], {
          'Set-Cookie': ['rw_session=session-2; Path=/; HttpOnly; SameSite=Lax', 'other=x; Path=/'],
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
  assert.match(line, /^rw_session=session-1;/);
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
  assert.equal(cookies.rw_session, 'session-1', "the browser's session goes along");
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
  assert.equal(request.headers.cookie, 'rw_session=session-1');
  assert.equal(request.headers.requestverificationtoken, undefined);
});

test("only the backend's rw_session cookie is passed back to the browser", async () => {
  const answer = await post('/api/LookupJourneys', { RequestVerificationToken: env.token });
  assert.equal(answer.status, 200);
  assert.deepEqual(cookiesOf(answer).pairs, ['rw_session=session-2']);
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
