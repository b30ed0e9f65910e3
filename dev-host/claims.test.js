// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The claim routes of the dev host over HTTP (claims.js): started on port 0 with a fresh temporary
 * DATA_DIR and a stand-in dist/, driven with global fetch and FormData. Type sniffing, server-side
 * limits (10 MiB, 40 megapixels, 10 live uploads per journey), bytes after the image's end,
 * duplicates by SHA-256, path safety, delete, claim persistence across a restart and
 * Idempotency-Key replay of submit-claim and of uploads (compared by Journey-Id, forgotten when
 * the upload is deleted: docs/host-contract.md "Idempotency-Key: what the API keeps").
 */
const fs = require('fs');
const path = require('path');
const bookings = require('../fixtures/bookings.json');
const { useTestHosts, travellerSession, png, getJson } = require('./testing');
const { createClaimsStore, MAX_UPLOAD_BYTES } = require('./claims');
const { sniffImageType, uploadPath, isUploadId } = require('./backend/uploadFiles');
const { imageEnd } = require('./imageEnd');

const { start: startHost, tempDir } = useTestHosts();
const printed = bookings.printed;
const advance = bookings['printed-advance'];
const JOURNEY = String(printed.status.refundStatus.journeyID);

/** Starts a dev host on `dataDir` (a fresh temporary folder by default); closed after each test. */
const start = (dataDir = tempDir('rw-data-')) => startHost({ dataDir });

/** A PNG of the given size with no pixel data: signature, IHDR and IEND (enough to sniff and measure). */
function pngHeaderOnly(width, height) {
  const full = png(1, 1);
  const header = Buffer.from(full.subarray(0, 33));
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return Buffer.concat([header, full.subarray(full.length - 12)]);
}

/** The header segments of a baseline JPEG of the given size (enough to sniff and measure). */
function jpeg(width, height) {
  return Buffer.from([
    ...[0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    ...[0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1],
    ...[3, 0x11, 1, 0xff, 0xd9],
  ]);
}

/** A 1 × 1 GIF89a. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/**
 * POSTs one file to /tickets/upload as the host's traveller (or `fetcher`).
 * @param {import('./testing').TestHost} server
 * @param {Buffer} bytes
 * @param {{ name?: string, type?: string, journeyId?: string | null, field?: string, key?: string,
 *   fetcher?: (url: string, init?: RequestInit) => Promise<Response> }} [options]
 * @returns {Promise<{ status: number, json: any, headers: Headers }>}
 */
async function upload(
  server,
  bytes,
  { name = 'photo.png', type = 'image/png', journeyId = JOURNEY, field = 'file', key, fetcher = server.fetch } = {},
) {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), name);
  /** @type {Record<string, string>} */
  const headers = journeyId === null ? {} : { 'Journey-Id': journeyId };
  if (key !== undefined) headers['Idempotency-Key'] = key;
  const response = await fetcher(`${server.url}/tickets/upload`, { method: 'POST', body: form, headers });
  return { status: response.status, json: await readBody(response), headers: response.headers };
}

/**
 * The answer's body: parsed JSON, else its text (the 403 of a refused session is plain text).
 * @param {Response} response
 * @returns {Promise<any>}
 */
async function readBody(response) {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function submit(server, body, key) {
  const headers = { 'Content-Type': 'application/json' };
  if (key !== undefined) headers['Idempotency-Key'] = key;
  const response = await server.fetch(`${server.url}/tickets/submit-claim`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await readBody(response) };
}

const remove = async (server, id) =>
  (await server.fetch(`${server.url}/tickets/delete/${id}`, { method: 'POST' })).status;
const devClaims = async (server) => (await server.fetch(`${server.url}/__dev/claims`)).json();
const uploads = async (server) => (await server.fetch(`${server.url}/__dev/uploads`)).json();

describe('sniffImageType and ids', () => {
  it('tells JPEG, PNG and GIF from their bytes, nothing else', () => {
    expect(sniffImageType(png(2, 2))).toEqual({ type: 'image/png', ext: '.png' });
    expect(sniffImageType(jpeg(10, 10))).toEqual({ type: 'image/jpeg', ext: '.jpg' });
    expect(sniffImageType(GIF)).toEqual({ type: 'image/gif', ext: '.gif' });
    expect(sniffImageType(Buffer.from('GIF87a'))).toEqual({ type: 'image/gif', ext: '.gif' });
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from([0x89, 0x50]))).toBeNull();
    // Near misses: JPEG's SOI without a marker after it, a PNG signature one byte short.
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0x00, 0xe0, 0, 0x10]))).toBeNull();
    expect(sniffImageType(png(2, 2).subarray(0, 7))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF88a'))).toBeNull();
    // @ts-expect-error -- not a Buffer, on purpose
    expect(sniffImageType('not a buffer')).toBeNull();
    // Only a Buffer (what multer hands over) is read: not the same bytes in an array or a view.
    // @ts-expect-error -- an array, on purpose
    expect(sniffImageType([0xff, 0xd8, 0xff, 0xe0])).toBeNull();
    // @ts-expect-error -- a view that is not a Buffer, on purpose
    expect(sniffImageType(Uint8Array.from(png(2, 2)))).toBeNull();
  });

  it('takes an upload id only as a string: not an array or object that prints as one', () => {
    const id = 'A'.repeat(24);
    expect(isUploadId(id)).toBe(true);
    expect(isUploadId([id])).toBe(false);
    expect(isUploadId({ toString: () => id })).toBe(false);
    // @ts-expect-error -- an array, on purpose
    expect(() => uploadPath(tempDir('rw-uploads-'), [id], '.png')).toThrow(new Error('Invalid upload id'));
  });

  it('never builds a path outside the uploads folder', () => {
    const dir = tempDir('rw-uploads-');
    expect(uploadPath(dir, 'A'.repeat(24), '.png')).toBe(path.join(dir, `${'A'.repeat(24)}.png`));
    for (const id of ['../../etc/passwd', '..', `${'A'.repeat(22)}/.`, 'A'.repeat(25), '', 'a b', '%2e%2e']) {
      expect(() => uploadPath(dir, id, '.png')).toThrow();
      expect(isUploadId(id)).toBe(false);
    }
    expect(() => uploadPath(dir, 'A'.repeat(24), '/../x')).toThrow();
  });
});

