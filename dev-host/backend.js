// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend over the named fixture states (fixtures/bookings.json, and
 * fixtures/lookups.json for replacement bookings): refund status and dry run answers, POST
 * /api/ProcessRefund, /api/LookupJourneys and /api/ProcessRefundWithReplacement (+ DryRun), the
 * committing ones with Idempotency-Key replay (idempotency.js), and POST /report/error. State
 * (refunded bookings, idempotency answers, the log of accepted requests) lives in a `store` and is
 * persisted to `DATA_DIR/state.json`; devTools.js serves it to tests at /__dev/*.
 */
'use strict';

const { randomBytes } = require('crypto');
const fs = require('fs');
const path = require('path');
const express = require('express');
const { createIdempotency } = require('./idempotency');

const STATE_FILE = 'state.json';
const STATE_VERSION = 1;
const MAX_ERROR_REPORTS = 1000;
const ERROR_REPORT_FIELDS = ['time', 'message', 'source', 'line', 'column', 'ua', 'pageUrl', 'stack'];

/** Body fields of the confirm refund request (docs/product-rules.md section 3) and their types. */
const CONFIRM_REFUND_FIELDS = {
  protectedReference: 'string',
  journeyId: 'integer',
  covid19: 'boolean',
  defer: 'boolean',
  disruptedOutwards: 'boolean',
  disruptedInwards: 'boolean',
};

/** Body fields of the lookup request (docs/product-rules.md section 3). */
const LOOKUP_FIELDS = { bookingReference: 'string', email: 'string' };

/** Body fields of the replacement request (docs/product-rules.md section 3). */
const REPLACEMENT_FIELDS = {
  protectedReference: 'string',
  journeyId: 'integer',
  replacementBookingReference: 'string',
  replacementJourneyId: 'integer',
};

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

const isHttpError = (value) => value !== null && typeof value === 'object' && 'httpError' in value;
const clone = (value) => JSON.parse(JSON.stringify(value));

/** Writes a file atomically: a temporary file in the same folder, then a rename over the target. */
function writeAtomic(file, data) {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temp, data);
  fs.renameSync(temp, file);
}

