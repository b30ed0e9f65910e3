// @ts-check
// The reference backend's routes (docs/reference-backend.md; /__dev/* are devTools.js's).
'use strict';

const express = require('express');
const { badRequest, requestErrorHandler, send } = require('./answers');
const { LIMITS, perClient, tooMany } = require('./limits');
const { checkRequest } = require('./requests');

/** The `Retry-After` (s) of a proof refused because no session may make room (auth.js). */
const SESSIONS_FULL_WAIT_S = 60;
/** A vitals route: '' or a path of URL path characters (RFC 3986 pchar and '/'), at most 200. */
const SAFE_ROUTE = /^(?:\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]{0,199})?$/;
/** The largest value of each metric (docs/reference-backend.md "Web Vitals"). */
const VITALS_CEILING = { LCP: 600_000, INP: 600_000, TTFB: 600_000, CLS: 100 };

/** @type {(query: Record<string, unknown>, name: string) => string} the first value, name in any case (as ASP.NET) */
const queryValue = (query, name) => {
  const found = Object.entries(query ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  const first = Array.isArray(found) ? found[0] : found;
  return typeof first === 'string' ? first : '';
};

/** @type {(value: unknown, max?: number) => string} for a log line: cut, control characters as `\uXXXX` */
const escapeForLog = (value, max = 200) =>
  String(value ?? '')
    .slice(0, max)
    .replace(
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );

/**
 * The session guards (auth.js `createRouteGuards`): `grant` issues a session token for proved
 * bookings (null: no room), `throttle` takes one proof (0, or the seconds to wait).
 * @typedef {import('express').Request} Request
 * @typedef {import('express').RequestHandler} Handler
 * @typedef {{ status: Handler, refund: Handler, replacement: Handler, throttle: (req: Request, reference: unknown) => Promise<number>,
 *   grant: (req: Request, res: import('express').Response, references: string[], options?: { page?: boolean }) => string | null }} Guards
 */

/**
 * The backend's routes over ../backend.js `createBackend`.
 * @param {import('../backend').Backend} backend
 * @param {{ latencyMs?: number, logger?: import('./types').Logger, guards: Guards, logReports?: boolean }} options
 *   `latencyMs` delays /Refund/* and /api/*; `logReports: false` keeps error reports without a log line
 * @returns {import('express').Router}
 */
function createBackendRouter(backend, { latencyMs = 0, logger = console, guards, logReports = true }) {
  const router = express.Router();
  const json = express.json({ limit: '100kb' });
  if (latencyMs > 0) router.use(['/Refund', '/api'], (_req, _res, next) => void setTimeout(next, latencyMs));
  router.use(['/Refund', '/api', '/report', '/tickets'], (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  /** @param {import('express').Request} req */
  const statusQuery = (req) => queryValue(req.query, 'bookingReference');
  router.get('/Refund/Status', guards.status, (req, res) => send(res, backend.statusAnswer(statusQuery(req))));
  router.get('/Refund/DryRun', guards.status, (req, res) => send(res, backend.dryRunAnswer(statusQuery(req))));

  // Server-to-server: a host opens a session for a booking it rendered (docs/security.md).
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
    // Reference and e-mail matched: the replacement booking is proved.
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
   * A report route: limited per client before the body is read, then JSON only (415: a cross-site
   * form cannot send it without a preflight).
   * @param {string} route
   * @param {number} perClientLimit
   * @param {string} bodyLimit
   * @param {string} noun starts the 415's message
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

  reportRoute('/report/error', LIMITS.errorsPerClient, '32kb', 'An error report', (req, res) => {
    if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) {
      return res.status(400).json({ message: 'An error report must be a JSON object.' });
    }
    backend.addErrorReport(req.body);
    if (logReports) logger.warn(`Dev host: client error report: ${escapeForLog(req.body.message)}`);
    return res.status(204).end();
  });

  reportRoute('/report/vitals', LIMITS.vitalsPerClient, '4kb', 'A vitals report', (req, res) => {
    const invalid =
      checkRequest(req.body, 'vitalsReport') ??
      (SAFE_ROUTE.test(req.body.route) ? null : badRequest('route must be a path of at most 200 URL path characters.'));
    if (invalid) return send(res, invalid);
    const { name, value } = req.body;
    backend.addVitalsReport({ ...req.body, value: Math.min(value, VITALS_CEILING[/** @type {'LCP'} */ (name)]) });
    return res.status(204).end();
  });

  router.use('/api', (_req, res) => res.status(404).json({ message: 'Not found.' }));

  router.use(requestErrorHandler(logger, 'backend'));
  return router;
}

module.exports = { createBackendRouter, queryValue, escapeForLog, SESSIONS_FULL_WAIT_S };