describe('POST /tickets/upload', () => {
  it('stores a PNG, JPEG and GIF by sniffed type under unguessable ids', async () => {
    const server = await start();
    const dataDir = server.app.locals.store.stateFile.replace(/state\.json$/, '');
    const ids = [];
    for (const [bytes, name, type] of /** @type {Array<[Buffer, string, string]>} */ ([
      [png(40, 30), 'a.png', 'image/png'],
      [jpeg(1200, 900), 'b.jpg', 'image/jpeg'],
      [GIF, 'c.gif', 'image/gif'],
    ])) {
      const answer = await upload(server, bytes, { name, type });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(isUploadId(answer.json)).toBe(true);
      ids.push(answer.json);
    }
    expect(new Set(ids).size).toBe(3);
    const stored = fs.readdirSync(path.join(dataDir, 'uploads')).sort();
    expect(stored).toEqual([`${ids[0]}.png`, `${ids[1]}.jpg`, `${ids[2]}.gif`].sort());
    expect(fs.readFileSync(path.join(dataDir, 'uploads', `${ids[0]}.png`))).toEqual(png(40, 30));
    const uploads = await getJson(server, '/__dev/uploads');
    expect(uploads.map(({ width, height, type }) => [width, height, type])).toEqual([
      [40, 30, 'image/png'],
      [1200, 900, 'image/jpeg'],
      [1, 1, 'image/gif'],
    ]);
  });

  it('sniffs the bytes: a text file named .png, or an SVG, is refused with 415 and not stored', async () => {
    const server = await start();
    expect((await upload(server, Buffer.from('hello'), { name: 'evil.png', type: 'image/png' })).status).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(server, svg, { name: 'x.svg', type: 'image/svg+xml' })).status).toBe(415);
    // A PNG signature with nothing readable after it.
    const broken = await upload(server, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
    expect(broken).toMatchObject({
      status: 415,
      json: { message: 'We could not open this photo. Please choose another copy of it, saved as JPG, PNG or GIF.' },
    });
    // A real PNG declared as text is accepted: the bytes decide.
    expect((await upload(server, png(4, 4), { name: 'scan.txt', type: 'text/plain' })).status).toBe(200);
    expect(await (await server.fetch(`${server.url}/__dev/uploads`)).json()).toHaveLength(1);
  });

  it('refuses a file over 10 MiB with 413; exactly 10 MiB is accepted', async () => {
    const server = await start();
    const big = Buffer.concat([png(8, 8), Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png(8, 8).length)]);
    expect(big.length).toBe(10 * 1024 * 1024 + 1);
    const refused = await upload(server, big);
    expect(refused).toMatchObject({ status: 413, json: { message: 'The selected file must be smaller than 10 MB' } });
    const limit = Buffer.concat([png(8, 8), Buffer.alloc(MAX_UPLOAD_BYTES - png(8, 8).length)]);
    expect((await upload(server, limit)).status).toBe(200);
    // Two 10 MiB uploads over HTTP: about 1 s alone, over 5 s (Jest's default) on a busy machine.
  }, 20_000);

  it('needs a known Journey-Id, one file in the field "file"', async () => {
    const server = await start();
    expect((await upload(server, png(2, 2), { journeyId: null })).status).toBe(400);
    expect((await upload(server, png(2, 2), { journeyId: '../x' })).status).toBe(400);
    expect((await upload(server, png(2, 2), { journeyId: '999999' })).status).toBe(404);
    expect((await upload(server, png(2, 2), { field: 'other' })).status).toBe(400);
    const two = new FormData();
    two.append('file', new Blob([png(2, 2)]), 'a.png');
    two.append('file', new Blob([png(2, 2)]), 'b.png');
    const response = await server.fetch(`${server.url}/tickets/upload`, {
      method: 'POST',
      body: two,
      headers: { 'Journey-Id': JOURNEY },
    });
    expect(response.status).toBe(400);
    const notMultipart = await server.fetch(`${server.url}/tickets/upload`, {
      method: 'POST',
      body: png(2, 2),
      headers: { 'Journey-Id': JOURNEY, 'Content-Type': 'image/png' },
    });
    expect(notMultipart.status).toBe(400);
    expect(await (await server.fetch(`${server.url}/__dev/uploads`)).json()).toEqual([]);
  });
});

