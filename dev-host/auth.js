// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Authorisation of the reference backend, modelled as a real site does it (docs/security.md
 * "Sessions and antiforgery on the reference backend"):
 *
 * - **Session** (cookie `rw_session`, or `__Host-rw_session` over HTTPS; HttpOnly, SameSite=Lax,
 *   Path=/, and Secure over HTTPS): a random token naming a set of booking references. A new token
 *   is issued whenever a booking is proved: the dev host renders a booking's page (booking
 *   reference and e-mail matched), a successful LookupJourneys adds the replacement booking, or
 *   another host calls `POST /api/Session`. The new token holds the bookings of the request's live
 *   session, if any, plus the proved one; the old token stops working, and a token the server does
 *   not know is never adopted (docs/security.md "Second review: the reference backend and dev
 *   host"). Every API call about a booking that is not in the session is refused with 403.
 * - **Antiforgery** (double-submit): every state-changing request must carry the header
 *   `RequestVerificationToken` equal to the cookie `rw_csrf` (`__Host-rw_csrf` over HTTPS), which
 *   the dev host sets when it renders a page carrying the same value in
 *   `<meta name="request-verification-token">`. Missing or wrong: 403 with a plain message.
 *
 * Over HTTPS means `req.secure`: the request came over TLS, or through a proxy that express trusts
 * (its `trust proxy` setting, the `trustProxy` option of the dev host) and that sent
 * `X-Forwarded-Proto: https`.
 *
 * Sessions live in memory (a restart signs every traveller out; reloading the page signs them in
 * again), at most {@link MAX_SESSIONS}, each for {@link SESSION_IDLE_MS} after its last use.
 */
'use strict';

const { randomBytes, timingSafeEqual } = require('crypto');
const express = require('express');
const { queryValue, createBackendRouter } = require('./backend');
const { journeyIdsOf, createClaimsRouter, isUploadId } = require('./claims');

const SESSION_COOKIE = 'rw_session';
const CSRF_COOKIE = 'rw_csrf';
/** The prefix of the cookie names over HTTPS: the browser keeps such a cookie host-only, Secure, Path=/. */
const HOST_PREFIX = '__Host-';
/** The header the widgets send the page's token in (the name ASP.NET Core's antiforgery reads). */
const CSRF_HEADER = 'RequestVerificationToken';
/** Idle lifetime of a session, ms. */
const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
const MAX_SESSIONS = 10_000;
/** Tokens this backend issues: 32 random bytes, base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Tokens accepted in the antiforgery double-submit (another host may issue its own). */
const CSRF_TOKEN = /^[\x21-\x7e]{16,512}$/;

/** The plain-text answers of a refusal. */
const MESSAGES = {
  antiforgery: 'The request verification token is missing or does not match. Reload the page and try again.',
  noSession: 'There is no session for this booking. Reload the page and try again.',
  otherBooking: 'This session does not cover that booking. Reload the page and try again.',
};

const newToken = () => randomBytes(32).toString('base64url');
/** A session's own id, which stays the same when its token rotates (the scope of its idempotency keys). */
const newSessionId = () => randomBytes(16).toString('base64url');
/** @param {unknown} reference */
const normalise = (reference) =>
  String(reference ?? '')
    .trim()
    .toUpperCase();

/**
 * Reads the `Cookie` header into an object; the first value of a repeated name wins.
 *
 * @param {string | undefined} header
 * @returns {Record<string, string>}
 */
function parseCookies(header) {
  /** @type {Record<string, string>} */
  const cookies = {};
  for (const part of String(header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    if (!(name in cookies)) cookies[name] = part.slice(at + 1).trim();
  }
  return cookies;
}

/**
 * The name one of our cookies has on a request: `__Host-<name>` when it came over HTTPS
 * (`req.secure`), else `<name>`. Only that name is read, so over HTTPS a cookie without the prefix
 * (which a plain-HTTP page or a sibling subdomain can set) is ignored.
 *
 * @param {import('express').Request} req
 * @param {string} name `rw_session` or `rw_csrf`
 * @returns {string}
 */
function cookieName(req, name) {
  return req.secure ? `${HOST_PREFIX}${name}` : name;
}

/**
 * The value of one of our cookies on a request (see {@link cookieName}), or undefined.
 *
 * @param {import('express').Request} req
 * @param {string} name
 * @returns {string | undefined}
 */
const readCookie = (req, name) => parseCookies(req.get('Cookie'))[cookieName(req, name)];

/**
 * `Set-Cookie` value of one of our cookies: Path=/, HttpOnly, SameSite=Lax (DESIGN: Session
 * contract); over HTTPS named `__Host-…` and Secure, with no Domain.
 *
 * @param {import('express').Request} req
 * @param {string} name
 * @param {string} value
 * @returns {string}
 */
const cookie = (req, name, value) =>
  `${cookieName(req, name)}=${value}; Path=/; ${req.secure ? 'Secure; ' : ''}HttpOnly; SameSite=Lax`;

/**
 * Appends a `Set-Cookie` header without dropping one set before.
 *
 * @param {import('express').Response} res
 * @param {string} value
 */
function appendCookie(res, value) {
  const before = res.getHeader('Set-Cookie');
  res.setHeader('Set-Cookie', [...(Array.isArray(before) ? before : before ? [String(before)] : []), value]);
}

/**
 * Creates the in-memory session store.
 *
 * @param {{ now?: () => number }} [options] clock (ms), for tests
 * @returns {{
 *   open: (references: string[], token?: string) => string,
 *   find: (token: string | undefined) => { id: string, references: Set<string> } | null,
 *   referencesOf: (token: string | undefined) => Set<string> | null,
 *   clear: () => void,
 * }} `open` issues a new token for a session holding `references` plus, when `token` names a live
 *   session, that session's references and id; `token` then stops working (rotation: a token is
 *   never adopted nor kept when a booking is proved). `find` gives the live session of a token (its
 *   stable id and upper-case booking references), or null; `referencesOf` its references only.
 */
function createSessions({ now = Date.now } = {}) {
  /** token → { id, references: Set<string>, lastUsed: number } */
  /** @type {Map<string, { id: string, references: Set<string>, lastUsed: number }>} */
  const sessions = new Map();
  /** @param {unknown} token */
  const live = (token) => {
    if (typeof token !== 'string' || !TOKEN.test(token)) return null;
    const session = sessions.get(token);
    if (!session) return null;
    if (now() - session.lastUsed > SESSION_IDLE_MS) {
      sessions.delete(token);
      return null;
    }
    session.lastUsed = now();
    // Map order is insertion order: move the session to the end, so the oldest unused goes first.
    sessions.delete(token);
    sessions.set(token, session);
    return session;
  };
  return {
    open(references, token) {
      const current = live(token);
      if (current) sessions.delete(/** @type {string} */ (token));
      const session = current ?? { id: newSessionId(), references: new Set(), lastUsed: now() };
      for (const reference of references) session.references.add(normalise(reference));
      const key = newToken();
      sessions.set(key, session);
      if (sessions.size > MAX_SESSIONS) sessions.delete(/** @type {string} */ (sessions.keys().next().value));
      return key;
    },
    find(token) {
      const session = live(token);
      return session ? { id: session.id, references: session.references } : null;
    },
    referencesOf(token) {
      return live(token)?.references ?? null;
    },
    clear() {
      sessions.clear();
    },
  };
}

/**
 * Issues a new session token for `references` (rotation, see `createSessions().open`): the new
 * session also holds the bookings of the request's live session, whose token stops working. Sets
 * the session cookie (`rw_session`, or `__Host-rw_session` over HTTPS) to the new token.
 *
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 * @param {ReturnType<typeof createSessions>} sessions
 * @param {string[]} references booking references the traveller proved (reference + e-mail)
 * @returns {string} the new session token
 */
function grantBookings(req, res, sessions, references) {
  const token = sessions.open(references, readCookie(req, SESSION_COOKIE));
  appendCookie(res, cookie(req, SESSION_COOKIE, token));
  return token;
}

/**
 * The antiforgery token of a page being rendered: the request's `rw_csrf` cookie
 * (`__Host-rw_csrf` over HTTPS) when it has a token of our shape (so two tabs share one), else a
 * new one set as that cookie.
 *
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 * @returns {string} the token to put in `<meta name="request-verification-token">`
 */
function pageToken(req, res) {
  const current = readCookie(req, CSRF_COOKIE);
  if (current && TOKEN.test(current)) return current;
  const token = newToken();
  appendCookie(res, cookie(req, CSRF_COOKIE, token));
  return token;
}

/**
 * Compares two strings in time independent of where they differ.
 *
 * @param {string} a
 * @param {string} b
 * @returns {boolean}
 */
function sameToken(a, b) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Sends a refusal: 403, plain text.
 *
 * @param {import('express').Response} res
 * @param {string} message
 */
function refuse(res, message) {
  return res.status(403).type('text/plain').set('Cache-Control', 'no-store').send(message);
}

/**
 * Middleware: the double-submit antiforgery check. Passes when the `RequestVerificationToken`
 * header equals the `rw_csrf` cookie (`__Host-rw_csrf` over HTTPS; 16 to 512 visible ASCII
 * characters); else 403, plain text.
 *
 * @type {import('express').RequestHandler}
 */
function requireAntiforgery(req, res, next) {
  const header = req.get(CSRF_HEADER) ?? '';
  const cookieToken = readCookie(req, CSRF_COOKIE) ?? '';
  if (CSRF_TOKEN.test(header) && CSRF_TOKEN.test(cookieToken) && sameToken(header, cookieToken)) return next();
  return refuse(res, MESSAGES.antiforgery);
}

/**
 * Creates the session guards of the reference backend's routes.
 *
 * @param {object} options
 * @param {ReturnType<typeof createSessions>} options.sessions
 * @returns {{
 *   requireBookings: (resolve: (req: import('express').Request) => Array<string | null | undefined>) => import('express').RequestHandler,
 *   grant: (req: import('express').Request, res: import('express').Response, references: string[]) => string,
 * }} `requireBookings(resolve)`: a middleware refusing (403) a request without a live session,
 *   or naming a booking the session does not hold; when it passes, `res.locals.sessionId` is the
 *   session's stable id (the scope of idempotency keys). `resolve(req)` lists the booking
 *   references the request is about; null/undefined entries (the request names no booking there,
 *   e.g. a malformed body) are left for the route to answer. `grant` is {@link grantBookings}.
 */
function createGuards({ sessions }) {
  return {
    requireBookings(resolve) {
      return (req, res, next) => {
        const session = sessions.find(readCookie(req, SESSION_COOKIE));
        if (!session) return refuse(res, MESSAGES.noSession);
        const named = resolve(req).filter((reference) => reference !== null && reference !== undefined);
        if (named.some((reference) => !session.references.has(normalise(reference)))) {
          return refuse(res, MESSAGES.otherBooking);
        }
        res.locals.sessionId = session.id;
        return next();
      };
    },
    grant: (req, res, references) => grantBookings(req, res, sessions, references),
  };
}

/**
 * The guards of each reference-backend route (what booking each call is about), for
 * `createBackendRouter` and `createClaimsRouter`.
 *
 * @param {object} options
 * @param {ReturnType<typeof createSessions>} options.sessions
 * @param {{ findByProtectedReference: (value: unknown) => { state: { bookingReference: string } } | null }} options.store
 *   the backend store
 * @param {Record<string, import('./backend/types').BookingState>} options.bookings fixture states (journey ids → booking)
 * @param {(uploadId: string) => { bookingReference: string } | undefined} options.findUpload an upload of the claims store
 * @returns {import('./backend/routes').Guards & Record<'upload' | 'deleteUpload' | 'submitClaim', import('express').RequestHandler>} `status`
 *   (query `bookingReference`), `refund` (body `protectedReference`), `replacement` (body
 *   `protectedReference` and `replacementBookingReference`), `upload` (header `Journey-Id`),
 *   `deleteUpload` (the upload's booking), `submitClaim` (body `Ctr`), and `grant`
 */
function createRouteGuards({ sessions, store, bookings, findUpload }) {
  const { requireBookings, grant } = createGuards({ sessions });
  const bookingOfJourney = new Map();
  for (const state of Object.values(bookings)) {
    for (const id of journeyIdsOf(state)) bookingOfJourney.set(id, state.bookingReference);
  }
  /** @param {unknown} value */
  const text = (value) => (typeof value === 'string' ? value : null);
  /** @param {import('express').Request} req */
  const protectedBooking = (req) =>
    store.findByProtectedReference(req.body?.protectedReference)?.state.bookingReference;
  return {
    status: requireBookings((req) => [queryValue(req.query, 'bookingReference')]),
    refund: requireBookings((req) => [protectedBooking(req)]),
    replacement: requireBookings((req) => [protectedBooking(req), text(req.body?.replacementBookingReference)]),
    upload: requireBookings((req) => [bookingOfJourney.get(String(req.get('Journey-Id') ?? '').trim())]),
    deleteUpload: requireBookings((req) => [findUpload(String(req.params.uploadId))?.bookingReference]),
    submitClaim: requireBookings((req) => [text(req.body?.Ctr)]),
    grant,
  };
}

/**
 * The reference backend's API routes behind their checks, as the dev host and `npm run backend`
 * serve them: the antiforgery check on every state-changing call under /api and /tickets (but the
 * server-to-server POST /api/Session), the session guards, the claims routes and the backend routes.
 *
 * @param {object} options
 * @param {import('./backend').Backend} options.store the backend (backend.js `createBackend`)
 * @param {ReturnType<typeof createSessions>} options.sessions
 * @param {string} options.dataDir
 * @param {Record<string, import('./backend/types').BookingState>} options.bookings fixture states
 * @param {number} [options.latencyMs]
 * @param {import('./backend/types').Logger} [options.logger]
 * @returns {{ router: import('express').Router, guards: ReturnType<typeof createRouteGuards>,
 *   claims: ReturnType<typeof import('./claims').createClaimsStore> }}
 *   `claims` is the claims store (claims.js `createClaimsStore`), for devTools.js
 */
function createSecuredApi({ store, sessions, dataDir, bookings, latencyMs = 0, logger = console }) {
  const router = express.Router();
  router.use(['/api', '/tickets'], (req, res, next) =>
    ['GET', 'HEAD', 'OPTIONS'].includes(req.method) || req.path === '/Session'
      ? next()
      : requireAntiforgery(req, res, next),
  );
  const guards = createRouteGuards({
    sessions,
    store,
    bookings,
    findUpload: (id) => (isUploadId(id) ? claims.store.uploads[id] : undefined),
  });
  const claims = createClaimsRouter({ dataDir, bookings, logger, guards });
  router.use(claims);
  router.use(createBackendRouter(store, { latencyMs, logger, guards }));
  return { router, guards, claims: claims.store };
}

module.exports = {
  createSecuredApi,
  createSessions,
  createGuards,
  createRouteGuards,
  grantBookings,
  pageToken,
  parseCookies,
  requireAntiforgery,
  SESSION_COOKIE,
  CSRF_COOKIE,
  CSRF_HEADER,
  MESSAGES,
};
