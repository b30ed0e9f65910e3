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
 *   another host calls `POST /api/Session`. A lookup adds its booking to the request's live
 *   session; a page or `POST /api/Session` keeps that session only when it holds the proved
 *   booking, else a new one holds that booking alone. The old token stops working, and a token the
 *   server does not know is never adopted (docs/security.md "Sessions and antiforgery on the
 *   reference backend"). Every API call about a booking that is not in the session is refused with 403.
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
 * again), with the lifetimes and limits of `createSessions`; proofs are throttled per client and
 * per booking (backend/limits.js).
 */
'use strict';

const { randomBytes, timingSafeEqual } = require('crypto');
const express = require('express');
const { queryValue, createBackendRouter } = require('./backend');
const { journeyIdsOf, createClaimsRouter } = require('./claims');
const { isUploadId } = require('./backend/uploadFiles');
const { createProofThrottle } = require('./backend/limits');
const antiforgeryToken = require('../contract/rules/antiforgeryToken.json');

const SESSION_COOKIE = 'rw_session';
const CSRF_COOKIE = 'rw_csrf';
/** The prefix of the cookie names over HTTPS: the browser keeps such a cookie host-only, Secure, Path=/. */
const HOST_PREFIX = '__Host-';
/** The header the widgets send the page's token in (the name ASP.NET Core's antiforgery reads). */
const CSRF_HEADER = 'RequestVerificationToken';
/** Idle lifetime of a session, ms. */
const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** Absolute lifetime of a session from when it was opened, whatever its use, ms. */
const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** A session used this recently (ms) is never the one ended to make room. */
const RECENTLY_ACTIVE_MS = 15 * 60 * 1000;
const MAX_SESSIONS = 10_000;
const MAX_SESSIONS_PER_BOOKING = 32;
const MAX_SESSIONS_PER_CLIENT = 1000;
/** Tokens this backend issues: 32 random bytes, base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Tokens accepted in the antiforgery double-submit: the shape the widgets send, 16 characters or more (docs/host-contract.md "Shared rules"). */
const CSRF_TOKEN_SHAPE = new RegExp(antiforgeryToken.pattern);
/** @param {string} token */
const isCsrfToken = (token) => token.length >= antiforgeryToken.minLength && CSRF_TOKEN_SHAPE.test(token);

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
 * @typedef {{ id: string, token: string, references: Set<string>, lastUsed: number, createdAt: number,
 *   client: string | null }} Session
 */

/**
 * Creates the in-memory session store (docs/reference-backend.md "Sessions and antiforgery").
 * Sessions end {@link SESSION_IDLE_MS} after their last use and {@link SESSION_LIFETIME_MS} after
 * they were opened. At most {@link MAX_SESSIONS} in all, {@link MAX_SESSIONS_PER_BOOKING} holding
 * one booking and {@link MAX_SESSIONS_PER_CLIENT} opened by one client: to make room, the least
 * recently used one not used in the last {@link RECENTLY_ACTIVE_MS} goes (for a booking, failing
 * that, the same client's own least recently used); when none may go, the proof is refused.
 *
 * @param {{ now?: () => number }} [options] clock (ms), for tests
 * @returns {{
 *   open: (references: string[], token?: string, options?: { client?: string | null, page?: boolean }) => string | null,
 *   find: (token: string | undefined) => { id: string, references: Set<string> } | null,
 *   referencesOf: (token: string | undefined) => Set<string> | null,
 *   clear: () => void,
 * }} `open` issues a new token for a session holding `references` plus, when `token` names a live
 *   session, that session's references and id; `token` then stops working (rotation). With
 *   `page`, a live session that does not hold every one of `references` is ended instead and a
 *   new one holds `references` alone (a page never merges another traveller's bookings). Null when
 *   a limit refuses. `find` gives the live session of a token (its stable id and upper-case
 *   booking references), or null; `referencesOf` its references only.
 */