describe('imageEnd', () => {
  it('finds the end of a PNG, GIF and JPEG by their structure, and none in a cut-short image', () => {
    expect(imageEnd(png(3, 2), 'image/png')).toBe(png(3, 2).length);
    expect(imageEnd(GIF, 'image/gif')).toBe(GIF.length);
    expect(imageEnd(jpeg(10, 10), 'image/jpeg')).toBe(jpeg(10, 10).length);
    expect(imageEnd(png(3, 2).subarray(0, png(3, 2).length - 12), 'image/png')).toBeNull();
    expect(imageEnd(GIF.subarray(0, GIF.length - 1), 'image/gif')).toBeNull();
    expect(imageEnd(jpeg(10, 10).subarray(0, 30), 'image/jpeg')).toBeNull();
  });

  it('is not fooled by an end marker inside a JPEG segment or scan (an EXIF thumbnail, stuffed bytes)', () => {
    const thumbnail = [0xff, 0xe1, 0x00, 0x08, 0xff, 0xd8, 0xff, 0xd9, 0x00, 0x00];
    const scan = [0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0, 0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56];
    const body = jpeg(10, 10);
    const image = Buffer.concat([
      body.subarray(0, 2),
      Buffer.from(thumbnail),
      body.subarray(2, body.length - 2),
      Buffer.from(scan),
      Buffer.from([0xff, 0xd9]),
    ]);
    expect(imageEnd(Buffer.concat([image, Buffer.from('<html><script>alert(1)</script>')]), 'image/jpeg')).toBe(
      image.length,
    );
  });
});

describe('uploads bounded (docs/uploads.md)', () => {
  const APPENDED = Buffer.from('<html><script>alert(document.cookie)</script></html>');
  const uploadsDirOf = (server) => path.join(path.dirname(server.app.locals.store.stateFile), 'uploads');

  it('refuses a near-miss JPEG header (FF D8 00) with 415 and stores nothing', async () => {
    const server = await start();
    const near = Buffer.from(jpeg(10, 10));
    near[2] = 0x00;
    const answer = await upload(server, near, { name: 'near.jpg', type: 'image/jpeg' });
    expect(answer).toMatchObject({ status: 415, json: { message: 'The selected file must be a JPG, PNG or GIF' } });
    expect(await uploads(server)).toEqual([]);
  });

  it('refuses more than 40 megapixels (415) by the header; exactly 40 is accepted', async () => {
    const server = await start();
    for (const [width, height] of [
      [30000, 30000],
      [12000, 12000],
      [6325, 6325],
    ]) {
      const answer = await upload(server, pngHeaderOnly(width, height), { name: `${width}.png` });
      expect(answer).toEqual({
        status: 415,
        json: {
          message: `This photo is ${width} × ${height} pixels, more than we can handle. Please choose a photo of at most 40 megapixels, for example 8000 × 5000 pixels.`,
        },
        headers: expect.anything(),
      });
    }
    const jpegAnswer = await upload(server, jpeg(9000, 5000), { name: 'wide.jpg', type: 'image/jpeg' });
    expect(jpegAnswer.status).toBe(415);
    expect((await upload(server, pngHeaderOnly(8000, 5000))).status).toBe(200);
    expect((await uploads(server)).map((u) => [u.width, u.height])).toEqual([[8000, 5000]]);
  });

  it('refuses an 11th live upload of a journey (409); a delete or a submitted claim makes room', async () => {
    const server = await start();
    const ids = [];
    for (let i = 1; i <= 10; i += 1) {
      const answer = await upload(server, png(i, 1), { name: `photo-${i}.png` });
      expect(answer.status).toBe(200);
      ids.push(answer.json);
    }
    const eleventh = await upload(server, png(11, 1), { name: 'photo-11.png' });
    expect(eleventh).toMatchObject({
      status: 409,
      json: { message: 'You can only add up to 10 photos – remove one to add another' },
    });
    // Another journey has its own count.
    const other = await upload(server, png(11, 1), { journeyId: String(advance.status.refundStatus.journeyID) });
    expect(other.status).toBe(200);
    expect(await remove(server, ids[0])).toBe(204);
    expect((await upload(server, png(11, 1))).status).toBe(200);
    expect((await upload(server, png(12, 1))).status).toBe(409);
    const claimed = await submit(server, { Ctr: 'LBG7WK2F', Images: ids.slice(1, 4) }, 'room');
    expect(claimed.status).toBe(201);
    expect((await upload(server, png(12, 1))).status).toBe(200);
    expect((await uploads(server)).filter((u) => u.journeyId === JOURNEY && !u.deletedAt)).toHaveLength(11);
  });

  it('stores a PNG, GIF or JPEG without the bytes after its end marker (an appended <html><script>)', async () => {
    const server = await start();
    for (const [image, name, type, ext] of /** @type {Array<[Buffer, string, string, string]>} */ ([
      [png(40, 30), 'a.png', 'image/png', '.png'],
      [GIF, 'b.gif', 'image/gif', '.gif'],
      [jpeg(1200, 900), 'c.jpg', 'image/jpeg', '.jpg'],
    ])) {
      const answer = await upload(server, Buffer.concat([image, APPENDED]), { name, type });
      expect(answer.status).toBe(200);
      const stored = fs.readFileSync(path.join(uploadsDirOf(server), `${answer.json}${ext}`));
      expect(stored).toEqual(image);
      expect(stored.includes('<script>')).toBe(false);
    }
    const listed = await uploads(server);
    expect(listed.map((u) => [u.bytes, u.trailingBytesRemoved])).toEqual([
      [png(40, 30).length, APPENDED.length],
      [GIF.length, APPENDED.length],
      [jpeg(1200, 900).length, APPENDED.length],
    ]);
  });

  it('refuses an image with no end marker (cut short) with 415', async () => {
    const server = await start();
    const cut = png(40, 30).subarray(0, png(40, 30).length - 12);
    expect(await upload(server, cut)).toMatchObject({
      status: 415,
      json: { message: 'We could not open this photo. Please choose another copy of it, saved as JPG, PNG or GIF.' },
    });
  });

  it('refuses a duplicate of a live upload (409) by SHA-256, whatever its name; deleting frees it', async () => {
    const server = await start();
    const first = await upload(server, png(5, 5), { name: 'IMG_0001.png' });
    expect(first.status).toBe(200);
    const again = await upload(server, png(5, 5), { name: 'IMG_0001 (1).png' });
    expect(again).toMatchObject({ status: 409, json: { message: 'You have already added this photo.' } });
    // The same image with bytes appended is the same image.
    expect((await upload(server, Buffer.concat([png(5, 5), APPENDED]))).status).toBe(409);
    // Two different images under one name are both stored.
    expect((await upload(server, png(5, 6), { name: 'IMG_0001.png' })).status).toBe(200);
    // Another journey's claim may hold the same photo.
    const advanceJourney = String(advance.status.refundStatus.journeyID);
    expect((await upload(server, png(5, 5), { journeyId: advanceJourney })).status).toBe(200);
    expect(await remove(server, first.json)).toBe(204);
    const afterDelete = await upload(server, png(5, 5), { name: 'IMG_0001.png' });
    expect(afterDelete.status).toBe(200);
    const listed = await uploads(server);
    expect(listed.find((u) => u.id === afterDelete.json).digest).toBe(
      require('crypto').createHash('sha256').update(png(5, 5)).digest('hex'),
    );
  });
});

