/* global document, getComputedStyle -- used inside page.evaluate, which runs in the browser */
/**
 * Browser tests of what the manual claim's traveller reads and where focus goes (docs/uploads.md
 * "What the traveller reads"), on the dev host in Debian Chromium: a photo the reference backend
 * refuses as a duplicate (409) shows the server's own "You have already added this photo.", never
 * dropzone's "Server responded with 409 code."; after Remove, focus lands on the photo list's
 * heading and the status line names the photo removed; the file input's "No file chosen" is hidden
 * once photos are listed. Each test draws photos of its own size: POST /__dev/reset does not clear
 * uploads, and a photo already stored would be a duplicate.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser, openPage, seriousAxeViolations, drawImage } = require('./harness');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser();

const claimUrl = (state) =>
  `${env.host.url}/ManualRefund?BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}`;

function assertClean(problems) {
  assert.deepEqual(problems.pageErrors, [], 'no uncaught exception');
  assert.deepEqual(problems.cspViolations, [], 'no CSP violation');
}

/** Opens the printed booking's manual claim; returns the page, its file input and the answers of its uploads. */
async function openClaim() {
  const opened = await openPage(env.browser);
  const answers = [];
  opened.page.on('response', (response) => {
    if (response.url().endsWith('/tickets/upload')) answers.push(response.status());
  });
  await opened.page.goto(claimUrl('printed'));
  await opened.page.getByRole('heading', { name: 'Further evidence required' }).waitFor();
  const input = opened.page.getByLabel('Choose photos of your tickets');
  await input.waitFor();
  return { ...opened, input, answers };
}

const png = (name, buffer) => ({ name, mimeType: 'image/png', buffer });

test('a photo the server refuses as a duplicate shows "You have already added this photo."', async () => {
  const { page, context, problems, input, answers } = await openClaim();
  const photo = await drawImage(page, { width: 401, height: 301, type: 'image/png' });
  await input.setInputFiles([png('ticket.png', photo)]);
  await page.getByText('Uploaded', { exact: true }).waitFor();
  // The same picture in other bytes (something appended after the image's end, as an editing app
  // may leave): the browser's digest differs, so it sends it; the resized copy is the same
  // picture, so the reference backend finds its digest among the claim's uploads (409).
  await input.setInputFiles([png('ticket-copy.png', Buffer.concat([photo, Buffer.from('edited by an app')]))]);
  const refused = page.locator('.rw-upload__file', { hasText: 'ticket-copy.png' });
  await refused.getByText('You have already added this photo.', { exact: true }).waitFor();
  assert.deepEqual(answers, [200, 409], 'the second upload was refused by the server');
  const widget = await page.locator('#manual-claim-widget').innerText();
  assert.doesNotMatch(widget, /Server responded|409|code\./, 'no status or dropzone text');
  assert.equal(await refused.getByRole('button', { name: /Try uploading/ }).count(), 0, 'a refusal is definite');
  assert.equal(await page.getByRole('button', { name: 'Submit claim' }).isEnabled(), true, 'the first photo counts');
  assert.deepEqual(await seriousAxeViolations(page, '#manual-claim-widget'), [], 'axe: the refused photo');
  assertClean(problems);
  await context.close();
});

test("after Remove, focus lands on the photo list's heading and the status line names the photo", async () => {
  const { page, context, problems, input } = await openClaim();
  await input.setInputFiles([
    png('first.png', await drawImage(page, { width: 402, height: 302, type: 'image/png' })),
    png('second.png', await drawImage(page, { width: 403, height: 303, type: 'image/png' })),
  ]);
  await page.getByText('Uploaded', { exact: true }).nth(1).waitFor();
  // By keyboard: focus the Remove button, press Enter.
  await page.getByRole('button', { name: 'Remove first.png' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('first.png', { exact: true }).waitFor({ state: 'detached' });
  const active = await page.evaluate(() => ({
    tag: document.activeElement?.tagName,
    text: document.activeElement?.textContent,
  }));
  assert.deepEqual(active, { tag: 'H4', text: 'Your photos' }, 'focus is on the heading, not on <body>');
  const status = page.locator('.rw-upload__announcement');
  assert.equal(await status.getAttribute('role'), 'status');
  assert.equal(await status.innerText(), 'first.png removed.');
  assert.equal(await status.isVisible(), true, 'the status line is visible');
  // The next Tab goes on into the list.
  await page.keyboard.press('Tab');
  assert.equal(
    await page.getByRole('button', { name: 'Remove second.png' }).evaluate((el) => el === document.activeElement),
    true,
  );
  assertClean(problems);
  await context.close();
});

test('"No file chosen" is hidden once a photo is listed, and the input stays labelled and reachable', async () => {
  const { page, context, problems, input } = await openClaim();
  const colours = () =>
    input.evaluate((el) => ({
      text: getComputedStyle(el).color,
      button: getComputedStyle(el, '::file-selector-button').color,
      style: el.getAttribute('style'),
    }));
  const before = await colours();
  assert.notEqual(before.text, 'rgba(0, 0, 0, 0)', 'with no photo, the input says "No file chosen"');
  await input.setInputFiles([png('listed.png', await drawImage(page, { width: 404, height: 304, type: 'image/png' }))]);
  await page.getByText('Uploaded', { exact: true }).waitFor();
  const after = await colours();
  assert.equal(after.text, 'rgba(0, 0, 0, 0)', 'the input\'s own text ("No file chosen") is transparent');
  assert.notEqual(after.button, 'rgba(0, 0, 0, 0)', 'its button keeps its label');
  assert.equal(after.style, null, 'no inline style');
  assert.equal(await input.isVisible(), true);
  await input.focus();
  assert.equal(await input.evaluate((el) => el === document.activeElement), true, 'still reachable by keyboard');
  assert.deepEqual(await seriousAxeViolations(page, '#manual-claim-widget'), [], 'axe: a listed photo');
  assertClean(problems);
  await context.close();
});