function createSessions({ now = Date.now } = {}) {
  /** token → session, least recently used first. @type {Map<string, Session>} */
  const sessions = new Map();
  /** @type {Map<string, Set<Session>>} */
  const byBooking = new Map();
  /** @type {Map<string, Set<Session>>} */
  const byClient = new Map();
  /**
   * @param {Map<string, Set<Session>>} index
   * @param {string} key
   */
  const setOf = (index, key) => index.get(key) ?? new Set();
  /** @param {Session} session */
  const end = (session) => {
    sessions.delete(session.token);
    for (const reference of session.references) {
      const holding = setOf(byBooking, reference);
      holding.delete(session);
      if (holding.size === 0) byBooking.delete(reference);
    }
    if (session.client !== null) {
      const opened = setOf(byClient, session.client);
      opened.delete(session);
      if (opened.size === 0) byClient.delete(session.client);
    }
  };
  /** @param {Session} session */
  const expired = (session) =>
    now() - session.lastUsed > SESSION_IDLE_MS || now() - session.createdAt > SESSION_LIFETIME_MS;
  /** @param {Session} session */
  const recent = (session) => now() - session.lastUsed <= RECENTLY_ACTIVE_MS;
  /** @param {unknown} token */
  const live = (token) => {
    if (typeof token !== 'string' || !TOKEN.test(token)) return null;
    const session = sessions.get(token);
    if (!session) return null;
    if (expired(session)) {
      end(session);
      return null;
    }
    session.lastUsed = now();
    // Map order is insertion order: move the session to the end, so the oldest unused goes first.
    sessions.delete(token);
    sessions.set(token, session);
    return session;
  };
  /**
   * The session to end to make room in `group`, or undefined when none may go.
   *
   * @param {Iterable<Session>} group
   * @param {(session: Session) => boolean} mayGo
   */
  const leastRecent = (group, mayGo) => {
    /** @type {Session | undefined} */
    let chosen;
    for (const session of group) {
      if (mayGo(session) && (!chosen || session.lastUsed < chosen.lastUsed)) chosen = session;
    }
    return chosen;
  };
  return {
    open(references, token, { client = null, page = false } = {}) {
      const proved = references.map(normalise);
      let current = live(token);
      if (current && page && !proved.every((reference) => current?.references.has(reference))) {
        end(current);
        current = null;
      }
      /** @type {Set<Session>} */
      const ending = new Set();
      /** @param {Session} session */
      const other = (session) => session !== current && !ending.has(session);
      for (const reference of new Set(proved)) {
        const holding = [...setOf(byBooking, reference)].filter(other);
        if (current?.references.has(reference) || holding.length < MAX_SESSIONS_PER_BOOKING) continue;
        const going =
          leastRecent(holding, (session) => !recent(session)) ??
          leastRecent(holding, (session) => session.client === client);
        if (!going) return null;
        ending.add(going);
      }
      if (!current && client !== null) {
        const opened = [...setOf(byClient, client)].filter(other);
        if (opened.length >= MAX_SESSIONS_PER_CLIENT) {
          const going = leastRecent(opened, (session) => !recent(session));
          if (!going) return null;
          ending.add(going);
        }
      }
      if (!current && sessions.size - ending.size >= MAX_SESSIONS) {
        const oldest = [...sessions.values()].find(other);
        if (!oldest || (recent(oldest) && !expired(oldest))) return null;
        ending.add(oldest);
      }
      for (const session of ending) end(session);
      if (current) sessions.delete(current.token);
      const session = current ?? {
        id: newSessionId(),
        token: '',
        references: new Set(),
        lastUsed: now(),
        createdAt: now(),
        client,
      };
      session.token = newToken();
      for (const reference of proved) {
        session.references.add(reference);
        byBooking.set(reference, setOf(byBooking, reference).add(session));
      }
      if (!current && client !== null) byClient.set(client, setOf(byClient, client).add(session));
      sessions.set(session.token, session);
      return session.token;
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
      byBooking.clear();
      byClient.clear();
    },
  };
}

/**
 * Issues a new session token for `references` (rotation, see `createSessions().open`) and sets
 * the session cookie (`rw_session`, or `__Host-rw_session` over HTTPS) to it. The client is
 * `req.ip`.
 *
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 * @param {ReturnType<typeof createSessions>} sessions
 * @param {string[]} references booking references the traveller proved (reference + e-mail)
 * @param {{ page?: boolean }} [options] `page`: the proof is a page rendered (no merging)
 * @returns {string | null} the new session token, or null when a session limit refuses (no cookie set)
 */
function grantBookings(req, res, sessions, references, { page = false } = {}) {
  const token = sessions.open(references, readCookie(req, SESSION_COOKIE), { client: req.ip ?? null, page });
  if (token !== null) appendCookie(res, cookie(req, SESSION_COOKIE, token));
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
 * header equals the `rw_csrf` cookie (`__Host-rw_csrf` over HTTPS; 16 to 4096 visible ASCII
 * characters); else 403, plain text.
 *
 * @type {import('express').RequestHandler}
 */
function requireAntiforgery(req, res, next) {
  const header = req.get(CSRF_HEADER) ?? '';
  const cookieToken = readCookie(req, CSRF_COOKIE) ?? '';
  if (isCsrfToken(header) && isCsrfToken(cookieToken) && sameToken(header, cookieToken)) return next();
  return refuse(res, MESSAGES.antiforgery);
}

/**
 * Creates the session guards of the reference backend's routes.
 *
 * @param {object} options
 * @param {ReturnType<typeof createSessions>} options.sessions
 * @returns {{
 *   requireBookings: (resolve: (req: import('express').Request) => Array<string | null | undefined>) => import('express').RequestHandler,
 *   grant: (req: import('express').Request, res: import('express').Response, references: string[], options?: { page?: boolean }) => string | null,
 *   throttle: (req: import('express').Request, reference: unknown) => Promise<number>,
 * }} `requireBookings(resolve)`: a middleware refusing (403) a request without a live session,
 *   or naming a booking the session does not hold; when it passes, `res.locals.sessionId` is the
 *   session's stable id (the scope of idempotency keys). `resolve(req)` lists the booking
 *   references the request is about; null/undefined entries (the request names no booking there,
 *   e.g. a malformed body) are left for the route to answer. `grant` is {@link grantBookings}.
 *   `throttle` takes one proof attempt of a booking reference, per client and per booking
 *   (backend/limits.js): 0 when allowed, else the seconds to wait; free when the request's
 *   session already holds that booking.
 */
function createGuards({ sessions }) {
  const takeProof = createProofThrottle();
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
    grant: (req, res, references, options) => grantBookings(req, res, sessions, references, options),
    async throttle(req, reference) {
      const wanted = normalise(reference).slice(0, 64);
      if (sessions.referencesOf(readCookie(req, SESSION_COOKIE))?.has(wanted)) return 0;
      return takeProof(req.ip ?? '', wanted);
    },
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
 *   `deleteUpload` (the upload's booking), `submitClaim` (body `Ctr`), `grant` and `throttle`
 */
function createRouteGuards({ sessions, store, bookings, findUpload }) {
  const { requireBookings, grant, throttle } = createGuards({ sessions });
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
    throttle,
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
  MAX_SESSIONS_PER_CLIENT,
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
