// @ts-check
// The reference backend over the fixture states: refund status, dry run, refund, lookup and
// replacement answers (docs/reference-backend.md "Code").
'use strict';

const { clone, fromHttpError, isHttpError, messageOf, notFound } = require('./backend/answers');
const { createFixtures } = require('./backend/fixtures');
const { checkReplacement, decideRefund, findLookup } = require('./backend/refundRules');
const { checkRequest } = require('./backend/requests');
const { createBackendRouter, queryValue } = require('./backend/routes');
const { createStore } = require('./backend/store');

/** @typedef {import('./backend/types').Answer} Answer */
/** @typedef {import('./backend/requests').ReplacementRequest} ReplacementRequest */
/** @typedef {{ status: number, json: unknown }} JsonAnswer */
/** @typedef {(body: unknown, idempotencyKey: string | undefined, session?: string | null) => JsonAnswer} Committing */

/**
 * The reference backend over fixtures/bookings.json and lookups.json, loading `DATA_DIR/state.json`.
 * @param {{ bookings: Record<string, import('./backend/types').BookingState>,
 *   lookups?: Record<string, import('./backend/types').LookupState>, dataDir: string,
 *   logger?: import('./backend/types').Logger, keep?: boolean }} options `keep: false`: the gallery's (backend/store.js)
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

    /** @type {(reference: string) => Answer} GET /Refund/Status: the fixture's, isCancelled once refunded */
    statusAnswer: (reference) => {
      const found = fixtures.findByReference(reference);
      if (!found) return notFound(reference);
      const { status } = found.state;
      if (isHttpError(status)) return fromHttpError(status.httpError);
      const json = clone(status);
      if (isRefunded(reference) && json?.refundStatus) json.refundStatus.isCancelled = true;
      return { status: 200, json };
    },

    /** @type {(reference: string) => Answer} GET /Refund/DryRun: the fixture's, refundValue 0 once refunded */
    dryRunAnswer: (reference) => {
      const found = fixtures.findByReference(reference);
      if (!found) return notFound(reference);
      const { dryRun } = found.state;
      if (isRefunded(reference)) {
        const adminFee = isHttpError(dryRun) ? 0 : dryRun.adminFee;
        return { status: 200, json: { refundValue: 0, adminFee, reasonCode: null } };
      }
      if (isHttpError(dryRun)) return fromHttpError(dryRun.httpError);
      return { status: 200, json: clone(dryRun) };
    },

    /** @type {Committing} POST /api/ProcessRefund */
    processRefund: (body, idempotencyKey, session = null) => {
      return store.committing('/api/ProcessRefund', body, idempotencyKey, session, () => {
        const invalid = checkRequest(body, 'confirmRefundRequest');
        if (invalid) return /** @type {JsonAnswer} */ (invalid);
        const request = /** @type {import('./backend/requests').ConfirmRefundRequest} */ (body);
        const answer = decideRefund(fixtures, request, isRefunded);
        if ('accepted' in answer) {
          const { defer: deferred, journeyId } = request;
          store.recordRefund(answer.reference, { time: new Date().toISOString(), deferred, journeyId });
        }
        return /** @type {JsonAnswer} */ (answer);
      });
    },

    /** @type {(body: unknown) => Answer} POST /api/LookupJourneys: the lookup whose reference and e-mail match */
    lookupAnswer: (body) => {
      const invalid = checkRequest(body, 'lookupRequest');
      if (invalid) return invalid;
      const request = /** @type {import('./backend/requests').LookupRequest} */ (body);
      const found = findLookup(fixtures, request.bookingReference, request.email);
      if (!found) return { status: 404, text: 'We could not find a booking with that reference and email address.' };
      if (isHttpError(found.answer)) return fromHttpError(found.answer.httpError);
      return { status: 200, json: clone(found.answer) };
    },

    /** @type {(body: unknown) => Answer} POST /api/ProcessRefundWithReplacement/DryRun */
    replacementDryRunAnswer: (body) => {
      const invalid = checkRequest(body, 'replacementRequest');
      if (invalid) return invalid;
      const checked = checkReplacement(fixtures, /** @type {ReplacementRequest} */ (body), isRefunded);
      return 'error' in checked ? checked.error : checked.dryRun;
    },

    /** @type {Committing} POST /api/ProcessRefundWithReplacement: accepted when its dry run succeeds */
    processReplacement: (body, idempotencyKey, session = null) => {
      return store.committing('/api/ProcessRefundWithReplacement', body, idempotencyKey, session, () => {
        /** @param {Answer} refused */
        const refusal = (refused) => ({ status: refused.status, json: { message: messageOf(refused) } });
        const invalid = checkRequest(body, 'replacementRequest');
        if (invalid) return refusal(invalid);
        const request = /** @type {ReplacementRequest} */ (body);
        const checked = checkReplacement(fixtures, request, isRefunded);
        if ('error' in checked) return refusal(checked.error);
        const { dryRun, reference } = checked;
        if (dryRun.status !== 200 || !('json' in dryRun)) return refusal(dryRun);
        const replacement = {
          bookingReference: request.replacementBookingReference,
          journeyId: request.replacementJourneyId,
        };
        const time = new Date().toISOString();
        store.recordRefund(reference, { time, deferred: false, journeyId: request.journeyId, replacement });
        const { refundValue } = /** @type {import('./backend/types').DryRun} */ (dryRun.json);
        return { status: 200, json: { accepted: true, refundValue }, accepted: true, reference };
      });
    },
  });
}

/** @typedef {ReturnType<typeof createBackend>} Backend */

module.exports = { createBackend, createBackendRouter, queryValue };
