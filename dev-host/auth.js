// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
// The reference backend's sessions and antiforgery (docs/security.md "Sessions and antiforgery on
// the reference backend"; limits: docs/reference-backend.md "Limits").
'use strict';

const { createHash, randomBytes, timingSafeEqual } = require('crypto');
const express = require('express');
const { queryValue, createBackendRouter } = require('./backend');
const { journeyIdsOf, createClaimsRouter } = require('./claims');
const { isUploadId } = require('./backend/uploadFiles');
const { createProofThrottle } = require('./backend/limits');
const antiforgeryToken = require('../contract/rules/antiforgeryToken.json');

const SESSION_COOKIE = 'rw_session';
const CSRF_COOKIE = 'rw_csrf';
const CSRF_HEADER = 'RequestVerificationToken';
const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** A session used this recently (ms) is never the one ended to make room. */
const RECENTLY_ACTIVE_MS = 15 * 60 * 1000;
const MAX_SESSIONS = 10_000;
const MAX_SESSIONS_PER_BOOKING = 32;
const MAX_SESSIONS_PER_CLIENT = 1000;
/** Tokens this backend issues: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const CSRF_TOKEN_SHAPE = new RegExp(antiforgeryToken.pattern);
/** @param {string} token */
const isCsrfToken = (token) => token.length >= antiforgeryToken.minLength && CSRF_TOKEN_SHAPE.test(token);

const MESSAGES = {
  antiforgery: 'The request verification token is missing or does not match. Reload the page and try again.',
  noSession: 'There is no session for this booking. Reload the page and try again.',
  otherBooking: 'This session does not cover that booking. Reload the page and try again.',
};

const newToken = () => randomBytes(32).toString('base64url');
/** @param {unknown} reference */
const normalise = (reference) =>
  String(reference ?? '')
    .trim()
    .toUpperCase();

/**
 * Reads a `Cookie` header into an object; the first value of a repeated name wins.
 * @param {string | undefined} header @returns {Record<string, string>}
 */
function parseCookies(header) {
  /** @type {Record<string, string>} */
  const cookies = {};
  for (const part of String(header ?? '').split(';')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    if (at > 0 && !(name in cookies)) cookies[name] = part.slice(at + 1).trim();
  }
  return cookies;
}

/**
 * Our cookie's name on a request: `__Host-<name>` over HTTPS (`req.secure`), else `<name>`; only that name is read.
 * @param {import('express').Request} req @param {string} name
 */
const cookieName = (req, name) => (req.secure ? `__Host-${name}` : name);
/** @param {import('express').Request} req @param {string} name */
const readCookie = (req, name) => parseCookies(req.get('Cookie'))[cookieName(req, name)];
/**
 * Appends our `Set-Cookie`: Path=/, HttpOnly, SameSite=Lax; over HTTPS `__Host-` and Secure.
 * @param {import('express').Request} req @param {import('express').Response} res
 * @param {string} name @param {string} value
 */
const setCookie = (req, res, name, value) =>
  res.append(
    'Set-Cookie',
    `${cookieName(req, name)}=${value}; Path=/; ${req.secure ? 'Secure; ' : ''}HttpOnly; SameSite=Lax`,
  );

/** @typedef {{ id: string, token: string, references: Set<string>, lastUsed: number, createdAt: number, client: string | null }} Session */

/**
 * The in-memory session store, with the lifetimes and caps of docs/reference-backend.md "Limits".
 * `open` issues a new token for `references` plus the live session of `token` (which then stops
 * working); with `page`, a live session not holding every one of `references` ends and a new one
 * holds them alone. Null when a cap refuses. `find` gives a token's live session (stable id,
 * upper-case references) or null.
 * @param {{ now?: () => number }} [options] clock (ms)
 * @returns {{ open: (references: string[], token?: string, options?: { client?: string | null, page?: boolean }) => string | null,
 *   find: (token: string | undefined) => { id: string, references: Set<string> } | null }}
 */
function createSessions({ now = Date.now } = {}) {
  /** token → session, least recently used first. @type {Map<string, Session>} */
  const sessions = new Map();
  /** @type {Map<string, Set<Session>>} */
  const byBooking = new Map();
  /** @type {Map<string, Set<Session>>} */
  const byClient = new Map();
  /** @param {Map<string, Set<Session>>} index @param {string} key */
  const setOf = (index, key) => index.get(key) ?? new Set();
  /** @param {Map<string, Set<Session>>} index @param {string} key @param {Session} session */
  const unindex = (index, key, session) => {
    const group = setOf(index, key);
    group.delete(session);
    if (group.size === 0) index.delete(key);
  };
  /** @param {Session} session */
  const end = (session) => {
    sessions.delete(session.token);
    for (const reference of session.references) unindex(byBooking, reference, session);
    if (session.client !== null) unindex(byClient, session.client, session);
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
    // Re-insert: Map order is the eviction order.
    sessions.delete(token);
    sessions.set(token, session);
    return session;
  };
  /** The least recently used session of `group` that `mayGo`, or undefined. @param {Iterable<Session>} group @param {(session: Session) => boolean} mayGo */
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
        id: randomBytes(16).toString('base64url'),
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
  };
}

