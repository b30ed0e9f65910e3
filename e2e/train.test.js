/* global indexedDB -- used inside page.evaluate, which runs in the browser */
/**
 * Nothing lost on a train (docs/offline.md), in Chromium on the dev host: a refund whose answer is
 * lost, then pressed again or a reload; Accept refund offline, then online, or the tab closed and
 * opened again; an upload whose answer is lost; two photos, then a reload. Each test counts the requests that reach the server and the
 * Idempotency-Keys they carry, and what the server kept.
 *
 * A lost answer is made in the browser: the request goes to the server (`route.fetch()`), which
 * processes it, and the connection is then dropped before the page reads the answer
 * (`route.abort('connectionreset')`). Each test prints what reached the server (`t.diagnostic`).
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser, openPage, drawImage } = require('./harness');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser({ resetEachTest: true });

const pageUrl = (route, state) =>
  `${env.host.url}${route}?BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}`;

const EARLIER =
  'Your earlier request may not have reached us. You can press the button again: you will not be refunded twice.';
const FAILURE = "We couldn't process this refund. Please try again.";
const OFFLINE = "You're offline. Nothing has been sent. You can continue when you're back online.";

/**
 * Records the requests to `pathEnd` that reach the server, with their Idempotency-Key; the first
 * `lose` of them are processed by the server and their answers then lost.
 */
async function serverSide(context, pathEnd, lose = 0) {
  const reached = [];
  let toLose = lose;
  await context.route(`**${pathEnd}`, async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    reached.push({ key: request.headers()['idempotency-key'], answer: null });
    if (toLose > 0) {
      toLose -= 1;
      const answer = await route.fetch();
      reached.at(-1).answer = `${answer.status()} lost`;
      return route.abort('connectionreset');
    }
    const answer = await route.fetch();
    reached.at(-1).answer = String(answer.status());
    return route.fulfill({ response: answer });
  });
  return reached;
}

/** The accepted ProcessRefund requests the reference backend recorded. */
async function recordedRefunds() {
  const recorded = await (await fetch(`${env.host.url}/__dev/requests`)).json();
  return recorded.filter((r) => r.path === '/api/ProcessRefund');
}

function report(t, title, reached) {
  t.diagnostic(`${title}: ${reached.map((r, i) => `#${i + 1} key ${r.key} → ${r.answer}`).join('; ')}`);
}

test('a refund whose answer was lost, pressed again: the same key, one refund', async (t) => {
  const { page, context, problems } = await openPage(env.browser);
  const reached = await serverSide(context, '/api/ProcessRefund', 1);
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByText(FAILURE).waitFor();
  assert.equal((await recordedRefunds()).length, 1, 'the server refunded once, and its answer was lost');
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();

  report(t, 'refund answer lost, then pressed again', reached);
  assert.equal(reached.length, 2, 'two requests reached the server');
  assert.match(reached[0].key, /^[0-9a-f-]{36}$/);
  assert.equal(reached[1].key, reached[0].key, 'the second press carries the same key');
  assert.equal(reached[1].answer, '200', 'the server answered it with its first answer');
  assert.equal((await recordedRefunds()).length, 1, 'still one refund');
  assert.deepEqual(problems.pageErrors, []);
  // After Refund request accepted, nothing of the booking is left in IndexedDB or web storage.
  const stored = await keptOnDevice(page);
  assert.doesNotMatch(stored, new RegExp(bookings.instant.bookingReference, 'i'));
  assert.doesNotMatch(stored, /@/);
  await context.close();
});

test('a refund whose answer was lost, then a reload: the page tells the refund was made, nothing is sent again', async (t) => {
  const { page, context } = await openPage(env.browser);
  const reached = await serverSide(context, '/api/ProcessRefund', 1);
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByText(FAILURE).waitFor();
  await page.reload();
  await page.getByText(/looks like you've already received a refund/).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Accept refund' }).count(), 0);
  // The refund is made: the key stored for it goes too.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  assert.doesNotMatch(stored, new RegExp(bookings.instant.bookingReference, 'i'));
  report(t, 'refund answer lost, then a reload', reached);
  assert.equal(reached.length, 1, 'one request reached the server');
  assert.equal((await recordedRefunds()).length, 1, 'one refund');
  await context.close();
});

