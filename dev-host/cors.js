// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * CORS for the reference backend when the widgets' page lives on another origin
 * (docs/cross-origin.md "The reference backend as a neighbour"). One origin is allowed, exactly as
 * configured; every other origin gets no CORS header, and its preflights are refused with 403.
 */
'use strict';

/** Methods the widgets use. */
const ALLOWED_METHODS = ['GET', 'POST'];
/** Request headers the widgets send beyond the CORS-safelisted ones. */
const ALLOWED_HEADERS = [
  'Content-Type',
  'Idempotency-Key',
  'Journey-Id',
  'RequestVerificationToken',
  'X-Requested-With',
];
/** How long a browser may cache a preflight answer, seconds. */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * Checks a configured origin: `scheme://host[:port]` with no path, as browsers send `Origin`.
 *
 * @param {string} origin e.g. `https://www.rail.example` or `http://127.0.0.1:8080`
 * @returns {string} the origin, normalised by `URL`
 * @throws Error naming the value when it is not an http(s) origin
 */
function parseOrigin(origin) {
  let url;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`CORS_ORIGIN must be an origin such as https://www.rail.example, got "${origin}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.origin !== origin.replace(/\/$/, '')) {
    throw new Error(`CORS_ORIGIN must be an http(s) origin with no path, got "${origin}"`);
  }
  return url.origin;
}

/**
 * An express middleware answering CORS for one origin.
 * - A request whose `Origin` is `allowedOrigin` gets `Access-Control-Allow-Origin: <origin>`,
 *   `Access-Control-Allow-Credentials: true` (the session cookie) and `Vary: Origin`.
 * - Its preflight (`OPTIONS` with `Access-Control-Request-Method`) is answered 204 with the
 *   methods GET and POST, the headers Content-Type, Idempotency-Key, Journey-Id,
 *   RequestVerificationToken and X-Requested-With, and a max age of 600 s.
 * - A preflight from any other origin is answered 403 with no CORS header; other requests from
 *   other origins pass on without CORS headers, so the browser withholds the answer.
 *
 * @param {string} allowedOrigin the page's origin (see {@link parseOrigin})
 * @returns {import('express').RequestHandler}
 */
function createCors(allowedOrigin) {
  const origin = parseOrigin(allowedOrigin);
  return (req, res, next) => {
    res.vary('Origin');
    const from = req.get('Origin');
    const preflight = req.method === 'OPTIONS' && req.get('Access-Control-Request-Method') !== undefined;
    if (from !== origin) {
      if (preflight) return res.status(403).type('text/plain').send('Origin not allowed.');
      return next();
    }
    res.set({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' });
    if (!preflight) return next();
    res.set({
      'Access-Control-Allow-Methods': ALLOWED_METHODS.join(', '),
      'Access-Control-Allow-Headers': ALLOWED_HEADERS.join(', '),
      'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
    });
    return res.status(204).end();
  };
}

module.exports = { createCors, parseOrigin, ALLOWED_HEADERS, ALLOWED_METHODS };