/**
 * Opens a session for the proved `references` (`createSessions().open`, client `req.ip`) and sets
 * its cookie; null when a cap refuses.
 * @param {import('express').Request} req @param {import('express').Response} res
 * @param {ReturnType<typeof createSessions>} sessions @param {string[]} references @param {{ page?: boolean }} [options]
 */
function grantBookings(req, res, sessions, references, { page = false } = {}) {
  const token = sessions.open(references, readCookie(req, SESSION_COOKIE), { client: req.ip ?? null, page });
  if (token !== null) setCookie(req, res, SESSION_COOKIE, token);
  return token;
}

/**
 * The token for a page's `request-verification-token` meta: the request's `rw_csrf` cookie when of
 * our shape (two tabs share one), else a new one set as that cookie.
 * @param {import('express').Request} req @param {import('express').Response} res @returns {string}
 */
function pageToken(req, res) {
  const current = readCookie(req, CSRF_COOKIE);
  if (current && TOKEN.test(current)) return current;
  const token = newToken();
  setCookie(req, res, CSRF_COOKIE, token);
  return token;
}

/** @param {string} text */
const digest = (text) => createHash('sha256').update(text).digest();
/** Whether two strings are equal, in time independent of their contents. @param {string} a @param {string} b */
const sameSecret = (a, b) => timingSafeEqual(digest(a), digest(b));

/** 403 in plain text. @param {import('express').Response} res @param {string} message */
const refuse = (res, message) => res.status(403).type('text/plain').set('Cache-Control', 'no-store').send(message);

/** @type {import('express').RequestHandler} the double-submit check: header equals cookie, else 403 */
function requireAntiforgery(req, res, next) {
  const header = req.get(CSRF_HEADER) ?? '';
  const cookieToken = readCookie(req, CSRF_COOKIE) ?? '';
  const valid = isCsrfToken(header) && isCsrfToken(cookieToken) && sameSecret(header, cookieToken);
  return valid ? next() : refuse(res, MESSAGES.antiforgery);
}

/**
 * The session guards of each reference-backend route, from the booking each call names;
 * null/undefined names are left for the route's 400. A passing guard sets `res.locals.sessionId`.
 * `throttle(req, reference)` takes one proof attempt: 0, or the seconds to wait.
 * @param {{ sessions: ReturnType<typeof createSessions>, bookings: Record<string, import('./backend/types').BookingState>,
 * store: { findByProtectedReference: (value: unknown) => { state: { bookingReference: string } } | null },
 * findUpload: (uploadId: string) => { bookingReference: string } | undefined }} options
 * @returns {import('./backend/routes').Guards & Record<'upload' | 'deleteUpload' | 'submitClaim', import('express').RequestHandler>}
 */
function createRouteGuards({ sessions, store, bookings, findUpload }) {
  const takeProof = createProofThrottle();
  /** @param {(req: import('express').Request) => Array<string | null | undefined>} resolve @returns {import('express').RequestHandler} */
  const requireBookings = (resolve) => (req, res, next) => {
    const session = sessions.find(readCookie(req, SESSION_COOKIE));
    if (!session) return refuse(res, MESSAGES.noSession);
    const named = resolve(req).filter((reference) => reference !== null && reference !== undefined);
    if (named.some((reference) => !session.references.has(normalise(reference)))) {
      return refuse(res, MESSAGES.otherBooking);
    }
    res.locals.sessionId = session.id;
    return next();
  };
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
    grant: (req, res, references, options) => grantBookings(req, res, sessions, references, options),
    async throttle(req, reference) {
      const wanted = normalise(reference).slice(0, 64);
      if (sessions.find(readCookie(req, SESSION_COOKIE))?.references.has(wanted)) return 0;
      return takeProof(req.ip ?? '', wanted);
    },
  };
}

/**
 * The reference backend's API routes behind their checks: antiforgery on every state-changing call
 * under /api and /tickets but POST /api/Session, the session guards, the claims and backend routes.
 * @param {{ store: import('./backend').Backend, sessions: ReturnType<typeof createSessions>, dataDir: string,
 * bookings: Record<string, import('./backend/types').BookingState>, latencyMs?: number, logger?: import('./backend/types').Logger }} options
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
  grantBookings,
  pageToken,
  parseCookies,
  SESSION_COOKIE,
  CSRF_COOKIE,
  CSRF_HEADER,
  MESSAGES,
  sameSecret,
};