test('Accept refund with no answer, then the tab closed; a new tab says so and sends the same key once', async (t) => {
  const { page, context } = await openPage(env.browser);
  const sent = [];
  context.on('request', (request) => {
    if (request.url().endsWith('/api/ProcessRefund')) sent.push(request.headers()['idempotency-key']);
  });
  // The first try never reaches the server: the connection drops as it leaves (the browser still
  // believes it is online, as it often does on a train).
  let drop = true;
  await context.route('**/api/ProcessRefund', (route) => {
    if (!drop) return route.continue();
    drop = false;
    return route.abort('internetdisconnected');
  });
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByText(FAILURE).waitFor();
  await page.getByText(OFFLINE).waitFor();
  await page.close();

  const again = await context.newPage();
  await again.goto(pageUrl('/ConfirmRefund', 'instant'));
  await again.getByText(EARLIER).waitFor();
  await again.getByRole('button', { name: 'Accept refund' }).click();
  await again.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
  const recorded = await recordedRefunds();
  t.diagnostic(
    `no answer, tab closed, reopened: the pages tried ${sent.length} (keys ${sent.join(', ')}); the server recorded ${recorded.map((r) => r.idempotencyKey).join(', ')}`,
  );
  assert.equal(sent.length, 2);
  assert.equal(sent[1], sent[0], 'the new tab sends the key stored by the closed one');
  assert.deepEqual(
    recorded.map((r) => r.idempotencyKey),
    [sent[0]],
    'one refund, with that key',
  );
  await context.close();
});

test('Accept refund pressed offline sends nothing and says so; back online, one press sends one request', async (t) => {
  const { page, context, problems } = await openPage(env.browser);
  const sent = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/ProcessRefund')) sent.push(request.headers()['idempotency-key']);
  });
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  await page.getByRole('button', { name: 'Accept refund' }).waitFor();
  // The code that sends the refund has loaded while the page was idle (docs/performance.md).
  await page.waitForTimeout(3500);
  await context.setOffline(true);
  const notice = page.getByRole('status').filter({ hasText: OFFLINE });
  await notice.waitFor();
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.waitForTimeout(500);
  assert.equal(sent.length, 0, 'the page sent nothing while offline');
  assert.equal(await page.getByText(FAILURE).count(), 0, 'no failure: nothing was tried');
  assert.equal(await notice.count(), 1, 'one offline message');

  await context.setOffline(false);
  await notice.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
  t.diagnostic(
    `Accept refund offline, then online: the page sent ${sent.length} (keys ${sent.join(', ')}); the server recorded ${(await recordedRefunds()).map((r) => r.idempotencyKey).join(', ')}`,
  );
  assert.equal(sent.length, 1, 'one request, sent when the traveller pressed back online');
  assert.equal((await recordedRefunds()).length, 1, 'one refund');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('an upload whose answer was lost is tried again by itself with the same key: one photo stored', async (t) => {
  const { page, context, problems } = await openPage(env.browser);
  const reached = await serverSide(context, '/tickets/upload', 1);
  await page.goto(pageUrl('/ManualRefund', 'printed'));
  const input = page.getByLabel('Choose photos of your tickets');
  await input.waitFor();
  const photo = await drawImage(page, { width: 800, height: 600, type: 'image/png' });
  await input.setInputFiles([{ name: 'ticket.png', mimeType: 'image/png', buffer: photo }]);
  await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });

  report(t, 'an upload answer lost', reached);
  assert.equal(reached.length, 2, 'the lost one, then the automatic retry');
  assert.match(reached[0].key, /^[0-9a-f]{64}$/);
  assert.equal(reached[1].key, reached[0].key);
  const stored = (await (await fetch(`${env.host.url}/__dev/uploads`)).json()).filter((u) => u.name === 'ticket.png');
  assert.equal(stored.length, 1, 'the server stored the photo once');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

/**
 * What the page keeps of a booking: the keys and values of the widgets' IndexedDB store (the claim
 * draft) and of web storage, as text (a Blob reads as `{}`).
 */
function keptOnDevice(page) {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    const idb = [];
    if (databases.some((db) => db.name === 'rw-refund-widgets')) {
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open('rw-refund-widgets');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      if (db.objectStoreNames.contains('claim-drafts')) {
        const read = (method) =>
          new Promise((resolve, reject) => {
            const request = db.transaction('claim-drafts').objectStore('claim-drafts')[method]();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
        const [keys, values] = [await read('getAllKeys'), await read('getAll')];
        keys.forEach((key, i) => idb.push(`${key} ${JSON.stringify(values[i])}`));
      }
      db.close();
    }
    const web = [...Object.entries(localStorage), ...Object.entries(sessionStorage)].map(([k, v]) => `${k} ${v}`);
    return [...idb, ...web].join('\n');
  });
}