/** Writes JSON atomically (see {@link writeAtomic}). */
function writeJsonAtomic(file, value) {
  writeAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Indexes fixture states (`kind`: booking, lookup) by reference; throws on a missing or repeated one. */
function indexByReference(states, kind) {
  const byReference = new Map();
  for (const [name, state] of Object.entries(states)) {
    if (!state || typeof state.bookingReference !== 'string' || typeof state.email !== 'string') {
      throw new Error(`Dev host: ${kind} state "${name}" needs a bookingReference and an email`);
    }
    const key = state.bookingReference.trim().toUpperCase();
    if (byReference.has(key)) throw new Error(`Dev host: ${kind} reference ${key} is used by two states`);
    byReference.set(key, { name, state });
  }
  return byReference;
}

/**
 * Creates the backend's state over the fixture states, loading `DATA_DIR/state.json` when present.
 *
 * @param {object} options
 * @param {Record<string, object>} options.bookings fixture states keyed by name (fixtures/bookings.json shape)
 * @param {Record<string, object>} [options.lookups] replacement bookings keyed by name (fixtures/lookups.json shape)
 * @param {string} options.dataDir folder for state.json (created when missing)
 * @param {{ warn: Function }} [options.logger] where problems with the saved state are logged
 * @returns {object} the store: `findBooking`, `statusAnswer`, `dryRunAnswer`, `processRefund`,
 *   `addErrorReport`, `reset`, and the `requests` and `errorReports` lists
 */
function createStore({ bookings, lookups = {}, dataDir, logger = console }) {
  const byReference = indexByReference(bookings, 'booking');
  const lookupsByReference = new Map([...indexByReference(lookups, 'lookup')].map(([key, { state }]) => [key, state]));
  const stateFile = path.join(dataDir, STATE_FILE);
  fs.mkdirSync(dataDir, { recursive: true });

  const store = {
    bookings,
    stateFile,
    /** bookingReference (upper case) → { time, deferred, journeyId } */
    refunded: {},
    /** Saved answers of the committing calls, by session, path and key (idempotency.js). */
    idempotency: createIdempotency(),
    /** Accepted committing POSTs: { path, body, idempotencyKey, time } */
    requests: [],
    /** Error reports POSTed to /report/error (memory only). */
    errorReports: [],

    /**
     * The fixture state of a booking reference (any letter case), or null.
     * @param {string} reference
     * @returns {{ name: string, state: object } | null}
     */
    findByReference(reference) {
      return (
        byReference.get(
          String(reference ?? '')
            .trim()
            .toUpperCase(),
        ) ?? null
      );
    },

    /**
     * The fixture state whose reference and e-mail both match (each ignoring letter case), or null.
     * @param {string} reference
     * @param {string} email
     * @returns {{ name: string, state: object } | null}
     */
    findBooking(reference, email) {
      const found = store.findByReference(reference);
      if (!found) return null;
      return found.state.email.trim().toLowerCase() ===
        String(email ?? '')
          .trim()
          .toLowerCase()
        ? found
        : null;
    },

    /**
     * The fixture state whose protectedReference or replacementProtectedReference is `value`, or null.
     * @param {unknown} value
     * @returns {{ name: string, state: object } | null}
     */
    findByProtectedReference(value) {
      if (typeof value !== 'string' || value === '') return null;
      for (const found of byReference.values()) {
        const { status } = found.state;
        if (isHttpError(status) || !status) continue;
        if (status.protectedReference === value || status.replacementProtectedReference === value) return found;
      }
      return null;
    },

    /** True once a ProcessRefund for the booking was accepted. */
    isRefunded(reference) {
      return Boolean(store.refunded[String(reference).trim().toUpperCase()]);
    },

    /**
     * The answer of GET /Refund/Status for a reference: the fixture's status, with isCancelled true
     * once refunded; its httpError as given; 404 for an unknown reference.
     * @returns {{ status: number, json?: unknown, text?: string, contentType?: string }}
     */
    statusAnswer(reference) {
      const found = store.findByReference(reference);
      if (!found) return notFound(reference);
      const { status } = found.state;
      if (isHttpError(status)) return fromHttpError(status.httpError);
      const json = clone(status);
      if (store.isRefunded(reference) && json?.refundStatus) json.refundStatus.isCancelled = true;
      return { status: 200, json };
    },

    /**
     * The answer of GET /Refund/DryRun: the fixture's dry run, refundValue 0 once refunded; its
     * httpError as given; 404 for an unknown reference.
     * @returns {{ status: number, json?: unknown, text?: string, contentType?: string }}
     */
    dryRunAnswer(reference) {
      const found = store.findByReference(reference);
      if (!found) return notFound(reference);
      const { dryRun } = found.state;
      if (store.isRefunded(reference)) {
        return {
          status: 200,
          json: { refundValue: 0, adminFee: isHttpError(dryRun) ? 0 : dryRun.adminFee, reasonCode: null },
        };
      }
      if (isHttpError(dryRun)) return fromHttpError(dryRun.httpError);
      return { status: 200, json: clone(dryRun) };
    },

    /**
     * Handles POST /api/ProcessRefund. A repeated Idempotency-Key in the same session with the
     * same body returns the first answer and changes nothing; with another body it is refused (422).
     *
     * @param {unknown} body the parsed JSON body
     * @param {string | undefined} idempotencyKey the Idempotency-Key header
     * @param {string | null} [session] the id of the request's session (auth.js), the key's scope
     * @returns {{ status: number, json: unknown }}
     */
    processRefund(body, idempotencyKey, session = null) {
      return committing('/api/ProcessRefund', body, idempotencyKey, session, () => {
        const answer = decideRefund(body);
        if (answer.accepted) {
          store.refunded[answer.reference] = {
            time: new Date().toISOString(),
            deferred: body.defer,
            journeyId: body.journeyId,
          };
        }
        return answer;
      });
    },

    /**
     * Handles POST /api/LookupJourneys (docs/product-rules.md section 7): the fixture lookup whose booking
     * reference and e-mail match (ignoring letter case) answers its list, or its httpError; an
     * unknown booking answers 404 with a plain-text message.
     *
     * @param {unknown} body `{ bookingReference, email }`
     * @returns {{ status: number, json?: unknown, text?: string, contentType?: string }}
     */
    lookupAnswer(body) {
      const invalid = checkFields(body, LOOKUP_FIELDS);
      if (invalid) return invalid;
      const found = findLookup(body.bookingReference, body.email);
      if (!found) {
        return { status: 404, text: 'We could not find a booking with that reference and email address.' };
      }
      if (isHttpError(found.answer)) return fromHttpError(found.answer.httpError);
      return { status: 200, json: clone(found.answer) };
    },

    /**
     * Handles POST /api/ProcessRefundWithReplacement/DryRun: the amounts for one candidate journey
     * (the lookup fixture's `dryRuns[replacementJourneyId]`, else the booking's net replacement).
     *
     * @param {unknown} body the replacement request (docs/product-rules.md section 3)
     * @returns {{ status: number, json?: unknown, text?: string, contentType?: string }}
     */
    replacementDryRunAnswer(body) {
      const checked = checkReplacement(body);
      return checked.error ?? checked.dryRun;
    },

    /**
     * Handles POST /api/ProcessRefundWithReplacement with Idempotency-Key replay: accepted when the
     * replacement dry run for the same request succeeds; the booking then shows as refunded.
     *
     * @param {unknown} body the replacement request
     * @param {string | undefined} idempotencyKey
     * @param {string | null} [session] the id of the request's session (auth.js), the key's scope
     * @returns {{ status: number, json: unknown }}
     */
    processReplacement(body, idempotencyKey, session = null) {
      return committing('/api/ProcessRefundWithReplacement', body, idempotencyKey, session, () => {
        const checked = checkReplacement(body);
        if (checked.error) return { status: checked.error.status, json: { message: messageOf(checked.error) } };
        if (checked.dryRun.status !== 200) {
          return { status: checked.dryRun.status, json: { message: messageOf(checked.dryRun) } };
        }
        store.refunded[checked.reference] = {
          time: new Date().toISOString(),
          deferred: false,
          journeyId: body.journeyId,
          replacement: { bookingReference: body.replacementBookingReference, journeyId: body.replacementJourneyId },
        };
        return {
          status: 200,
          json: { accepted: true, refundValue: checked.dryRun.json.refundValue },
          accepted: true,
          reference: checked.reference,
        };
      });
    },

    /**
     * Keeps an error report (docs/product-rules.md section 3 fields; others dropped), newest last, at most 1000.
     * @param {Record<string, unknown>} report
     */
    addErrorReport(report) {
      const kept = Object.fromEntries(
        ERROR_REPORT_FIELDS.filter((field) => field in report).map((field) => [field, report[field]]),
      );
      store.errorReports.push({ ...kept, receivedAt: new Date().toISOString() });
      if (store.errorReports.length > MAX_ERROR_REPORTS)
        store.errorReports.splice(0, store.errorReports.length - MAX_ERROR_REPORTS);
    },

    /** Forgets refunds, idempotency answers, recorded requests and error reports; saves. */
    reset() {
      store.refunded = {};
      store.idempotency.clear();
      store.requests = [];
      store.errorReports = [];
      store.save();
    },

    /** Writes refunds, idempotency answers and recorded requests to state.json (atomically). */
    save() {
      writeJsonAtomic(stateFile, {
        version: STATE_VERSION,
        refunded: store.refunded,
        idempotency: store.idempotency.toJSON(),
        requests: store.requests,
      });
    },
  };

  /**
   * Runs a committing POST once per session, path and Idempotency-Key (idempotency.js;
   * docs/architecture.md "Exactly once"): a repeated key with the same body returns the first
   * answer and changes nothing; with another body it is refused (422). `decide` changes the state
   * and returns `{ status, json, accepted? }`; accepted requests are recorded in `requests`. Saves
   * when anything changed.
   */
  function committing(requestPath, body, idempotencyKey, session, decide) {
    const answer = store.idempotency.run({ scope: session, path: requestPath, key: idempotencyKey, body }, decide);
    if (answer.decided && answer.accepted) {
      store.requests.push({
        path: requestPath,
        body: clone(body),
        idempotencyKey: idempotencyKey ?? null,
        time: new Date().toISOString(),
      });
    }
    if (answer.decided && (answer.accepted || idempotencyKey !== undefined)) store.save();
    return { status: answer.status, json: answer.json };
  }

  /** The lookup fixture of a booking reference and e-mail (each ignoring letter case), or null. */
  function findLookup(reference, email) {
    const found = lookupsByReference.get(
      String(reference ?? '')
        .trim()
        .toUpperCase(),
    );
    if (!found) return null;
    return found.email.trim().toLowerCase() ===
      String(email ?? '')
        .trim()
        .toLowerCase()
      ? found
      : null;
  }

  /**
   * Checks a replacement request: the original booking by its (replacement) protected reference,
   * not yet refunded; the replacement journey among the eligible journeys of a known lookup.
   * @returns {{ error?: object, dryRun?: object, reference?: string }}
   */
  function checkReplacement(body) {
    const invalid = checkFields(body, REPLACEMENT_FIELDS);
    if (invalid) return { error: invalid };
    const match = [...byReference.values()].find(
      ({ state }) =>
        !isHttpError(state.status) &&
        state.status?.refundStatus &&
        (state.status.replacementProtectedReference ?? state.status.protectedReference) === body.protectedReference,
    );
    if (!match) return { error: badRequest('Unknown protected reference.') };
    const status = match.state.status.refundStatus;
    const reference = match.state.bookingReference.trim().toUpperCase();
    if (body.journeyId !== status.journeyID) return { error: badRequest('journeyId does not match the booking.') };
    if (store.isRefunded(reference) || status.isCancelled) {
      return { error: badRequest('This booking has already been refunded.') };
    }
    if (body.replacementBookingReference.trim().toUpperCase() === reference) {
      return { error: badRequest('The replacement cannot be the booking being refunded.') };
    }
    const lookup = lookupsByReference.get(body.replacementBookingReference.trim().toUpperCase());
    const eligible =
      lookup && !isHttpError(lookup.answer)
        ? lookup.answer.filter((item) => item.refundStatus).flatMap((item) => item.journeyList ?? [])
        : [];
    if (!eligible.some((journey) => journey.journeyID === body.replacementJourneyId)) {
      return { error: badRequest('this journey is not an eligible replacement for your booking') };
    }
    const planned = lookup.dryRuns?.[String(body.replacementJourneyId)];
    if (isHttpError(planned)) return { dryRun: fromHttpError(planned.httpError), reference };
    const dryRun = planned ?? {
      refundValue: Math.max(0, status.ticketsReplaceValue - status.adminFeeReplacement),
      adminFee: status.adminFeeReplacement,
      reasonCode: null,
    };
    return { dryRun: { status: 200, json: clone(dryRun) }, reference };
  }

  /** Checks a confirm refund request against the fixtures and the current state. */
  function decideRefund(body) {
    const invalid = checkFields(body, CONFIRM_REFUND_FIELDS);
    if (invalid) return invalid;
    const match = [...byReference.values()].find(
      ({ state }) => !isHttpError(state.status) && state.status?.protectedReference === body.protectedReference,
    );
    if (!match) return badRequest('Unknown protected reference.');
    const reference = match.state.bookingReference.trim().toUpperCase();
    const status = match.state.status.refundStatus;
    if (!status) return badRequest('No matching journey for this booking.');
    if (body.journeyId !== status.journeyID) return badRequest('journeyId does not match the booking.');
    if (store.isRefunded(reference) || status.isCancelled) return badRequest('This booking has already been refunded.');
    if (body.defer && !status.canDeferExchange) return badRequest('This booking cannot be deferred.');
    const dryRun = match.state.dryRun;
    const refundValue = isHttpError(dryRun) ? 0 : dryRun.refundValue;
    if (!body.defer && refundValue <= 0 && status.ticketsRefundValue - status.adminFee <= 0) {
      return badRequest('No refund is available for this booking.');
    }
    return { status: 200, json: { accepted: true, deferred: body.defer }, accepted: true, reference };
  }

  load();
  return store;

  function load() {
    if (!fs.existsSync(stateFile)) return;
    try {
      const saved = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
      if (saved.version !== STATE_VERSION) throw new Error(`unknown version ${saved.version}`);
      store.refunded = saved.refunded ?? {};
      // Older files hold answers without a session: load() leaves those out.
      store.idempotency.load(saved.idempotency);
      store.requests = saved.requests ?? [];
    } catch (error) {
      logger.warn(`Dev host: ignoring unreadable ${stateFile} (${error.message}); starting from the fixtures.`);
    }
  }
}

/**
 * Checks that `body` is a JSON object whose fields have the given types ('string' non-empty,
 * 'integer', 'boolean'). Returns a 400 answer naming the first bad field, or null.
 */
function checkFields(body, fields) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return badRequest('The request body must be a JSON object.');
  }
  for (const [field, type] of Object.entries(fields)) {
    const value = body[field];
    const ok =
      type === 'integer'
        ? Number.isInteger(value)
        : type === 'string'
          ? typeof value === 'string' && value.trim() !== ''
          : typeof value === type;
    if (!ok) {
      const wanted = type === 'integer' ? 'an integer' : type === 'string' ? 'a non-empty string' : 'true or false';
      return badRequest(`${field} must be ${wanted}.`);
    }
  }
  return null;
}

