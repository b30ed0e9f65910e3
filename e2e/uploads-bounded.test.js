/* global document, DataTransfer -- used inside page.evaluate, which runs in the browser */
/**
 * Browser tests of bounded uploads and duplicates (docs/uploads.md) on the dev host's manual claim
 * page, in Debian Chromium: the same photo chosen twice under another name and modification time
 * sends one upload; a 30000 × 30000 PNG (about 200 KB) and a 12000 × 12000 PNG (about 420 KB) are
 * refused from their headers before any decoding and never sent, and the reference backend
 * refuses them too (415); a PNG Chromium cannot decode is refused, never sent; an 11th live upload
 * to one journey is refused (409); a PNG with `<html><script>` appended is stored without it. The
 * PNGs are generated here with zlib: no binary fixtures.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { once } = require('events');
const { useHostAndBrowser, openPage, seriousAxeViolations } = require('./harness');
const bookings = require('../fixtures/bookings.json');
const photoRules = require('../contract/rules/photo.json');

const env = useHostAndBrowser();

const APPENDED = '<html><script>alert(document.cookie)</script></html>';
const TOO_MANY_PIXELS = (width, height) =>
  `This photo is ${width} × ${height} pixels, more than we can handle. Please choose a photo of at most 40 megapixels, for example 8000 × 5000 pixels.`;
const UNREADABLE = 'We could not open this photo. Please choose another copy of it, saved as JPG, PNG or GIF.';

const claimUrl = (state) =>
  `${env.host.url}/ManualRefund?BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}`;

/** One PNG chunk: length, type, data, CRC. */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
  return Buffer.concat([length, Buffer.from(type), data, crc]);
}

/** Deflates `total` zero bytes as a stream (a 12000 × 12000 RGB image is 432 MB raw), level 9. */
async function deflateZeros(total) {
  const deflate = zlib.createDeflate({ level: 9 });
  const out = [];
  deflate.on('data', (data) => out.push(data));
  const ended = once(deflate, 'end');
  const block = Buffer.alloc(8 * 1024 * 1024);
  for (let left = total; left > 0; left -= block.length) {
    if (!deflate.write(block.subarray(0, Math.min(left, block.length)))) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

/**
 * A valid black PNG of `width` × `height`: greyscale (colour type 0) or RGB (2) at `bitDepth`.
 * @returns {Promise<Buffer>}
 */
async function png(width, height, { colourType = 0, bitDepth = 8 } = {}) {
  const channels = colourType === 2 ? 3 : 1;
  const rowBytes = 1 + Math.ceil((width * channels * bitDepth) / 8);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colourType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', await deflateZeros(rowBytes * height)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG with a valid header (100 × 100) whose pixel data is not zlib: Chromium loads it, cannot decode it. */
function undecodablePng() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100, 0);
  header.writeUInt32BE(100, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from('these bytes are not zlib data. '.repeat(8))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Chooses files in the page's file input with explicit names and modification times, as a
 * phone's photo picker hands them over (DataTransfer + change, like a real choice).
 */
async function choose(page, files) {
  await page.getByLabel('Choose photos of your tickets').waitFor();
  await page.evaluate(
    (list) => {
      const input = document.querySelector('.rw-upload__input');
      const transfer = new DataTransfer();
      for (const { base64, name, lastModified } of list) {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], name, { type: 'image/png', lastModified }));
      }
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    files.map(({ bytes, name, lastModified = Date.now() }) => ({
      base64: bytes.toString('base64'),
      name,
      lastModified,
    })),
  );
}

/**
 * POSTs one image to /tickets/upload from the page (same origin, the page's cookies, and its
 * antiforgery token when the page carries one), as a script on the page could.
 * @returns {Promise<{ status: number, body: string }>}
 */
function postUpload(page, bytes, { name, journeyId }) {
  return page.evaluate(
    async ({ base64, name, journeyId }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new Blob([data], { type: 'image/png' }), name);
      const headers = { 'Journey-Id': journeyId };
      const token =
        document.querySelector('meta[name="request-verification-token"]')?.getAttribute('content') ??
        document.querySelector('input[name="__RequestVerificationToken"]')?.value;
      if (token) headers.RequestVerificationToken = token;
      const response = await fetch('/tickets/upload', { method: 'POST', body: form, headers });
      return { status: response.status, body: await response.text() };
    },
    { base64: bytes.toString('base64'), name, journeyId },
  );
}

/** Opens the manual claim of `state` and records its upload requests. */
async function openClaim(state) {
  const opened = await openPage(env.browser);
  const uploads = [];
  opened.page.on('request', (request) => {
    if (request.url().endsWith('/tickets/upload')) uploads.push(request);
  });
  await opened.page.goto(claimUrl(state));
  await opened.page.getByRole('heading', { name: 'Further evidence required' }).waitFor();
  return { ...opened, uploads };
}

const storedUploads = async () => (await fetch(`${env.host.url}/__dev/uploads`)).json();
const storedFile = (upload) => fs.readFileSync(path.join(env.host.dataDir, 'uploads', `${upload.id}${upload.ext}`));

function assertClean(problems) {
  assert.deepEqual(problems.pageErrors, [], 'no uncaught exception');
  assert.deepEqual(problems.cspViolations, [], 'no CSP violation');
}