describe('POST /tickets/upload with an Idempotency-Key (docs/host-contract.md "Idempotency-Key: what the API keeps")', () => {
  const REUSED = { message: 'This Idempotency-Key was already used for a different request.' };
  const uploadsDirOf = (server) => path.join(path.dirname(server.app.locals.store.stateFile), 'uploads');
  const storedFiles = (server) => fs.readdirSync(uploadsDirOf(server)).sort();
  const savedAnswers = (server) =>
    JSON.parse(fs.readFileSync(path.join(path.dirname(server.app.locals.store.stateFile), 'claims.json'), 'utf8'))
      .idempotency;
  const KEY = `${JOURNEY}:${'ab'.repeat(32)}`;

  it('a replay answers the same id and stores one file, even with other bytes (a new resize of the photo)', async () => {
    const server = await start();
    const first = await upload(server, png(5, 5), { key: KEY });
    expect(first.status).toBe(200);
    expect(isUploadId(first.json)).toBe(true);
    // The same bytes again: no 409 duplicate, the saved answer.
    expect(await upload(server, png(5, 5), { key: KEY, name: 'IMG_0001 (1).png' })).toMatchObject({
      status: 200,
      json: first.json,
    });
    // Other bytes under the same key (the browser resized the photo again): still the saved answer.
    expect(await upload(server, png(6, 5), { key: KEY })).toMatchObject({ status: 200, json: first.json });
    expect(storedFiles(server)).toEqual([`${first.json}.png`]);
    expect((await uploads(server)).map((u) => [u.id, u.width])).toEqual([[first.json, 5]]);
    expect(savedAnswers(server)).toEqual([
      {
        scope: expect.any(String),
        path: '/tickets/upload',
        key: KEY,
        fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
        status: 200,
        body: first.json,
        savedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      },
    ]);
  });

  it('the same key with another Journey-Id is refused with 422 and stores nothing', async () => {
    const server = await start();
    const first = await upload(server, png(5, 5), { key: KEY });
    expect(first.status).toBe(200);
    const otherJourney = String(advance.status.refundStatus.journeyID);
    expect(await upload(server, png(5, 5), { key: KEY, journeyId: otherJourney })).toMatchObject({
      status: 422,
      json: REUSED,
    });
    // The Journey-Id is compared trimmed, as it is read.
    expect(await upload(server, png(5, 5), { key: KEY, journeyId: ` ${JOURNEY} ` })).toMatchObject({
      status: 200,
      json: first.json,
    });
    expect(storedFiles(server)).toEqual([`${first.json}.png`]);
    expect(await uploads(server)).toHaveLength(1);
  });

  it('deleting the upload forgets its key: the photo chosen again is uploaded anew, with a new id', async () => {
    const server = await start();
    const first = await upload(server, png(5, 5), { key: KEY });
    const other = await upload(server, png(7, 7), { key: 'other-photo' });
    expect(await remove(server, first.json)).toBe(204);
    expect(savedAnswers(server).map((entry) => entry.key)).toEqual(['other-photo']);
    const again = await upload(server, png(5, 5), { key: KEY });
    expect(again.status).toBe(200);
    expect(isUploadId(again.json)).toBe(true);
    expect(again.json).not.toBe(first.json);
    expect(storedFiles(server)).toEqual([`${other.json}.png`, `${again.json}.png`].sort());
    // The new answer replays in turn; the other photo's key was kept.
    expect(await upload(server, png(5, 5), { key: KEY })).toMatchObject({ status: 200, json: again.json });
    expect(await upload(server, png(7, 7), { key: 'other-photo' })).toMatchObject({ status: 200, json: other.json });
    expect((await uploads(server)).filter((u) => !u.deletedAt)).toHaveLength(2);
  });

  it('another session sending the same key has its photo decided on its own: a 409, never the first id', async () => {
    const server = await start();
    const first = await upload(server, png(5, 5), { key: KEY });
    const other = travellerSession(server, [printed.bookingReference]);
    expect(await upload(server, png(5, 5), { key: KEY, fetcher: other })).toMatchObject({
      status: 409,
      json: { message: 'You have already added this photo.' },
    });
    expect(storedFiles(server)).toEqual([`${first.json}.png`]);
  });

  it('a 409 is not saved: after a photo is removed, the same key uploads (the limit and a duplicate)', async () => {
    const server = await start();
    const ids = [];
    for (let i = 1; i <= 10; i += 1) ids.push((await upload(server, png(i, 1), { key: `photo-${i}` })).json);
    const limit = { message: 'You can only add up to 10 photos – remove one to add another' };
    expect(await upload(server, png(11, 1), { key: 'photo-11' })).toMatchObject({ status: 409, json: limit });
    expect(await remove(server, ids[0])).toBe(204);
    const eleventh = await upload(server, png(11, 1), { key: 'photo-11' });
    expect(eleventh.status).toBe(200);
    expect(isUploadId(eleventh.json)).toBe(true);

    // A photo uploaded without a key, then chosen with one: 409 duplicate until the first is removed.
    const other = String(advance.status.refundStatus.journeyID);
    const plain = await upload(server, png(3, 3), { journeyId: other });
    expect(await upload(server, png(3, 3), { journeyId: other, key: 'dup' })).toMatchObject({ status: 409 });
    expect(await remove(server, plain.json)).toBe(204);
    const keyed = await upload(server, png(3, 3), { journeyId: other, key: 'dup' });
    expect(keyed.status).toBe(200);
    expect(keyed.json).not.toBe(plain.json);
  });

  it('a refusal is not saved: the key is decided again, and takes the photo sent next', async () => {
    const server = await start();
    const refused = { status: 415, json: { message: 'The selected file must be a JPG, PNG or GIF' } };
    expect(await upload(server, Buffer.from('%PDF-1.7'), { key: 'pdf', name: 'ticket.pdf' })).toMatchObject(refused);
    // Nothing saved, so nothing written.
    expect(fs.existsSync(path.join(path.dirname(server.app.locals.store.stateFile), 'claims.json'))).toBe(false);
    const taken = await upload(server, png(5, 5), { key: 'pdf' });
    expect(taken.status).toBe(200);
    expect(storedFiles(server)).toEqual([`${taken.json}.png`]);
    expect(savedAnswers(server)).toEqual([expect.objectContaining({ key: 'pdf', status: 200 })]);
  });

  it('refuses an empty key or one over 255 characters with 400, storing nothing', async () => {
    const server = await start();
    const badKey = { status: 400, json: { message: 'Idempotency-Key must be 1 to 255 characters.' } };
    expect(await upload(server, png(5, 5), { key: '' })).toMatchObject(badKey);
    expect(await upload(server, png(5, 5), { key: 'k'.repeat(256) })).toMatchObject(badKey);
    expect(storedFiles(server)).toEqual([]);
    expect((await upload(server, png(5, 5), { key: 'k'.repeat(255) })).status).toBe(200);
  });

  it('without a key, uploads are as before: each decided, a duplicate refused with 409, nothing saved', async () => {
    const server = await start();
    const first = await upload(server, png(5, 5));
    expect(first.status).toBe(200);
    expect(await upload(server, png(5, 5))).toMatchObject({
      status: 409,
      json: { message: 'You have already added this photo.' },
    });
    const second = await upload(server, png(5, 6));
    expect(second.status).toBe(200);
    expect(second.json).not.toBe(first.json);
    expect(storedFiles(server)).toEqual([`${first.json}.png`, `${second.json}.png`].sort());
    expect(savedAnswers(server)).toEqual([]);
  });

  it('the saved answer survives a restart of the store, and a delete after it still forgets it', () => {
    const dataDir = tempDir('rw-data-');
    const file = (bytes) => ({ buffer: bytes, originalname: 'photo.png' });
    const first = createClaimsStore({ bookings, dataDir });
    const stored = first.addUpload(file(png(5, 5)), JOURNEY, KEY, 'session-1');
    expect(stored.status).toBe(200);

    const restarted = createClaimsStore({ bookings, dataDir });
    expect(restarted.addUpload(file(png(6, 6)), JOURNEY, KEY, 'session-1')).toEqual(stored);
    expect(
      restarted.addUpload(file(png(5, 5)), String(advance.status.refundStatus.journeyID), KEY, 'session-1'),
    ).toEqual({ status: 422, json: REUSED });
    expect(Object.keys(restarted.uploads)).toEqual([stored.json]);
    expect(restarted.deleteUpload(/** @type {string} */ (stored.json))).toEqual({ status: 204 });

    const again = createClaimsStore({ bookings, dataDir });
    const anew = again.addUpload(file(png(5, 5)), JOURNEY, KEY, 'session-1');
    expect(anew.status).toBe(200);
    expect(anew.json).not.toBe(stored.json);
  });
});