/** The message of an answer: its JSON `message`, else its text. */
function messageOf(answer) {
  if ('json' in answer) return answer.json?.message ?? '';
  try {
    const parsed = JSON.parse(answer.text);
    return typeof parsed?.message === 'string' ? parsed.message : answer.text;
  } catch {
    return answer.text;
  }
}

function badRequest(message) {
  return { status: 400, json: { message } };
}

function notFound(reference) {
  return {
    status: 404,
    text: `No booking with reference ${String(reference ?? '').slice(0, 40)}`,
    contentType: 'text/plain',
  };
}

function fromHttpError({ status, body, contentType }) {
  return { status, text: String(body ?? ''), contentType: contentType ?? 'text/plain' };
}

/** Sends an answer of the store: JSON, or text with its content type. */
function send(res, answer) {
  res.status(answer.status);
  if ('json' in answer) return res.json(answer.json);
  return res.type(answer.contentType ?? 'text/plain').send(answer.text);
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

/**
 * The backend's routes (docs/product-rules.md section 7 as far as built so far). The test
 * endpoints /__dev/* are devTools.js's, served only with the dev tools on.
 *
 * @param {object} store from {@link createStore}
 * @param {object} options
 * @param {number} [options.latencyMs] delay before each /Refund/* and /api/* answer (default 0)
 * @param {{ warn: Function }} [options.logger]
 * @param {Record<string, Function>} options.guards session guards (auth.js `createRouteGuards`:
 *   `status`, `refund`, `replacement` run before those routes; `grant` issues a new session token
 *   for a proved booking)
 * @returns {import('express').Router}
 */
function createBackendRouter(store, { latencyMs = 0, logger = console, guards }) {
  const router = express.Router();
  const json = express.json({ limit: '100kb' });
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

  const statusQuery = (req) => queryValue(req.query, 'bookingReference');
  router.get('/Refund/Status', guards.status, (req, res) => send(res, store.statusAnswer(statusQuery(req))));
  router.get('/Refund/DryRun', guards.status, (req, res) => send(res, store.dryRunAnswer(statusQuery(req))));

  // Server-to-server: another host opens a session for a booking it rendered (docs/security.md);
  // a new token every time, holding the live session's bookings of the request's cookie too.
  router.post('/api/Session', json, (req, res) => {
    if (!req.is('application/json')) return res.status(415).type('text/plain').send('Send JSON.');
    const invalid = checkFields(req.body, LOOKUP_FIELDS);
    if (invalid) return send(res, invalid);
    const found = store.findBooking(req.body.bookingReference, req.body.email);
    if (!found) return res.status(404).type('text/plain').send('No booking with that reference and email address.');
    return res.json({ session: guards.grant(req, res, [found.state.bookingReference]) });
  });

  router.post('/api/ProcessRefund', json, guards.refund, (req, res) => {
    send(res, store.processRefund(req.body, req.get('Idempotency-Key'), res.locals.sessionId));
  });
  router.post('/api/LookupJourneys', json, (req, res) => {
    const answer = store.lookupAnswer(req.body);
    // Reference and e-mail matched: the traveller proved the replacement booking is theirs.
    if (answer.status === 200) guards.grant(req, res, [req.body.bookingReference]);
    send(res, answer);
  });
  router.post('/api/ProcessRefundWithReplacement/DryRun', json, guards.replacement, (req, res) =>
    send(res, store.replacementDryRunAnswer(req.body)),
  );
  router.post('/api/ProcessRefundWithReplacement', json, guards.replacement, (req, res) => {
    send(res, store.processReplacement(req.body, req.get('Idempotency-Key'), res.locals.sessionId));
  });

  // JSON only: a cross-site form or no-cors fetch cannot send application/json without a preflight.
  router.post('/report/error', express.json({ limit: '100kb', type: 'application/json' }), (req, res) => {
    if (!req.is('application/json')) {
      return res.status(415).json({ message: 'An error report must be sent as application/json.' });
    }
    if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) {
      return res.status(400).json({ message: 'An error report must be a JSON object.' });
    }
    store.addErrorReport(req.body);
    logger.warn(`Dev host: client error report: ${escapeForLog(req.body.message)}`);
    return res.status(204).end();
  });

  router.use('/api', (_req, res) => res.status(404).json({ message: 'Not found.' }));

  // Body-parser failures (malformed JSON, too large) become 4xx answers with a message.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  router.use((error, _req, res, _next) => {
    const status = Number.isInteger(error.status) && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) logger.warn(`Dev host: backend error: ${error.stack ?? error}`);
    res
      .status(status)
      .json({ message: status === 500 ? 'Internal error in the dev host.' : `Invalid request: ${error.message}` });
  });
  return router;
}

module.exports = { createStore, createBackendRouter, queryValue, writeAtomic, escapeForLog, STATE_FILE };
