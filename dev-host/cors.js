// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
// CORS for one page origin (docs/cross-origin.md "The reference backend as a neighbour").
'use strict';

/**
 * Checks a configured origin: `scheme://host[:port]`, http(s), no path.
 * @param {string} origin @returns {string} the origin, normalised by `URL` @throws Error naming the value
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
 * A middleware allowing `allowedOrigin` with credentials; its preflights get 204 with the widgets'
 * methods and headers, other origins' preflights 403 and their other requests no CORS header.
 * @param {string} allowedOrigin @returns {import('express').RequestHandler}
 */
function createCors(allowedOrigin) {
  const origin = parseOrigin(allowedOrigin);
  return (req, res, next) => {
    res.vary('Origin');
    const preflight = req.method === 'OPTIONS' && req.get('Access-Control-Request-Method') !== undefined;
    if (req.get('Origin') !== origin) {
      return preflight ? res.status(403).type('text/plain').send('Origin not allowed.') : next();
    }
    res.set({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' });
    if (!preflight) return next();
    res.set({
      'Access-Control-Allow-Methods': 'GET, POST',
      'Access-Control-Allow-Headers':
        'Content-Type, Idempotency-Key, Journey-Id, RequestVerificationToken, X-Requested-With',
      'Access-Control-Max-Age': '600',
    });
    return res.status(204).end();
  };
}

module.exports = { createCors, parseOrigin };
