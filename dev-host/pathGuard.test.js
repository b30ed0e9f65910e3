// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Paths that walk out of their prefix (docs/security.md "Sessions and antiforgery on the
 * reference backend"): the reproductions against the dev host and the reference backend
 * alone, sent byte for byte (fetch would tidy the path), and the rule itself (pathGuard.js) over
 * every depth of encoding.
 */
const http = require('http');
const fc = require('fast-check');
const bookings = require('../fixtures/bookings.json');
const { useTestHosts, confirmBody, uploadInit, getJson } = require('./testing');
const { startBackend } = require('./backend-server');
const { isUnsafePath, UNSAFE_PATH_MESSAGE, MAX_DECODE_ROUNDS } = require('./pathGuard');

const { start, tempDir } = useTestHosts();
const instant = bookings.instant; // KXB7HT2N, the booking of the review
const printed = bookings.printed;

/**
 * Sends a request with its target exactly as given (no URL tidying), like curl --path-as-is.
 * @returns {Promise<{ status: number, type: string, text: string, headers: import('http').IncomingHttpHeaders }>}
 */
function rawRequest(baseUrl, method, target, headers = {}) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path: target, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers['content-type'] ?? '',
          text,
          headers: response.headers,
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** `text` with `%5C` for each backslash, percent-encoded `depth` more times (`%255C`, `%25255C`, …). */
const encodeDepth = (text, depth) => {
  let out = text;
  for (let i = 0; i < depth; i += 1) out = out.replace(/%/g, '%25');
  return out;
};

/** The review's reproductions (finding 1), and the same walks at deeper encodings and with dots encoded. */
const WALKS = [
  ['GET', '/api/..%5Chost-data%5Cbookings'],
  ['GET', `/Refund/..%5Cgallery-api%5CRefund%5CStatus?bookingReference=${instant.bookingReference}`],
  ['POST', '/report/..%5C__dev%5Creset'],
  ['GET', '/api/..%255Chost-data%255Cbookings'],
  ['GET', '/api/..%25255Chost-data%25255Cbookings'],
  ['POST', '/report/..%255C__dev%255Creset'],
  ['GET', '/api/%2e%2e/host-data/bookings'],
  ['GET', '/api/%2E%2E%2Fhost-data%2Fbookings'],
  ['GET', '/api/%252e%252e/host-data/bookings'],
  ['GET', '/api/.%2e/__dev/requests'],
  ['GET', '/api/../host-data/bookings'],
  ['GET', '/api/..\\host-data\\bookings'],
  ['GET', '/api/./Refund/Status'],
  ['GET', '/static/refund-widgets/..%5C..%5Cpackage.json'],
];