describe('the upload fault hook (uploadFaults; docs/gallery.md "One backend")', () => {
  const file = (bytes) => ({ buffer: bytes, originalname: 'photo.png' });
  const ADVANCE_JOURNEY = String(advance.status.refundStatus.journeyID);

  it('refuses every upload to a planned journey as a duplicate, stores nothing, and leaves other journeys alone', () => {
    const store = createClaimsStore({
      bookings,
      dataDir: tempDir('rw-data-'),
      uploadFaults: { [ADVANCE_JOURNEY]: 'duplicate' },
    });
    const refused = { status: 409, json: { message: 'You have already added this photo.' } };
    expect(store.addUpload(file(png(4, 4)), ADVANCE_JOURNEY)).toEqual(refused);
    expect(store.addUpload(file(png(5, 4)), ` ${ADVANCE_JOURNEY} `)).toEqual(refused);
    expect(Object.keys(store.uploads)).toEqual([]);
    // Only a readable image reaches the planned refusal, as it reaches the duplicate check.
    expect(store.addUpload(file(Buffer.from('not an image')), ADVANCE_JOURNEY).status).toBe(415);
    const elsewhere = store.addUpload(file(png(4, 4)), JOURNEY);
    expect(elsewhere.status).toBe(200);
    expect(Object.keys(store.uploads)).toEqual([elsewhere.json]);
  });

  it('plans nothing by default, and a journey named like an Object property is no fault', () => {
    const store = createClaimsStore({ bookings, dataDir: tempDir('rw-data-'), uploadFaults: {} });
    expect(store.addUpload(file(png(4, 4)), ADVANCE_JOURNEY).status).toBe(200);
    const unplanned = createClaimsStore({ bookings, dataDir: tempDir('rw-data-') });
    expect(unplanned.addUpload(file(png(4, 4)), ADVANCE_JOURNEY).status).toBe(200);
    // An unknown journey is refused as unknown, whatever is planned for a known one.
    expect(unplanned.addUpload(file(png(4, 4)), 'constructor')).toEqual({
      status: 404,
      json: { message: 'Unknown journey.' },
    });
  });
});

