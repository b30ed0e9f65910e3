/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * Browser tests of the security review's findings 2 and 3 as the widgets see them (docs/security.md
 * "Sessions and antiforgery on the reference backend"): every state-changing request carries the
 * page's antiforgery token; a refused token or session shows "This page has expired. Please reload
 * the page and try again." and a reload fixes it; a cross-site page cannot delete an upload; a
 * session token planted by a page on another port is replaced when the traveller proves their
 * booking (docs/security.md "Sessions and antiforgery on the reference backend").
 */
const http = require('http');
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser, openPage, drawImage } = require('./harness');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser({ resetEachTest: true });
const RELOAD_PAGE_TEXT = 'This page has expired. Please reload the page and try again.';

const pageUrl = (route, state) =>
  `${env.host.url}${route}?BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}`;

const metaToken = (page) =>
  page.evaluate(() => document.querySelector('meta[name="request-verification-token"]')?.getAttribute('content'));

const devJson = async (route) => (await fetch(`${env.host.url}${route}`)).json();

function assertClean(problems) {
  assert.deepEqual(problems.pageErrors, [], 'no uncaught exception');
  assert.deepEqual(problems.cspViolations, [], 'no CSP violation');
}

/** Replaces one of the dev host's cookies in the browser, as an expired or foreign one would be. */
const setCookie = (context, name, value) => context.addCookies([{ name, value, url: env.host.url }]);

test('ProcessRefund carries the page token; a stale token shows the reload text, and a reload fixes it', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  const token = await metaToken(page);
  assert.match(token, /^[A-Za-z0-9_-]{43}$/, 'the page carries a token');

  // The token rotates behind the page's back (another host's cookie, a cleared cookie jar…).
  await setCookie(context, 'rw_csrf', 'S'.repeat(43));
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByRole('alert').getByText(RELOAD_PAGE_TEXT, { exact: true }).waitFor();
  const [refused] = requests.filter((r) => r.method === 'POST' && r.url.endsWith('/api/ProcessRefund'));
  assert.equal(refused.request.headers().requestverificationtoken, token, 'the header is the meta token');
  assert.equal((await refused.request.response()).status(), 403);
  assert.deepEqual(await devJson('/__dev/requests'), [], 'nothing was refunded');

  await page.reload();
  assert.equal(await metaToken(page), 'S'.repeat(43), 'the reloaded page carries the cookie token');
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
  const recorded = await devJson('/__dev/requests');
  assert.equal(recorded.filter((r) => r.path === '/api/ProcessRefund').length, 1);
  assertClean(problems);
  await context.close();
});

test('an expired session shows the reload text too', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  await page.getByRole('button', { name: 'Accept refund' }).waitFor();
  await setCookie(context, 'rw_session', 'E'.repeat(43));
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByRole('alert').getByText(RELOAD_PAGE_TEXT, { exact: true }).waitFor();
  assert.deepEqual(await devJson('/__dev/requests'), []);
  assertClean(problems);
  await context.close();
});

test('the manual claim sends the token on upload, delete and submit-claim; a stale token on an upload shows the reload text', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  await page.goto(pageUrl('/ManualRefund', 'printed'));
  const input = page.getByLabel('Choose photos of your tickets');
  await input.waitFor();
  const token = await metaToken(page);
  const photo = await drawImage(page, { width: 300, height: 200, type: 'image/png' });
  // Another photo (another size): the same bytes twice would be refused as a duplicate (docs/uploads.md).
  const other = await drawImage(page, { width: 320, height: 200, type: 'image/png' });
  await input.setInputFiles([
    { name: 'whole.png', mimeType: 'image/png', buffer: photo },
    { name: 'extra.png', mimeType: 'image/png', buffer: other },
  ]);
  await page.getByText('Uploaded', { exact: true }).nth(1).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Remove extra.png' }).click();
  await page.getByText('extra.png', { exact: true }).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Submit claim' }).click();
  await page.getByRole('heading', { name: 'Claim submitted' }).waitFor();

  const posts = requests.filter((r) => r.method === 'POST' && r.url.includes('/tickets/'));
  assert.deepEqual(
    posts.map((r) => r.url.replace(/.*\/tickets\/([a-z-]+).*/, '$1')),
    ['upload', 'upload', 'delete', 'submit-claim'],
  );
  for (const post of posts) {
    const headers = post.request.headers();
    assert.equal(headers.requestverificationtoken, token, `${post.url} carries the token`);
    assert.equal(headers['x-requested-with'], 'XMLHttpRequest', `${post.url} needs a preflight cross-origin`);
  }
  assert.equal((await devJson('/__dev/claims')).length, 1);

  // A stale token: the next upload is refused and says so.
  await page.goto(pageUrl('/ManualRefund', 'printed'));
  await page.getByLabel('Choose photos of your tickets').waitFor();
  await setCookie(context, 'rw_csrf', 'S'.repeat(43));
  await page
    .getByLabel('Choose photos of your tickets')
    .setInputFiles([{ name: 'late.png', mimeType: 'image/png', buffer: photo }]);
  await page.getByText(RELOAD_PAGE_TEXT, { exact: true }).waitFor({ timeout: 30_000 });
  assertClean(problems);
  await context.close();
});

test('a host page with only an ASP.NET form token (no meta tag): the widgets send the input value', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  await page.getByRole('button', { name: 'Accept refund' }).waitFor();
  // As `@Html.AntiForgeryToken()` renders it; the double-submit cookie holds the same value.
  await page.evaluate(() => {
    document.querySelector('meta[name="request-verification-token"]').remove();
    const form = document.createElement('form');
    for (const value of ['FormToken_0123456789abcdefghijklmnopqrstuvwx', 'second-form-token-is-ignored']) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = '__RequestVerificationToken';
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
  });
  await setCookie(context, 'rw_csrf', 'FormToken_0123456789abcdefghijklmnopqrstuvwx');
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
  const [post] = requests.filter((r) => r.method === 'POST' && r.url.endsWith('/api/ProcessRefund'));
  assert.equal(post.request.headers().requestverificationtoken, 'FormToken_0123456789abcdefghijklmnopqrstuvwx');
  assertClean(problems);
  await context.close();
});

