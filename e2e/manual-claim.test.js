/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * Browser tests of the manual claim on the dev host (docs/uploads.md): photos generated in
 * the page (a 4000 px JPEG proves the 1200 px resize reaches the server), one removed, the claim
 * submitted once and stored with exactly the remaining images; a text file, an 11 MB file and an
 * 11th file refused without a request; the file input reachable by keyboard; axe and CSP clean.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser, openPage, seriousAxeViolations, drawImage } = require('./harness');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser();

const claimUrl = (state, extra = '') =>
  `${env.host.url}/ManualRefund?BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}${extra}`;

function assertClean(problems) {
  assert.deepEqual(problems.pageErrors, [], 'no uncaught exception');
  assert.deepEqual(problems.cspViolations, [], 'no CSP violation');
}

test('a traveller uploads photos, removes one, submits once; the claim lists the rest, resized to 1200 px', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  await page.goto(claimUrl('printed', '&Disruption=true'));
  await page.getByRole('heading', { name: 'Further evidence required' }).waitFor();
  const input = page.getByLabel('Choose photos of your tickets');
  await input.waitFor();
  assert.deepEqual(await seriousAxeViolations(page, '#manual-claim-widget'), [], 'axe: the evidence screen');

  let big;
  for (const quality of [0.92, 0.8, 0.6]) {
    big = await drawImage(page, { width: 4000, height: 3000, type: 'image/jpeg', quality });
    if (big.length < 9.5 * 1024 * 1024) break;
  }
  assert.ok(big.length > 1024 * 1024, `the 4000 px photo is over 1 MB (${big.length} bytes)`);
  const small = await drawImage(page, { width: 800, height: 600, type: 'image/png' });
  const other = await drawImage(page, { width: 640, height: 480, type: 'image/png' });

  const uploads = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/tickets/upload')) uploads.push(request);
  });
  await input.setInputFiles([
    { name: 'ticket-whole.jpg', mimeType: 'image/jpeg', buffer: big },
    { name: 'ticket-cut.png', mimeType: 'image/png', buffer: small },
    { name: 'mistake.png', mimeType: 'image/png', buffer: other },
  ]);
  await page.getByText('Uploaded', { exact: true }).nth(2).waitFor({ timeout: 30_000 });
  assert.equal(uploads.length, 3, 'one upload request per photo');
  for (const request of uploads) assert.equal(request.headers()['journey-id'], '700110');
  // What reached the server (multipart bodies are not exposed to the page's request log).
  const stored = await (await fetch(`${env.host.url}/__dev/uploads`)).json();
  const storedBig = stored.find((upload) => upload.name === 'ticket-whole.jpg');
  assert.equal(storedBig.type, 'image/jpeg');
  assert.deepEqual(
    [storedBig.width, storedBig.height],
    [1200, 900],
    'the 4000 px photo reaches the server 1200 px wide',
  );
  assert.ok(storedBig.bytes < big.length / 4, 'the resized photo is much smaller');
  console.log(`upload bytes of a 4000 × 3000 JPEG: ${big.length} before, ${storedBig.bytes} after resizing`);

  // Submit is enabled; remove one photo (a delete request), then submit, pressing three times.
  await page.getByRole('button', { name: 'Remove mistake.png' }).click();
  await page.getByText('mistake.png', { exact: true }).waitFor({ state: 'detached' });
  const deletes = requests.filter((r) => r.method === 'POST' && r.url.includes('/tickets/delete/'));
  assert.equal(deletes.length, 1, 'one delete request');
  const submit = page.getByRole('button', { name: 'Submit claim' });
  await submit.evaluate((button) => {
    button.click();
    button.click();
    button.click();
  });
  const heading = page.getByRole('heading', { name: 'Claim submitted' });
  await heading.waitFor();
  assert.equal(await heading.evaluate((el) => el === document.activeElement), true, 'the outcome takes focus');
  const posts = requests.filter((r) => r.method === 'POST' && r.url.endsWith('/tickets/submit-claim'));
  assert.equal(posts.length, 1, 'exactly one submit-claim request');
  assert.ok(posts[0].request.headers()['idempotency-key'], 'submit-claim carries an Idempotency-Key');

  const claims = await (await fetch(`${env.host.url}/__dev/claims`)).json();
  assert.equal(claims.length, 1, 'one claim stored');
  const deletedId = deletes[0].url.split('/').pop();
  assert.equal(claims[0].images.length, 2, 'the claim lists the two remaining images');
  assert.ok(!claims[0].images.includes(decodeURIComponent(deletedId)), 'the removed image is not in the claim');
  assert.equal(claims[0].bookingReference, 'LBG7WK2F');
  assert.equal(claims[0].disruption, true, 'the Disruption flag reached the claim');
  for (const image of claims[0].imageDetails) {
    assert.ok(image.width <= 1200, `stored image ${image.id} is at most 1200 px wide (${image.width})`);
    assert.equal(image.stored, true);
  }
  assert.deepEqual(claims[0].imageDetails.map((image) => image.width).sort(), [1200, 800]);
  assert.deepEqual(await seriousAxeViolations(page, '#manual-claim-widget'), [], 'axe: Claim submitted');
  assertClean(problems);
  await context.close();
});

