// @ts-check
/**
 * The reference backend's routes (docs/reference-backend.md; docs/product-rules.md section 7 as
 * far as built so far). The test endpoints /__dev/* are devTools.js's, served only with the dev
 * tools on.
 */
'use strict';

const express = require('express');
const { badRequest, requestErrorHandler, send } = require('./answers');
const { LIMITS, perClient, tooMany } = require('./limits');
const { checkRequest } = require('./requests');

/** Body limits of the report routes: a vitals report is a few short fields; an error report holds a stack. */
const VITALS_REPORT_LIMIT = '4kb';
const ERROR_REPORT_LIMIT = '32kb';
/** The `Retry-After` (s) of a proof refused because no session may make room (auth.js `createSessions`). */
const SESSIONS_FULL_WAIT_S = 60;
/** Longest vitals route kept (characters). */
const MAX_ROUTE_LENGTH = 200;
/** A route: '' or an absolute path of URL path characters only (RFC 3986 pchar and '/'). */
const SAFE_ROUTE = new RegExp(`^(?:/[A-Za-z0-9\\-._~!$&'()*+,;=:@%/]{0,${MAX_ROUTE_LENGTH - 1}})?$`);
/** The largest value each metric can take: LCP, INP and TTFB in ms (10 minutes), CLS a score. */
const VITALS_CEILING = { LCP: 600_000, INP: 600_000, TTFB: 600_000, CLS: 100 };

/**
 * The refusal of a vitals route that is not a path of safe characters, or null for a good one.
 *
 * @param {unknown} route
 * @returns {import('./types').Answer | null}
 */
function checkVitalsRoute(route) {
  return typeof route === 'string' && SAFE_ROUTE.test(route)
    ? null
    : badRequest(`route must be a path of at most ${MAX_ROUTE_LENGTH} URL path characters.`);
}

/**
 * A metric's value within what the metric can be (docs/reference-backend.md "Web Vitals").
 *
 * @param {keyof typeof VITALS_CEILING} name
 * @param {number} value at least 0 (the schema's)
 * @returns {number}
 */
const clampVital = (name, value) => Math.min(value, VITALS_CEILING[name]);

/**
 * Reads a query parameter by name, ignoring the letter case of the name (as ASP.NET model binding
 * does). A repeated parameter gives its first value.
 *
 * @param {Record<string, unknown>} query the parsed query (`req.query`)
 * @param {string} name the parameter name, e.g. `BookingReference`
 * @returns {string} the value, or `''` when absent
 */
function queryValue(query, name) {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (key.toLowerCase() !== wanted) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first : '';
  }
  return '';
}

/**
 * Escapes control characters (C0, DEL, C1, U+2028, U+2029) as `\uXXXX`, so a logged value
 * cannot start a forged log line or move the cursor of a terminal.
 *
 * @param {unknown} value any value; null/undefined become ''
 * @param {number} [max] longest result before escaping (characters), default 200
 * @returns {string}
 */