describe('the dev host refuses a path that walks out of its prefix, before any route', () => {
  it.each(WALKS)('%s %s: 400, plain text', async (method, target) => {
    const server = await start();
    const answer = await rawRequest(server.url, method, target, {
      Cookie: server.fetch.cookie,
      RequestVerificationToken: server.fetch.token,
    });
    expect({ status: answer.status, type: answer.type, text: answer.text }).toEqual({
      status: 400,
      type: expect.stringMatching(/^text\/plain/),
      text: UNSAFE_PATH_MESSAGE,
    });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('POST /report/..%5C__dev%5Creset (a cross-site form: no token) leaves a refunded booking refunded', async () => {
    const server = await start();
    expect((await server.fetch('/api/ProcessRefund', jsonPost(confirmBody(instant)))).status).toBe(200);
    const answer = await rawRequest(server.url, 'POST', '/report/..%5C__dev%5Creset', {
      Origin: 'http://127.0.0.2:45229',
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: server.fetch.cookie,
    });
    expect(answer.status).toBe(400);
    expect(server.app.locals.store.isRefunded(instant.bookingReference)).toBe(true);
    expect(server.app.locals.store.requests).toHaveLength(1);
  });

  it('POST /report/..%5Ctickets%5Cdelete%5C<id> with the session cookie deletes nothing', async () => {
    const server = await start();
    const uploaded = await server.fetch('/tickets/upload', uploadInit(printed.status.refundStatus.journeyID));
    const id = await uploaded.json();
    for (const target of [`/report/..%5Ctickets%5Cdelete%5C${id}`, `/report/..%255Ctickets%255Cdelete%255C${id}`]) {
      const answer = await rawRequest(server.url, 'POST', target, { Cookie: server.fetch.cookie });
      expect(answer.status).toBe(400);
    }
    const uploads = await getJson(server, '/__dev/uploads');
    expect(uploads.map((upload) => [upload.id, upload.deletedAt ?? null])).toEqual([[id, null]]);
  });

  it('still serves ordinary paths, dots inside names and encoded characters in the query', async () => {
    const server = await start();
    const page = await rawRequest(
      server.url,
      'GET',
      `/ConfirmRefund?BookingReference=${instant.bookingReference}&Email=${encodeURIComponent(instant.email)}&ReturnUrl=..%5C..%2F`,
    );
    expect(page.status).toBe(200);
    expect((await rawRequest(server.url, 'GET', '/static/refund-widgets/host-shim.js')).status).toBe(200);
    expect((await rawRequest(server.url, 'GET', '/static/refund-widgets/a..b.js')).status).toBe(404);
    expect((await rawRequest(server.url, 'GET', '/static/refund-widgets/...')).status).toBe(404);
  });
});

describe('the reference backend alone refuses the same paths', () => {
  let backend;
  afterEach(async () => {
    await backend?.close();
    backend = undefined;
  });

  it.each(WALKS)('%s %s: 400, plain text', async (method, target) => {
    backend = await startBackend({ port: 0, dataDir: tempDir('rw-backend-'), logger: { warn() {}, info() {} } });
    const answer = await rawRequest(backend.url, method, target);
    expect([answer.status, answer.text]).toEqual([400, UNSAFE_PATH_MESSAGE]);
  });
});

describe('isUnsafePath', () => {
  it.each([
    ['/api/..%5Chost-data%5Cbookings', true],
    ['/report/..%5C__dev%5Creset', true],
    ['/a/%5c', true],
    ['/a/%255c', true],
    ['/a/%2525255c', true],
    ['/a/%2e', true],
    ['/a/%2E%2e/', true],
    ['/a/..;jsessionid=1/b', true],
    ['/a/%2e%2e%3Fq', true],
    ['/a/%252E%252E%252Fb', true],
    ['http://host.example/a/../b', true],
    ['http://host.example/a/b', false],
    ['/', false],
    ['/a/b.c/d', false],
    ['/a/.b/..c/...', false],
    ['/a/b?next=../..%5C', false],
    ['/a/%2541', false],
    ['/a/%zz%5', false],
    [`/a/${'%25'.repeat(1)}${'25'.repeat(MAX_DECODE_ROUNDS)}41`, true], // still changing after the last round
  ])('%s: %s', (path, unsafe) => {
    expect(isUnsafePath(path)).toBe(unsafe);
  });

  it('refuses a backslash or a dot segment hidden at any depth of encoding, anywhere in the path', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 4 }),
        fc.array(segment, { maxLength: 4 }),
        fc.constantFrom('%5C', '%5c', '\\', '/..', '/.', '/%2e%2e', '/%2E', '/.%2e', '%2F..', '%2f.'),
        fc.integer({ min: 0, max: 5 }),
        (before, after, walk, depth) => {
          const path = `/${before.join('/')}${encodeDepth(walk, depth)}${after.length ? '/' : ''}${after.join('/')}`;
          expect(isUnsafePath(path)).toBe(true);
        },
      ),
      { seed: 20261124, numRuns: 500 },
    );
  });

  it('lets through any path of ordinary segments, however encoded', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_.-]{1,8}$/).filter((s) => s !== '.' && s !== '..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 3 }), (parts, depth) => {
        const encoded = parts.map((part) => encodeDepth(part.replace(/_/g, '%5F'), depth));
        expect(isUnsafePath(`/${encoded.join('/')}`)).toBe(false);
      }),
      { seed: 20261124, numRuns: 500 },
    );
  });
});

function jsonPost(body) {
  return { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}