describe('POST /tickets/delete/:uploadId', () => {
  it('removes the file; twice is fine; unknown ids are 404, ids with a path in them 400, and touch nothing', async () => {
    const server = await start();
    const { json: id } = await upload(server, png(2, 2));
    const uploadsDir = path.join(path.dirname(server.app.locals.store.stateFile), 'uploads');
    const outside = path.join(path.dirname(uploadsDir), 'keep.txt');
    fs.writeFileSync(outside, 'keep');
    expect(fs.existsSync(path.join(uploadsDir, `${id}.png`))).toBe(true);
    expect(await remove(server, id)).toBe(204);
    expect(fs.existsSync(path.join(uploadsDir, `${id}.png`))).toBe(false);
    expect(await remove(server, id)).toBe(204);
    expect(await remove(server, 'A'.repeat(24))).toBe(404);
    // A dot segment once decoded: refused before any route (pathGuard.js).
    expect(await remove(server, '..%2Fkeep.txt')).toBe(400);
    expect(await remove(server, '..%2F..%2Fclaims.json')).toBe(400);
    expect(await remove(server, 'x..%2Fkeep.txt')).toBe(404);
    expect(fs.existsSync(outside)).toBe(true);
  });
});

describe('POST /__dev/reset (docs/reference-backend.md "Dev tools")', () => {
  it('forgets every upload and claim with their files, so the same photo can be sent again', async () => {
    const server = await start();
    const kept = (await upload(server, png(7, 7))).json;
    const claimed = (await upload(server, png(7, 8))).json;
    expect((await submit(server, { Ctr: printed.bookingReference, Images: [claimed] }, 'k-reset')).status).toBe(201);
    const dataDir = path.dirname(server.app.locals.store.stateFile);
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(2);
    expect(fs.readdirSync(path.join(dataDir, 'claims'))).toHaveLength(1);

    expect((await server.fetch(`${server.url}/__dev/reset`, { method: 'POST' })).status).toBe(200);

    expect(await uploads(server)).toEqual([]);
    expect(await devClaims(server)).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'claims'))).toEqual([]);
    expect(await remove(server, kept)).toBe(404);
    // The photo the journey held before is a new photo now, and the claim's key is forgotten.
    expect((await upload(server, png(7, 7))).status).toBe(200);
    const again = await upload(server, png(7, 9));
    expect((await submit(server, { Ctr: printed.bookingReference, Images: [again.json] }, 'k-reset')).status).toBe(201);
  });
});

