// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend over the named fixture states (docs/reference-backend.md): refund status
 * and dry run answers, POST /api/ProcessRefund, /api/LookupJourneys and
 * /api/ProcessRefundWithReplacement (+ DryRun), the committing ones with Idempotency-Key replay,
 * and POST /report/error. It wires three parts of backend/:
 * - `fixtures.js`: the fixture states (fixtures/bookings.json, fixtures/lookups.json), indexed;
 * - `store.js`: what changed since (refunds, idempotency answers, accepted requests, error
 *   reports), persisted to `DATA_DIR/state.json`;
 * - `refundRules.js`: whether a refund or a replacement is accepted;
 * and `routes.js` serves it over HTTP.
 */
'use strict';

const { clone, fromHttpError, isHttpError, messageOf, notFound } = require('./backend/answers');
const { createFixtures } = require('./backend/fixtures');
const { checkReplacement, decideRefund, findLookup } = require('./backend/refundRules');
const { checkRequest } = require('./backend/requests');
const { createBackendRouter, escapeForLog, queryValue } = require('./backend/routes');
const { createStore, STATE_FILE } = require('./backend/store');

/** @typedef {import('./backend/types').Answer} Answer */

/**
 * Creates the reference backend over the fixture states, loading `DATA_DIR/state.json` when present.
 *
 * @param {object} options
 * @param {Record<string, import('./backend/types').BookingState>} options.bookings fixture states
 *   keyed by name (fixtures/bookings.json shape)
 * @param {Record<string, import('./backend/types').LookupState>} [options.lookups] replacement
 *   bookings keyed by name (fixtures/lookups.json shape)
 * @param {string} options.dataDir folder for state.json (created when missing)
 * @param {import('./backend/types').Logger} [options.logger] where problems with the saved state are logged
 * @param {boolean} [options.keep] false: a backend that keeps nothing its committing calls change
 *   (backend/store.js `createStore`), as the states gallery's; default true
 * @throws Error when a fixture state has no bookingReference or email, or two share a reference
 */
function createBackend({ bookings, lookups = {}, dataDir, logger = console, keep = true }) {
  const fixtures = createFixtures({ bookings, lookups });
  const store = createStore({ dataDir, logger, keep });
  const { isRefunded } = store;

  return Object.assign(store, {
    bookings,
    findByReference: fixtures.findByReference,
    findBooking: fixtures.findBooking,
    findByProtectedReference: fixtures.findByProtectedReference,

    /**
     * The answer of GET /Refund/Status for a reference: the fixture's status, with isCancelled true
     * once refunded; its httpError as given; 404 for an unknown reference.
     * @param {string} reference
     * @returns {Answer}
     */
    statusAnswer(reference) {
      const found = fixtures.findByReference(reference);
      if (!found) return notFound(reference);
      const { status } = found.state;
      if (isHttpError(status)) return fromHttpError(status.httpError);
      const json = clone(status);
      if (isRefunded(reference) && json?.refundStatus) json.refundStatus.isCancelled = true;
      return { status: 200, json };
    },

    /**
     * The answer of GET /Refund/DryRun: the fixture's dry run, refundValue 0 once refunded; its
     * httpError as given; 404 for an unknown reference.
     * @param {string} reference
     * @returns {Answer}
     */
    dryRunAnswer(reference) {
      const found = fixtures.findByReference(reference);
      if (!found) return notFound(reference);
      const { dryRun } = found.state;
      if (isRefunded(reference)) {
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
      return store.committing('/api/ProcessRefund', body, idempotencyKey, session, () => {
        const invalid = checkRequest(body, 'confirmRefundRequest');
        if (invalid) return /** @type {{ status: number, json: unknown }} */ (invalid);
        const request = /** @type {import('./backend/requests').ConfirmRefundRequest} */ (body);
        const answer = decideRefund(fixtures, request, isRefunded);
        if ('accepted' in answer) {
          store.recordRefund(answer.reference, {
            time: new Date().toISOString(),
            deferred: request.defer,
            journeyId: request.journeyId,
          });
        }
        return /** @type {{ status: number, json: unknown }} */ (answer);
      });
    },

    /**
     * Handles POST /api/LookupJourneys (docs/product-rules.md section 7): the fixture lookup whose
     * booking reference and e-mail match (ignoring letter case) answers its list, or its
     * httpError; an unknown booking answers 404 with a plain-text message.
     *
     * @param {unknown} body `{ bookingReference, email }`
     * @returns {Answer}
     */
    lookupAnswer(body) {
      const invalid = checkRequest(body, 'lookupRequest');
      if (invalid) return invalid;
      const request = /** @type {import('./backend/requests').LookupRequest} */ (body);
      const found = findLookup(fixtures, request.bookingReference, request.email);
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
     * @returns {Answer}
     */
    replacementDryRunAnswer(body) {
      const invalid = checkRequest(body, 'replacementRequest');
      if (invalid) return invalid;
      const checked = checkReplacement(
        fixtures,
        /** @type {import('./backend/requests').ReplacementRequest} */ (body),
        isRefunded,
      );
      return 'error' in checked ? checked.error : checked.dryRun;
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
      return store.committing('/api/ProcessRefundWithReplacement', body, idempotencyKey, session, () => {
        const invalid = checkRequest(body, 'replacementRequest');
        if (invalid) return { status: invalid.status, json: { message: messageOf(invalid) } };
        const request = /** @type {import('./backend/requests').ReplacementRequest} */ (body);
        const checked = checkReplacement(fixtures, request, isRefunded);
        if ('error' in checked) return { status: checked.error.status, json: { message: messageOf(checked.error) } };
        const { dryRun } = checked;
        if (dryRun.status !== 200 || !('json' in dryRun)) {
          return { status: dryRun.status, json: { message: messageOf(dryRun) } };
        }
        store.recordRefund(checked.reference, {
          time: new Date().toISOString(),
          deferred: false,
          journeyId: request.journeyId,
          replacement: {
            bookingReference: request.replacementBookingReference,
            journeyId: request.replacementJourneyId,
          },
        });
        const { refundValue } = /** @type {import('./backend/types').DryRun} */ (dryRun.json);
        return { status: 200, json: { accepted: true, refundValue }, accepted: true, reference: checked.reference };
      });
    },
  });
}

/** @typedef {ReturnType<typeof createBackend>} Backend */

module.exports = { createBackend, createBackendRouter, queryValue, escapeForLog, STATE_FILE };