function escapeForLog(value, max = 200) {
  return String(value ?? '')
    .slice(0, max)
    .replace(
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
}

/** @typedef {import('express').RequestHandler} RequestHandler */

/**
 * The session guards the routes run (auth.js `createRouteGuards`).
 *
 * @typedef {object} Guards
 * @property {RequestHandler} status runs before /Refund/Status and /Refund/DryRun
 * @property {RequestHandler} refund runs before /api/ProcessRefund
 * @property {RequestHandler} replacement runs before the replacement routes
 * @property {(req: import('express').Request, res: import('express').Response, references: string[],
 *   options?: { page?: boolean }) => string | null} grant issues a new session token for proved
 *   bookings (null: refused by a session limit)
 * @property {(req: import('express').Request, reference: unknown) => Promise<number>} throttle
 *   takes one proof attempt of a booking: 0 when allowed, else the seconds to wait
 */

/**
 * The backend's routes over a backend (../backend.js `createBackend`).
 *
 * @param {import('../backend').Backend} backend
 * @param {object} options
 * @param {number} [options.latencyMs] delay before each /Refund/* and /api/* answer (default 0)
 * @param {import('./types').Logger} [options.logger]
 * @param {Guards} options.guards
 * @param {boolean} [options.logReports] log each error report (default true; the states gallery's
 *   are made on purpose, and kept without a log line)
 * @returns {import('express').Router}
 */
function createBackendRouter(backend, { latencyMs = 0, logger = console, guards, logReports = true }) {
  const router = express.Router();
  const json = express.json({ limit: '100kb' });
  /**
   * @param {import('express').Request} _req
   * @param {import('express').Response} res
   * @param {import('express').NextFunction} next
   */
  const noStore = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };

  if (latencyMs > 0) {
    router.use(['/Refund', '/api'], (_req, _res, next) => {
      setTimeout(next, latencyMs);
    });
  }
  router.use(['/Refund', '/api', '/report', '/tickets'], noStore);

  /** @param {import('express').Request} req */
  const statusQuery = (req) => queryValue(req.query, 'bookingReference');
  router.get('/Refund/Status', guards.status, (req, res) => send(res, backend.statusAnswer(statusQuery(req))));
  router.get('/Refund/DryRun', guards.status, (req, res) => send(res, backend.dryRunAnswer(statusQuery(req))));

  // Server-to-server: another host opens a session for a booking it rendered (docs/security.md);
  // a new token every time, keeping the request's live session only when it holds that booking.
  router.post('/api/Session', json, async (req, res) => {
    if (!req.is('application/json')) return res.status(415).type('text/plain').send('Send JSON.');
    const invalid = checkRequest(req.body, 'lookupRequest');
    if (invalid) return send(res, invalid);
    const wait = await guards.throttle(req, req.body.bookingReference);
    if (wait > 0) return tooMany(res, wait, { json: false });
    const found = backend.findBooking(req.body.bookingReference, req.body.email);
    if (!found) return res.status(404).type('text/plain').send('No booking with that reference and email address.');
    const session = guards.grant(req, res, [found.state.bookingReference], { page: true });
    if (session === null) return tooMany(res, SESSIONS_FULL_WAIT_S, { json: false });
    return res.json({ session });
  });

  router.post('/api/ProcessRefund', json, guards.refund, (req, res) => {
    send(res, backend.processRefund(req.body, req.get('Idempotency-Key'), res.locals.sessionId));
  });
  router.post('/api/LookupJourneys', json, async (req, res) => {
    const named = checkRequest(req.body, 'lookupRequest') ? 0 : await guards.throttle(req, req.body.bookingReference);
    if (named > 0) return tooMany(res, named);
    const answer = backend.lookupAnswer(req.body);
    // Reference and e-mail matched: the traveller proved the replacement booking is theirs.
    if (answer.status === 200 && guards.grant(req, res, [req.body.bookingReference]) === null) {
      return tooMany(res, SESSIONS_FULL_WAIT_S);
    }
    return send(res, answer);
  });
  router.post('/api/ProcessRefundWithReplacement/DryRun', json, guards.replacement, (req, res) =>
    send(res, backend.replacementDryRunAnswer(req.body)),
  );
  router.post('/api/ProcessRefundWithReplacement', json, guards.replacement, (req, res) => {
    send(res, backend.processReplacement(req.body, req.get('Idempotency-Key'), res.locals.sessionId));
  });

  /**
   * A report route: rate-limited per client before the body is read (docs/reference-backend.md
   * "Limits"), then JSON only (415), since a cross-site form or no-cors fetch cannot send
   * application/json without a preflight.
   *
   * @param {string} route
   * @param {number} perClientLimit reports a client may send a window (limits.js)
   * @param {string} bodyLimit the largest body
   * @param {string} noun the report, as the 415's message starts
   * @param {import('express').RequestHandler} handle
   */
  const reportRoute = (route, perClientLimit, bodyLimit, noun, handle) =>
    router.post(
      route,
      perClient(perClientLimit),
      express.json({ limit: bodyLimit, type: 'application/json' }),
      (req, res, next) => {
        if (!req.is('application/json')) {
          return res.status(415).json({ message: `${noun} must be sent as application/json.` });
        }
        return handle(req, res, next);
      },
    );

  reportRoute('/report/error', LIMITS.errorsPerClient, ERROR_REPORT_LIMIT, 'An error report', (req, res) => {
    if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) {
      return res.status(400).json({ message: 'An error report must be a JSON object.' });
    }
    backend.addErrorReport(req.body);
    if (logReports) logger.warn(`Dev host: client error report: ${escapeForLog(req.body.message)}`);
    return res.status(204).end();
  });

  // Web Vitals of real page views (docs/host-contract.md "POST /report/vitals"): checked against the
  // contract's schema and the route's and value's bounds, kept without a log line.
  reportRoute('/report/vitals', LIMITS.vitalsPerClient, VITALS_REPORT_LIMIT, 'A vitals report', (req, res) => {
    const invalid = checkRequest(req.body, 'vitalsReport') ?? checkVitalsRoute(req.body.route);
    if (invalid) return send(res, invalid);
    backend.addVitalsReport({ ...req.body, value: clampVital(req.body.name, req.body.value) });
    return res.status(204).end();
  });

  router.use('/api', (_req, res) => res.status(404).json({ message: 'Not found.' }));

  // Body-parser failures (malformed JSON, too large) become 4xx answers with a message.
  router.use(requestErrorHandler(logger, 'backend'));
  return router;
}

module.exports = { createBackendRouter, queryValue, escapeForLog, SESSIONS_FULL_WAIT_S };
