// @ts-check
// Whether a confirm refund or a replacement request is accepted; pure (docs/reference-backend.md "Code").
'use strict';

const { badRequest, clone, fromHttpError, isHttpError } = require('./answers');
const { referenceKey, refundStatusOf, sameEmail } = require('./fixtures');

/** @typedef {import('./types').Answer} Answer */
/** @typedef {import('./fixtures').Fixtures} Fixtures */
/** @typedef {import('./types').LookupState} LookupState */
/** @typedef {(reference: string) => boolean} IsRefunded */

/** @type {(fixtures: Fixtures, reference: unknown, email: unknown) => LookupState | null} each in any letter case */
function findLookup(fixtures, reference, email) {
  const found = fixtures.lookupByReference(reference);
  return found && sameEmail(found.email, email) ? found : null;
}

/**
 * Checks a replacement request: the booking by its (replacement) protected reference, not yet
 * refunded, and the journey eligible in its lookup. The dry run is the lookup's
 * `dryRuns[replacementJourneyId]`, else the booking's net replacement value.
 * @type {(fixtures: Fixtures, body: import('./requests').ReplacementRequest, isRefunded: IsRefunded) =>
 *   { error: Answer } | { dryRun: Answer, reference: string }}
 */
function checkReplacement(fixtures, body, isRefunded) {
  const match = fixtures
    .bookingStates()
    .find(
      ({ state }) =>
        !isHttpError(state.status) &&
        state.status?.refundStatus &&
        (state.status.replacementProtectedReference ?? state.status.protectedReference) === body.protectedReference,
    );
  if (!match) return { error: badRequest('Unknown protected reference.') };
  const status = /** @type {import('./types').RefundStatus} */ (refundStatusOf(match.state));
  const reference = referenceKey(match.state.bookingReference);
  if (body.journeyId !== status.journeyID) return { error: badRequest('journeyId does not match the booking.') };
  const refunded = isRefunded(reference) || status.isCancelled;
  if (refunded) return { error: badRequest('This booking has already been refunded.') };
  if (referenceKey(body.replacementBookingReference) === reference) {
    return { error: badRequest('The replacement cannot be the booking being refunded.') };
  }
  const lookup = fixtures.lookupByReference(body.replacementBookingReference);
  const eligible =
    lookup && !isHttpError(lookup.answer)
      ? lookup.answer.filter((item) => item.refundStatus).flatMap((item) => item.journeyList ?? [])
      : [];
  if (!eligible.some((journey) => journey.journeyID === body.replacementJourneyId)) {
    return { error: badRequest('this journey is not an eligible replacement for your booking') };
  }
  const planned = /** @type {LookupState} */ (lookup).dryRuns?.[String(body.replacementJourneyId)];
  if (isHttpError(planned)) return { dryRun: fromHttpError(planned.httpError), reference };
  const dryRun = planned ?? {
    refundValue: Math.max(0, status.ticketsReplaceValue - status.adminFeeReplacement),
    adminFee: status.adminFeeReplacement,
    reasonCode: null,
  };
  return { dryRun: { status: 200, json: clone(dryRun) }, reference };
}

/**
 * Checks a confirm refund request against the fixtures and the bookings already refunded.
 * @type {(fixtures: Fixtures, body: import('./requests').ConfirmRefundRequest, isRefunded: IsRefunded) =>
 *   Answer | { status: 200, json: { accepted: true, deferred: boolean }, accepted: true, reference: string }}
 */
function decideRefund(fixtures, body, isRefunded) {
  const match = fixtures
    .bookingStates()
    .find(({ state }) => !isHttpError(state.status) && state.status?.protectedReference === body.protectedReference);
  if (!match) return badRequest('Unknown protected reference.');
  const reference = referenceKey(match.state.bookingReference);
  const status = refundStatusOf(match.state);
  if (!status) return badRequest('No matching journey for this booking.');
  if (body.journeyId !== status.journeyID) return badRequest('journeyId does not match the booking.');
  if (isRefunded(reference) || status.isCancelled) return badRequest('This booking has already been refunded.');
  if (body.defer && !status.canDeferExchange) return badRequest('This booking cannot be deferred.');
  const dryRun = match.state.dryRun;
  const refundValue = isHttpError(dryRun) ? 0 : dryRun.refundValue;
  if (!body.defer && refundValue <= 0 && status.ticketsRefundValue - status.adminFee <= 0) {
    return badRequest('No refund is available for this booking.');
  }
  return { status: 200, json: { accepted: true, deferred: body.defer }, accepted: true, reference };
}

module.exports = { findLookup, checkReplacement, decideRefund };