test('a text file, an 11 MB file and an 11th file are refused without a request', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(claimUrl('printed'));
  const input = page.getByLabel('Choose photos of your tickets');
  await input.waitFor();
  const uploads = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/tickets/upload')) uploads.push(request);
  });

  await input.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') }]);
  await page.getByText('notes.txt: The selected file must be a JPG, PNG or GIF').waitFor();
  await input.setInputFiles([{ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024) }]);
  await page.getByText('huge.png: The selected file must be smaller than 10 MB').waitFor();
  await page.waitForTimeout(300);
  assert.equal(uploads.length, 0, 'no upload request for refused files');
  assert.equal(await page.getByRole('button', { name: 'Submit claim' }).isDisabled(), true);

  // Distinct images (another width each), so none is a duplicate of another, in the browser (its
  // bytes) or on the server (the bytes of its resized copy).
  const files = [];
  for (let i = 0; i < 11; i += 1) {
    const buffer = await drawImage(page, { width: 64 + i, height: 48, type: 'image/png' });
    files.push({ name: `photo-${i + 1}.png`, mimeType: 'image/png', buffer });
  }
  await input.setInputFiles(files);
  await page.getByText('photo-11.png: You can only add up to 10 photos – remove one to add another').waitFor();
  await page.getByText('Uploaded', { exact: true }).nth(9).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(300);
  assert.equal(uploads.length, 10, 'ten uploads, none for the 11th file');
  assert.equal(await page.getByRole('button', { name: 'Submit claim' }).isEnabled(), true);
  assertClean(problems);
  await context.close();
});

test('the file input is reached by keyboard and an advance fare asks for a replacement reference', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(claimUrl('printed-advance'));
  const input = page.getByLabel('Choose photos of your tickets');
  await input.waitFor();
  await page.getByLabel('Replacement booking reference').focus();
  await page.keyboard.press('Tab');
  assert.equal(await input.evaluate((el) => el === document.activeElement), true, 'Tab reaches the file input');
  const png = await drawImage(page, { width: 320, height: 240, type: 'image/png' });
  await input.setInputFiles([{ name: 'ticket.png', mimeType: 'image/png', buffer: png }]);
  await page.getByText('Uploaded', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Submit claim' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await summary.waitFor();
  await page.getByLabel('Replacement booking reference').fill('KXB7HT2N');
  await page.getByRole('button', { name: 'Submit claim' }).click();
  await page.getByRole('heading', { name: 'Claim submitted' }).waitFor();
  const claims = await (await fetch(`${env.host.url}/__dev/claims`)).json();
  const claim = claims.find((c) => c.bookingReference === 'GWN8XT4K');
  assert.equal(claim.replacementReference, 'KXB7HT2N');
  assertClean(problems);
  await context.close();
});