test('the same photo chosen twice, under another name and modification time, is uploaded once', async () => {
  const { page, context, problems, uploads } = await openClaim('printed');
  const photo = await png(640, 480);
  await choose(page, [{ bytes: photo, name: 'IMG_0001.png', lastModified: Date.UTC(2026, 10, 1) }]);
  await page.getByText('Uploaded', { exact: true }).waitFor();
  await choose(page, [{ bytes: photo, name: 'IMG_0001 (1).png', lastModified: Date.UTC(2026, 10, 2) }]);
  await page.getByText('IMG_0001 (1).png: You have already added this photo.').waitFor();
  await page.waitForTimeout(500);
  assert.equal(uploads.length, 1, 'exactly one upload request');
  const stored = (await storedUploads()).filter((u) => u.name.startsWith('IMG_0001'));
  assert.deepEqual(
    stored.map((u) => u.name),
    ['IMG_0001.png'],
  );
  assert.deepEqual(await seriousAxeViolations(page, '#manual-claim-widget'), [], 'axe: the refusal');
  assertClean(problems);
  await context.close();
});

test('a 30000 × 30000 PNG and a 12000 × 12000 PNG are refused from their headers, never decoded or sent', async () => {
  const huge = await png(30000, 30000, { bitDepth: 2 });
  const large = await png(12000, 12000, { colourType: 2 });
  console.log(`PNG sizes: 30000 × 30000 ${huge.length} bytes, 12000 × 12000 ${large.length} bytes`);
  assert.ok(huge.length < 300 * 1024 && large.length < 500 * 1024, 'both are small files');
  const { page, context, problems, uploads } = await openClaim('printed');
  await choose(page, [
    { bytes: huge, name: 'huge.png' },
    { bytes: large, name: 'large.png' },
  ]);
  await page.getByText(`huge.png: ${TOO_MANY_PIXELS(30000, 30000)}`).waitFor();
  await page.getByText(`large.png: ${TOO_MANY_PIXELS(12000, 12000)}`).waitFor();
  await page.waitForTimeout(500);
  assert.equal(uploads.length, 0, 'no upload request');
  assert.equal(await page.getByRole('button', { name: 'Submit claim' }).isDisabled(), true);

  // The reference backend refuses them as well (415), whoever sends them.
  for (const [bytes, width] of [
    [huge, 30000],
    [large, 12000],
  ]) {
    const answer = await postUpload(page, bytes, { name: `${width}.png`, journeyId: '700110' });
    assert.equal(answer.status, 415, `${width} px: ${answer.body}`);
    assert.match(answer.body, /at most 40 megapixels/);
  }
  assert.equal((await storedUploads()).filter((u) => u.width >= 12000).length, 0, 'nothing stored');
  assertClean(problems);
  await context.close();
});

test('a PNG Chromium cannot decode is refused, never sent as the original', async () => {
  const { page, context, problems, uploads } = await openClaim('printed');
  await choose(page, [{ bytes: undecodablePng(), name: 'corrupt.png' }]);
  await page.getByText(`corrupt.png: ${UNREADABLE}`).waitFor();
  await page.waitForTimeout(500);
  assert.equal(uploads.length, 0, 'no upload request');
  assertClean(problems);
  await context.close();
});

test('an 11th live upload to one journey is refused (409); through the widget it is a failed upload with the server text', async () => {
  const state = 'printed-advance';
  const journeyId = String(bookings[state].details.JourneyPlannerResults.outboundJourneys[0].journeyID);
  const { page, context, problems } = await openClaim(state);
  for (let i = 1; i <= 10; i += 1) {
    const answer = await postUpload(page, await png(20 + i, 20), { name: `direct-${i}.png`, journeyId });
    assert.equal(answer.status, 200, `upload ${i}: ${answer.body}`);
  }
  const eleventh = await postUpload(page, await png(40, 20), { name: 'direct-11.png', journeyId });
  assert.equal(eleventh.status, 409, eleventh.body);
  assert.equal(JSON.parse(eleventh.body).message, photoRules.texts.tooMany);
  // The widget, which does not know of the ten, shows the server's text and keeps Submit disabled.
  await choose(page, [{ bytes: await png(50, 20), name: 'widget.png' }]);
  await page.getByText(photoRules.texts.tooMany).waitFor();
  assert.equal(
    await page.getByRole('button', { name: 'Try uploading widget.png again' }).count(),
    0,
    'a 409 is definite',
  );
  assert.equal(await page.getByRole('button', { name: 'Submit claim' }).isDisabled(), true);
  const live = (await storedUploads()).filter((u) => u.journeyId === journeyId && !u.deletedAt);
  assert.equal(live.length, 10, 'ten live uploads stored');
  assertClean(problems);
  await context.close();
});

test('a PNG with <html><script> appended is stored without it, sent directly or through the widget', async () => {
  const { page, context, problems } = await openClaim('printed');
  const image = await png(300, 200);
  const polyglot = Buffer.concat([image, Buffer.from(APPENDED)]);
  const direct = await postUpload(page, polyglot, { name: 'direct-polyglot.png', journeyId: '700110' });
  assert.equal(direct.status, 200, direct.body);
  const upload = (await storedUploads()).find((u) => u.id === JSON.parse(direct.body));
  assert.deepEqual(storedFile(upload), image, 'the stored file is the image alone');
  assert.equal(upload.trailingBytesRemoved, APPENDED.length);

  await choose(page, [{ bytes: polyglot, name: 'widget-polyglot.png' }]);
  await page.getByText('Uploaded', { exact: true }).waitFor();
  const viaWidget = (await storedUploads()).find((u) => u.name === 'widget-polyglot.png');
  assert.equal(storedFile(viaWidget).includes('<script>'), false, 'no script in the stored file');
  assertClean(problems);
  await context.close();
});
