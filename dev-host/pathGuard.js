// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Refuses request paths that a server or proxy on the way could read as another path (docs/security.md
 * "Sessions and antiforgery on the reference backend"): a path holding a backslash or a dot
 * segment (`.` or `..`), written out or percent-encoded at any depth (`%5C`, `%255C`, `%2e%2e`,
 * `%252e%252e`, …). Kestrel, for one, decodes `%5C` to `\` and .NET's `Uri` then reads it as `/`,
 * so `/api/..%5Chost-data` walked out of `/api`. The dev host and the reference backend answer
 * such a request 400 before any route sees it, as the ASP.NET example host's proxy does.
 */
'use strict';

/** Most rounds of percent-decoding a path may need before it stops changing (each round peels one level). */
const MAX_DECODE_ROUNDS = 8;

/** The plain-text answer to a refused path. */
const UNSAFE_PATH_MESSAGE = 'Bad request: the path holds a backslash or a dot segment.';

/** One round of percent-decoding, byte by byte: `%XX` becomes the character of code XX; anything else stays. */
/** @param {string} text */
const decodeOnce = (text) =>
  text.replace(/%([0-9A-Fa-f]{2})/g, (/** @type {string} */ _match, /** @type {string} */ hex) =>
    String.fromCharCode(parseInt(hex, 16)),
  );

/**
 * True when `path` holds a backslash, or a segment that is `.` or `..` (up to a `?`, `#` or `;`).
 *
 * @param {string} path
 * @returns {boolean}
 */
function hasUnsafePart(path) {
  if (path.includes('\\')) return true;
  return path.split('/').some((segment) => {
    const name = segment.split(/[?#;]/, 1)[0];
    return name === '.' || name === '..';
  });
}

/**
 * Tells whether the path of a request target is unsafe: it holds a backslash or a dot segment
 * once decoded any number of times. The query is not looked at. A path still changing after
 * {@link MAX_DECODE_ROUNDS} rounds of decoding counts as unsafe.
 *
 * @param {string} target the request target as received (`req.url` before routing: path and
 *   query, or an absolute URL)
 * @returns {boolean} true when the request must be refused
 */
function isUnsafePath(target) {
  let path = String(target ?? '');
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(path);
  if (authority) path = path.slice(authority[0].length);
  path = path.split(/[?#]/, 1)[0];
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    if (hasUnsafePart(path)) return true;
    const decoded = decodeOnce(path);
    if (decoded === path) return false;
    path = decoded;
  }
  return true;
}

/**
 * Middleware: answers 400 (plain text, not cached) to a request whose path {@link isUnsafePath}
 * refuses; passes any other request on. Mount it before every route.
 *
 * @type {import('express').RequestHandler}
 */
function refuseUnsafePaths(req, res, next) {
  if (!isUnsafePath(req.originalUrl ?? req.url)) return next();
  return res.status(400).type('text/plain').set('Cache-Control', 'no-store').send(UNSAFE_PATH_MESSAGE);
}

module.exports = { isUnsafePath, refuseUnsafePaths, UNSAFE_PATH_MESSAGE, MAX_DECODE_ROUNDS };