describe('POST /tickets/submit-claim', () => {
  it('writes the claim with its images and refuses deleted or unknown ids', async () => {
    const server = await start();
    const a = (await upload(server, png(1200, 10))).json;
    const b = (await upload(server, jpeg(1200, 1600))).json;
    const c = (await upload(server, png(3, 3))).json;
    expect(await remove(server, c)).toBe(204);
    const deleted = await submit(server, { Ctr: printed.bookingReference, Images: [a, c] }, 'k-1');
    expect(deleted).toEqual({ status: 400, json: { message: `Unknown or deleted image: ${c}` } });
    const unknown = await submit(server, { Ctr: printed.bookingReference, Images: ['Z'.repeat(24)] }, 'k-2');
    expect(unknown.status).toBe(400);
    const ok = await submit(server, { Ctr: printed.bookingReference, Images: [a, b], Disruption: true }, 'k-3');
    expect(ok.status).toBe(201);
    const claims = await devClaims(server);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({
      claimId: ok.json.claimId,
      bookingReference: 'LBG7WK2F',
      images: [a, b],
      replacementReference: null,
      disruption: true,
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(claims[0].imageDetails.map((image) => [image.width, image.stored])).toEqual([
      [1200, true],
      [1200, true],
    ]);
    const file = path.join(path.dirname(server.app.locals.store.stateFile), 'claims', `${ok.json.claimId}.json`);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ images: [a, b] });
    // Claimed images can be neither deleted nor claimed again.
    expect(await remove(server, a)).toBe(409);
    expect((await submit(server, { Ctr: printed.bookingReference, Images: [a] }, 'k-4')).status).toBe(400);
  });

  it('checks Ctr, Images, ReplacementCtr and Disruption', async () => {
    const server = await start();
    const id = (await upload(server, png(2, 2))).json;
    const advanceId = (await upload(server, png(2, 2), { journeyId: String(advance.status.refundStatus.journeyID) }))
      .json;
    const cases = [
      [[], 'The request body must be a JSON object.'],
      [{ Ctr: 'LBG7WK2F', Images: [] }, 'Images must list 1 to 10 uploaded images.'],
      [{ Ctr: 'LBG7WK2F', Images: Array(11).fill(id) }, 'Images must list 1 to 10 uploaded images.'],
      [{ Ctr: 'LBG7WK2F', Images: [id, id] }, 'Images lists an image twice.'],
      [{ Ctr: 'LBG7WK2F', Images: [advanceId] }, `Image ${advanceId} belongs to another booking.`],
      [{ Ctr: 'GWN8XT4K', Images: [advanceId], ReplacementCtr: 'bad' }, 'ReplacementCtr must be a booking reference.'],
      [
        { Ctr: 'GWN8XT4K', Images: [advanceId], ReplacementCtr: 'GWN8XT4K' },
        'Cannot be the same as the overarching booking reference',
      ],
      [{ Ctr: 'LBG7WK2F', Images: [id], Disruption: 'yes' }, 'Disruption must be true or false.'],
    ];
    for (const [body, message] of cases) {
      expect(await submit(server, body)).toEqual({ status: 400, json: { message } });
    }
    expect((await submit(server, '{"Ctr":')).status).toBe(400);
    expect(await submit(server, { Ctr: 12, Images: [id] })).toEqual({
      status: 400,
      json: { message: 'Ctr must be a known booking reference.' },
    });
    // A reference no session holds (unknown, or another traveller's) is refused before any check.
    expect((await submit(server, { Ctr: 'NOPE', Images: [id] })).status).toBe(403);
    const ok = await submit(server, { Ctr: 'GWN8XT4K', Images: [advanceId], ReplacementCtr: 'KXB7HT2N' });
    expect(ok.status).toBe(201);
    expect((await devClaims(server))[0]).toMatchObject({ replacementReference: 'KXB7HT2N', disruption: false });
  });

  it('accepts exactly 10 images, a padded Ctr and ReplacementCtr, and no replacement given as null or ""', async () => {
    const server = await start();
    const ids = [];
    for (let width = 1; width <= 10; width += 1) ids.push((await upload(server, png(width, 1))).json);
    const ten = await submit(server, { Ctr: ' lbg7wk2f ', Images: ids, ReplacementCtr: null });
    expect(ten.status).toBe(201);
    const advanceJourney = String(advance.status.refundStatus.journeyID);
    const one = (await upload(server, png(2, 2), { journeyId: advanceJourney })).json;
    const two = (await upload(server, png(2, 3), { journeyId: advanceJourney })).json;
    expect((await submit(server, { Ctr: 'GWN8XT4K', Images: [one], ReplacementCtr: '' })).status).toBe(201);
    expect((await submit(server, { Ctr: 'GWN8XT4K', Images: [two], ReplacementCtr: ' KXB7HT2N ' })).status).toBe(201);
    const claims = await devClaims(server);
    expect(claims.map((claim) => [claim.bookingReference, claim.images.length, claim.replacementReference])).toEqual([
      ['LBG7WK2F', 10, null],
      ['GWN8XT4K', 1, null],
      ['GWN8XT4K', 1, 'KXB7HT2N'],
    ]);
  });

  it('says what is wrong with an image id or a ReplacementCtr of the wrong type', async () => {
    const server = await start();
    const a = (await upload(server, png(2, 2))).json;
    const long = 'Z'.repeat(100);
    const cases = [
      [{ Ctr: 'LBG7WK2F', Images: [long] }, `Unknown or deleted image: ${'Z'.repeat(40)}`],
      [{ Ctr: 'LBG7WK2F', Images: [[a]] }, `Unknown or deleted image: ${a}`],
      [{ Ctr: 'LBG7WK2F', Images: [a], ReplacementCtr: 12 }, 'ReplacementCtr must be a booking reference.'],
      [{ Ctr: 'LBG7WK2F', Images: [a], ReplacementCtr: ['KXB7HT2N'] }, 'ReplacementCtr must be a booking reference.'],
    ];
    for (const [body, message] of cases) {
      expect(await submit(server, body)).toEqual({ status: 400, json: { message } });
    }
    expect((await submit(server, { Ctr: 'LBG7WK2F', Images: [a] })).status).toBe(201);
    expect(await submit(server, { Ctr: 'LBG7WK2F', Images: [a] })).toEqual({
      status: 400,
      json: { message: `Image ${a} is already part of a claim.` },
    });
  });

  it('refuses a body that is not a JSON object (null, a number, a string, an array) with a message', () => {
    const store = createClaimsStore({ bookings, dataDir: tempDir('rw-data-') });
    for (const body of [null, 42, 'LBG7WK2F', [{ Ctr: 'LBG7WK2F' }]]) {
      expect(store.submitClaim(body)).toEqual({
        status: 400,
        json: { message: 'The request body must be a JSON object.' },
      });
    }
    expect(store.claims).toEqual([]);
  });

  it('honours Idempotency-Key: a replay answers the first claim, another body with the key is 422', async () => {
    const server = await start();
    const a = (await upload(server, png(2, 2))).json;
    const b = (await upload(server, png(2, 3))).json;
    const first = await submit(server, { Ctr: 'LBG7WK2F', Images: [a] }, 'same-key');
    const replay = await submit(server, { Ctr: 'LBG7WK2F', Images: [a] }, 'same-key');
    expect(replay).toEqual(first);
    expect(await submit(server, { Ctr: 'LBG7WK2F', Images: [b] }, 'same-key')).toMatchObject({ status: 422 });
    expect(await devClaims(server)).toHaveLength(1);
    expect((await submit(server, { Ctr: 'LBG7WK2F', Images: [b] }, '')).status).toBe(400);
  });

  it('keeps uploads, claims and idempotency answers across a restart', async () => {
    const dataDir = tempDir('rw-data-');
    const server = await start(dataDir);
    const a = (await upload(server, png(2, 2))).json;
    const b = (await upload(server, png(2, 3))).json;
    const first = await submit(server, { Ctr: 'LBG7WK2F', Images: [a] }, 'restart-key');
    await server.close();

    const again = await start(dataDir);
    expect(await devClaims(again)).toEqual([expect.objectContaining({ claimId: first.json.claimId, images: [a] })]);
    const saved = JSON.parse(fs.readFileSync(path.join(dataDir, 'claims.json'), 'utf8'));
    expect(saved.idempotency).toEqual([
      expect.objectContaining({ path: '/tickets/submit-claim', key: 'restart-key', status: 201, body: first.json }),
    ]);
    // Sessions live in memory: after a restart the key is new in the traveller's new session, and
    // the image is claimed already.
    expect(await submit(again, { Ctr: 'LBG7WK2F', Images: [a] }, 'restart-key')).toEqual({
      status: 400,
      json: { message: `Image ${a} is already part of a claim.` },
    });
    expect(await devClaims(again)).toHaveLength(1);
    expect(await remove(again, a)).toBe(409);
    expect(await remove(again, b)).toBe(204);
    expect((await submit(again, { Ctr: 'LBG7WK2F', Images: [b] })).status).toBe(400);
  });

  it('ignores a hand-edited state file entry whose id could escape the folder', async () => {
    const dataDir = tempDir('rw-data-');
    fs.writeFileSync(
      path.join(dataDir, 'claims.json'),
      JSON.stringify({ version: 1, uploads: { '../../x': { ext: '.png' }, ['A'.repeat(24)]: { ext: '/../../y' } } }),
    );
    const server = await start(dataDir);
    expect(await (await server.fetch(`${server.url}/__dev/uploads`)).json()).toEqual([]);
  });
});
