/** @jest-environment node */
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The dev host serves dist/ as docs/host-contract.md "In brief" says: host-shim.js and every
 * remoteEntry.js revalidate (`no-cache` with an ETag, 304 when unchanged, a new ETag once a deploy
 * replaced the file); content-hashed files are `public, max-age=31536000, immutable`; the build's
 * Brotli copy goes to a browser that accepts br. Also the page data other hosts read (`/host-data/*`, hostData.js).
 */
'use strict';

const fs = require('fs');
const http = require('http');
const path = require('path');
const zlib = require('zlib');
const { useTestHosts, getJson } = require('./testing');
const bookings = require('../fixtures/bookings.json');
const stations = require('../fixtures/stations.json');

const { start, fakeDist } = useTestHosts();

/**
 * GET with only `If-None-Match`, as a browser revalidates (global fetch would add
 * `Cache-Control: no-cache`, which asks the server to skip the 304).
 * @returns {Promise<{ status: number, etag: string | undefined, body: string }>}
 */
function revalidate(url, etag) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'If-None-Match': etag } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body }));
      })
      .on('error', reject);
  });
}

/** A dist/ with a shim, a remote entry, a hashed chunk and a hashed stylesheet. */
const distWithFiles = () =>
  fakeDist({
    'host-shim.js': '/* shim v1 */',
    'refund/remoteEntry.js': '/* entry v1 */',
    'refund/242.9becc6b9.js': '/* chunk */',
    'refund/main.0a1b2c3d.css': '.rw{}',
  });

describe('cache headers of dist/', () => {
  it.each(['host-shim.js', 'refund/remoteEntry.js'])('%s: no-cache with an ETag, 304 when unchanged', async (file) => {
    const server = await start({ distDir: distWithFiles() });
    const first = await fetch(`${server.url}/static/refund-widgets/${file}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?".+"$/);
    expect((await revalidate(`${server.url}/static/refund-widgets/${file}`, etag)).status).toBe(304);
  });

  it('a deploy that replaces host-shim.js changes its ETag, so browsers fetch the new file', async () => {
    const dist = distWithFiles();
    const server = await start({ distDir: dist });
    const url = `${server.url}/static/refund-widgets/host-shim.js`;
    const etag = (await fetch(url)).headers.get('etag');
    fs.writeFileSync(path.join(dist, 'host-shim.js'), '/* shim v2, longer */');
    const after = await revalidate(url, etag);
    expect(after.status).toBe(200);
    expect(after.body).toBe('/* shim v2, longer */');
    expect(after.etag).not.toBe(etag);
  });

  it.each(['refund/242.9becc6b9.js', 'refund/main.0a1b2c3d.css'])('%s: immutable for a year', async (file) => {
    const server = await start({ distDir: distWithFiles() });
    const answer = await fetch(`${server.url}/static/refund-widgets/${file}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

/**
 * GET with only `Accept-Encoding`, the body's bytes as sent.
 * @returns {Promise<{ headers: import('http').IncomingHttpHeaders, body: Buffer }>}
 */
function getRaw(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the Brotli copies of dist/', () => {
  const shim = `/* shim */ ${'window.RefundWidgets = {};\n'.repeat(80)}`;
  const chunk = `/* chunk */ ${'export const leg = "KGX";\n'.repeat(80)}`;
  const distWithCopies = () =>
    fakeDist({
      'host-shim.js': shim,
      'host-shim.js.br': zlib.brotliCompressSync(shim),
      'refund/242.9becc6b9.js': chunk,
      'refund/242.9becc6b9.js.br': zlib.brotliCompressSync(chunk),
    });

  it.each([
    ['host-shim.js', shim, 'no-cache'],
    ['refund/242.9becc6b9.js', chunk, 'public, max-age=31536000, immutable'],
  ])(
    "%s: the .br beside it to a browser that accepts br, with the file's type and cache rule",
    async (file, text, cache) => {
      const server = await start({ distDir: distWithCopies() });
      const answer = await getRaw(`${server.url}/static/refund-widgets/${file}`, 'gzip, deflate, br');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(answer.headers['cache-control']).toBe(cache);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(text);
      expect(answer.body.equals(zlib.brotliCompressSync(text))).toBe(true); // the build's bytes, not compressed again
    },
  );

  it('gzips the file itself for a browser that does not accept br', async () => {
    const server = await start({ distDir: distWithCopies() });
    const answer = await getRaw(`${server.url}/static/refund-widgets/host-shim.js`, 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(answer.body).toString()).toBe(shim);
  });
});

describe('page data for other hosts (/host-data/*)', () => {
  it('gives a booking by reference and e-mail (any letter case), its journey id and the station names', async () => {
    const server = await start();
    const { bookingReference, email } = bookings.printed;
    const answer = await fetch(
      `${server.url}/host-data/booking?bookingReference=${bookingReference.toLowerCase()}&email=${encodeURIComponent(email.toUpperCase())}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({
      bookingReference,
      email,
      details: bookings.printed.details,
      journeyId: bookings.printed.status.refundStatus.journeyID,
    });
    expect(await getJson(server, '/host-data/stations')).toEqual(stations);
  });

  it('answers 404 with a plain message when the e-mail does not match', async () => {
    const server = await start();
    const answer = await fetch(
      `${server.url}/host-data/booking?bookingReference=${bookings.printed.bookingReference}&email=x%40y.z`,
    );
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe('No booking with that reference and email address.');
  });

  it('lists the demo bookings', async () => {
    const server = await start();
    const list = await getJson(server, '/host-data/bookings');
    expect(list).toHaveLength(Object.keys(bookings).length);
    expect(list[0]).toEqual({
      name: 'instant',
      label: bookings.instant.label,
      bookingReference: bookings.instant.bookingReference,
      email: bookings.instant.email,
      expected: bookings.instant.expect.panel,
    });
  });
});
