// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
// Refuses paths holding a backslash or a dot segment at any depth of percent-encoding
// (docs/security.md "Sessions and antiforgery on the reference backend").
'use strict';

/** Most rounds of percent-decoding before a still-changing path counts as unsafe. */
const MAX_DECODE_ROUNDS = 8;
const UNSAFE_PATH_MESSAGE = 'Bad request: the path holds a backslash or a dot segment.';

/** One round of percent-decoding, byte by byte. @param {string} text */
const decodeOnce = (text) =>
  text.replace(/%([0-9A-Fa-f]{2})/g, (/** @type {string} */ _match, /** @type {string} */ hex) =>
    String.fromCharCode(parseInt(hex, 16)),
  );

/** True when `path` holds a backslash or a `.`/`..` segment (up to a `?`, `#` or `;`). @param {string} path */
function hasUnsafePart(path) {
  if (path.includes('\\')) return true;
  return path.split('/').some((segment) => {
    const name = segment.split(/[?#;]/, 1)[0];
    return name === '.' || name === '..';
  });
}

/**
 * Whether a request target's path (not its query) is unsafe, once decoded any number of times.
 * @param {string} target `req.url` before routing, or an absolute URL @returns {boolean}
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

/** @type {import('express').RequestHandler} 400 in plain text to an unsafe path; mount before every route */
function refuseUnsafePaths(req, res, next) {
  if (!isUnsafePath(req.originalUrl ?? req.url)) return next();
  return res.status(400).type('text/plain').set('Cache-Control', 'no-store').send(UNSAFE_PATH_MESSAGE);
}

module.exports = { isUnsafePath, refuseUnsafePaths, UNSAFE_PATH_MESSAGE, MAX_DECODE_ROUNDS };