/** Asserts that IndexedDB and web storage keep nothing of booking `state`: no reference, e-mail or photo name. */
async function assertNothingKept(page, state, photoName) {
  const kept = await keptOnDevice(page);
  const escaped = photoName.replace(/\./g, '\\.');
  assert.doesNotMatch(
    kept,
    new RegExp(`${bookings[state].bookingReference}|@|${escaped}`, 'i'),
    'nothing of the booking is kept',
  );
}

/** The claims the reference backend recorded for `state`. */
async function claimsOf(state) {
  const claims = await (await fetch(`${env.host.url}/__dev/claims`)).json();
  return claims.filter((claim) => claim.bookingReference === bookings[state].bookingReference);
}

test('two photos and a replacement reference, then a reload: the draft lists them again, nothing is uploaded twice, and the claim names both', async (t) => {
  const { page, context, problems } = await openPage(env.browser);
  const reached = await serverSide(context, '/tickets/upload');
  await page.goto(pageUrl('/ManualRefund', 'printed-advance'));
  const input = page.getByLabel('Choose photos of your tickets');
  await input.waitFor();
  const files = [
    {
      name: 'whole.png',
      mimeType: 'image/png',
      buffer: await drawImage(page, { width: 640, height: 480, type: 'image/png' }),
    },
    {
      name: 'cut.png',
      mimeType: 'image/png',
      buffer: await drawImage(page, { width: 700, height: 500, type: 'image/png' }),
    },
  ];
  await input.setInputFiles(files);
  await page.getByLabel('Replacement booking reference').fill('KXB7HT2N');
  await page.getByText('Uploaded', { exact: true }).nth(1).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(300); // the draft's last change is written

  await page.reload();
  await page.getByText('Uploaded', { exact: true }).nth(1).waitFor({ timeout: 30_000 });
  assert.deepEqual(await page.locator('.rw-upload__name').allTextContents(), ['whole.png', 'cut.png']);
  assert.equal(await page.getByLabel('Replacement booking reference').inputValue(), 'KXB7HT2N');
  assert.equal(reached.length, 2, 'nothing uploaded again after the reload');
  await page.getByRole('button', { name: 'Submit claim' }).click();
  await page.getByRole('heading', { name: 'Claim submitted' }).waitFor();

  report(t, 'two photos, then a reload', reached);
  assert.notEqual(reached[0].key, reached[1].key, 'one key per photo');
  const [claim] = await claimsOf('printed-advance');
  t.diagnostic(`the claim named ${claim.images.join(', ')}, replacement ${claim.replacementReference}`);
  assert.equal(claim.images.length, 2, 'the claim names both uploads');
  assert.equal(claim.replacementReference, 'KXB7HT2N');
  await page.waitForTimeout(300); // the draft's deletion is written
  await assertNothingKept(page, 'printed-advance', 'whole.png');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a photo chosen offline, then the tab closed: a new tab lists it and uploads it by itself; after the claim nothing is kept', async (t) => {
  const { page, context, problems } = await openPage(env.browser);
  const reached = await serverSide(context, '/tickets/upload');
  await page.goto(pageUrl('/ManualRefund', 'printed'));
  const input = page.getByLabel('Choose photos of your tickets');
  await input.waitFor();
  // Another photo than the upload test's above, so a failure here is about this test alone.
  const photo = await drawImage(page, { width: 820, height: 610, type: 'image/png' });
  await context.setOffline(true);
  await page
    .getByRole('status')
    .filter({
      hasText: "You're offline. Your photos are saved on this phone and will be sent when you're back online.",
    })
    .waitFor();
  await input.setInputFiles([{ name: 'offline.png', mimeType: 'image/png', buffer: photo }]);
  await page.getByText('Waiting to upload', { exact: true }).waitFor();
  // Checked, resized and kept in the draft before the tab closes.
  for (let i = 0; i < 100 && !(await keptOnDevice(page)).includes('offline.png'); i += 1)
    await page.waitForTimeout(100);
  assert.match(await keptOnDevice(page), /offline\.png/, 'the photo is in the draft');
  assert.equal(reached.length, 0, 'nothing was sent while offline');
  await page.close();
  await context.setOffline(false);

  const again = await context.newPage();
  await again.goto(pageUrl('/ManualRefund', 'printed'));
  await again.getByText('offline.png', { exact: true }).waitFor();
  await again.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
  await again.getByRole('button', { name: 'Submit claim' }).click();
  await again.getByRole('heading', { name: 'Claim submitted' }).waitFor();

  report(t, 'a photo chosen offline, then the tab closed and reopened', reached);
  assert.equal(reached.length, 1, 'one upload, from the new tab');
  assert.match(reached[0].key, /^[0-9a-f]{64}$/);
  const [claim] = await claimsOf('printed');
  assert.equal(claim.images.length, 1);
  await again.waitForTimeout(300);
  await assertNothingKept(again, 'printed', 'offline.png');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('the connection dropped while the idle load is in flight: back online, Accept refund loads the code again and sends one request', async (t) => {
  const { page, context, problems } = await openPage(env.browser);
  const reached = await serverSide(context, '/api/ProcessRefund');
  // The idle load starts with the request layer's own chunk (`rw-http`); it and every script asked
  // for after it (axios, a shared module) are held in flight, then dropped with the connection.
  const held = [];
  const loadedAgain = [];
  let phase = 'first panel'; // then 'idle load', 'offline', 'back online'
  await context.route('**/*.js', (route) => {
    const url = route.request().url();
    if (phase === 'first panel' && /\/rw-http\.[0-9a-f]+\.js$/.test(url)) phase = 'idle load';
    if (phase === 'first panel') return route.continue();
    if (phase === 'idle load') return void held.push(route);
    if (phase === 'offline') return route.abort('internetdisconnected');
    loadedAgain.push(url.replace(/.*\//, ''));
    return route.continue();
  });
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  await page.getByRole('button', { name: 'Accept refund' }).waitFor();
  for (let waited = 0; held.length === 0 && waited < 10_000; waited += 100) await page.waitForTimeout(100);
  assert.ok(held.length > 0, 'the idle load started');
  await page.waitForTimeout(500); // the rest of the idle load's scripts are asked for
  const dropped = held.map((route) => route.request().url().replace(/.*\//, ''));
  phase = 'offline';
  await context.setOffline(true);
  await Promise.all(held.splice(0).map((route) => route.abort('internetdisconnected')));
  await page.waitForTimeout(500);

  await context.setOffline(false);
  phase = 'back online';
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
  report(t, 'the idle load dropped, then Accept refund back online', reached);
  t.diagnostic(`dropped in flight: ${dropped.join(', ')}; fetched again on the press: ${loadedAgain.join(', ')}`);
  assert.ok(dropped.some((file) => /^rw-http\./.test(file)));
  assert.ok(dropped.length >= 2, 'the request layer and the shared axios it needs were both dropped');
  assert.deepEqual([...loadedAgain].sort(), [...dropped].sort(), 'every dropped script is fetched again');
  assert.equal(reached.length, 1, 'one request reached the server');
  assert.equal((await recordedRefunds()).length, 1, 'one refund');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a page opened while the widget could not be fetched: back online, the widget mounts by itself', async (t) => {
  const { page, context, problems } = await openPage(env.browser);
  const entries = [];
  let reachable = false;
  await context.route('**/refund/remoteEntry.js', (route) => {
    entries.push(reachable ? 'fetched' : 'dropped');
    return reachable ? route.continue() : route.abort('internetdisconnected');
  });
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  await page
    .locator('#refund-widget')
    .getByText('Sorry, this part of the page could not be loaded. Please refresh the page or try again later.')
    .waitFor();

  reachable = true;
  await context.setOffline(true);
  await context.setOffline(false); // the browser's online event
  await page.getByRole('button', { name: 'Accept refund' }).waitFor();
  t.diagnostic(`the refund remote entry: ${entries.join(', ')}`);
  // Dropped when the page opened (the first panel's preload and the script), then fetched once.
  assert.ok(entries.indexOf('fetched') > 0, 'dropped first');
  assert.deepEqual(
    entries.filter((entry) => entry === 'fetched'),
    ['fetched'],
    'fetched again once, when the browser was back online',
  );
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});