test('a page on another site cannot delete an upload (the cross-site request of the finding)', async () => {
  const { page, context } = await openPage(env.browser);
  await page.goto(pageUrl('/ManualRefund', 'printed'));
  await page.getByLabel('Choose photos of your tickets').waitFor();
  const photo = await drawImage(page, { width: 200, height: 100, type: 'image/png' });
  // Earlier tests of this file leave uploads behind: this test's upload is the one that is new.
  const earlier = new Set((await devJson('/__dev/uploads')).map((stored) => stored.id));
  await page
    .getByLabel('Choose photos of your tickets')
    .setInputFiles([{ name: 'keep.png', mimeType: 'image/png', buffer: photo }]);
  await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
  const upload = (await devJson('/__dev/uploads')).find((stored) => !earlier.has(stored.id));
  assert.ok(upload, 'the upload is stored');

  // The attacker's site: 127.0.0.1 is another site than localhost. It posts a form and a no-cors
  // fetch to the delete URL, in the same browser that holds the traveller's cookies.
  const target = `${env.host.url}/tickets/delete/${upload.id}`;
  const evil = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html');
    res.end(`<!DOCTYPE html><title>evil</title>
<form id="f" method="POST" action="${target}" target="sink"></form><iframe name="sink"></iframe>
<p id="done">waiting</p>`);
  });
  await new Promise((resolve) => evil.listen(0, '127.0.0.1', resolve));
  try {
    const attacker = await context.newPage();
    await attacker.goto(`http://127.0.0.1:${evil.address().port}/`);
    const answers = [];
    attacker.on('response', (response) => {
      if (response.url() === target) answers.push(response.status());
    });
    await attacker.evaluate(async (url) => {
      await fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include' });
      document.getElementById('f').submit();
    }, target);
    for (let waited = 0; answers.length < 2 && waited < 15_000; waited += 100) await attacker.waitForTimeout(100);
    assert.deepEqual(answers, [403, 403], 'both cross-site deletes are refused');
  } finally {
    await new Promise((resolve) => evil.close(resolve));
  }
  const after = (await devJson('/__dev/uploads')).find((stored) => stored.id === upload.id);
  assert.equal(after.deletedAt, undefined, 'the upload is still there');
  await context.close();
});

test('a session token planted by a page on another port is replaced when the traveller opens their booking', async () => {
  // The attacker's own session: the page of their own booking, opened by them.
  const own = await fetch(pageUrl('/ConfirmRefund', 'fee-free'));
  const attackerCookies = Object.fromEntries(own.headers.getSetCookie().map((c) => c.split(';')[0].split('=')));
  const planted = attackerCookies.rw_session;
  const attackerToken = attackerCookies.rw_csrf;
  assert.match(planted, /^[A-Za-z0-9_-]{43}$/);

  // A page on another port of the same host sets rw_session to it (cookies ignore the port).
  // Only the page plants it: Chromium asks for /favicon.ico afterwards, and an answer to that
  // arriving after the victim's page would plant the token again behind the test's back.
  const evil = http.createServer((req, res) => {
    if (req.url !== '/') {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('Set-Cookie', `rw_session=${planted}; Path=/`);
    res.setHeader('Content-Type', 'text/html');
    res.end('<!DOCTYPE html><title>evil</title><p>nothing to see</p>');
  });
  await new Promise((resolve) => evil.listen(0, '127.0.0.1', resolve));
  const { page, context, problems } = await openPage(env.browser);
  try {
    await page.goto(`http://127.0.0.1:${evil.address().port}/`);
    const sessionCookie = async () => (await context.cookies(env.host.url)).find((c) => c.name === 'rw_session')?.value;
    assert.equal(await sessionCookie(), planted, 'the planted cookie reached the dev host');

    // The victim opens their booking: a new token, and the planted one no longer works.
    await page.goto(pageUrl('/ConfirmRefund', 'instant'));
    await page.getByRole('button', { name: 'Accept refund' }).waitFor();
    const victim = bookings.instant;
    const asAttacker = (route, init = {}) =>
      fetch(`${env.host.url}${route}`, {
        ...init,
        headers: { ...init.headers, Cookie: `rw_session=${planted}; rw_csrf=${attackerToken}` },
      });
    const status = await asAttacker(`/Refund/Status?bookingReference=${victim.bookingReference}`);
    assert.equal(status.status, 403, "the attacker's token does not read the victim's status");
    const refund = await asAttacker('/api/ProcessRefund', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', RequestVerificationToken: attackerToken },
      body: JSON.stringify({
        protectedReference: victim.status.protectedReference,
        journeyId: victim.status.refundStatus.journeyID,
        covid19: false,
        defer: false,
        disruptedOutwards: false,
        disruptedInwards: false,
      }),
    });
    assert.equal(refund.status, 403, "the attacker's token does not refund the victim's booking");
    assert.deepEqual(await devJson('/__dev/requests'), [], 'nothing was refunded');
    assert.notEqual(await sessionCookie(), planted, 'the page issued a new session token');

    // The victim's own page goes on working with its new token.
    await page.getByRole('button', { name: 'Accept refund' }).click();
    await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
    assert.equal((await devJson('/__dev/requests')).length, 1);
    assertClean(problems);
  } finally {
    await context.close();
    await new Promise((resolve) => evil.close(resolve));
  }
});
