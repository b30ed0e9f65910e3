// @ts-check
/**
 * The fixture states the reference backend answers from (fixtures/bookings.json, and
 * fixtures/lookups.json for replacement bookings; docs/reference-backend.md), indexed by booking
 * reference, and the ways the backend finds one.
 */
'use strict';

const { isHttpError } = require('./answers');

/** @typedef {import('./types').BookingState} BookingState */
/** @typedef {import('./types').LookupState} LookupState */
/** @typedef {import('./types').Found} Found */

/**
 * A booking reference as the backend compares it: trimmed, upper case.
 *
 * @param {unknown} reference anything; null and undefined become ''
 * @returns {string}
 */
function referenceKey(reference) {
  return String(reference ?? '')
    .trim()
    .toUpperCase();
}

/**
 * Tells whether an e-mail address matches a fixture's, ignoring surrounding spaces and letter case.
 *
 * @param {string} fixtureEmail
 * @param {unknown} email
 * @returns {boolean}
 */
function sameEmail(fixtureEmail, email) {
  return (
    fixtureEmail.trim().toLowerCase() ===
    String(email ?? '')
      .trim()
      .toLowerCase()
  );
}

/**
 * The status answer of a fixture state, or null when it is a planned failure or null.
 *
 * @param {BookingState} state
 * @returns {import('./types').StatusAnswer | null}
 */
function statusOf(state) {
  return state.status && !isHttpError(state.status) ? state.status : null;
}

/**
 * The refund status of a fixture state, or null when its status answer is a planned failure or
 * carries none.
 *
 * @param {BookingState} state
 * @returns {import('./types').RefundStatus | null}
 */
function refundStatusOf(state) {
  return statusOf(state)?.refundStatus ?? null;
}

/**
 * The dry run of a fixture state, or null when it is a planned failure (or there is no state).
 *
 * @param {BookingState | undefined} state
 * @returns {import('./types').DryRun | null}
 */
function dryRunOf(state) {
  return state && !isHttpError(state.dryRun) ? state.dryRun : null;
}

/**
 * Indexes named fixture states by booking reference (trimmed, upper case).
 *
 * @template {{ bookingReference: string, email: string }} S
 * @param {Record<string, S>} states fixture states keyed by name
 * @param {string} kind what the states are, for the messages ('booking', 'lookup')
 * @returns {Map<string, { name: string, state: S }>}
 * @throws Error when a state has no bookingReference or email, or two states share a reference
 */
function indexByReference(states, kind) {
  const byReference = new Map();
  for (const [name, state] of Object.entries(states)) {
    if (!state || typeof state.bookingReference !== 'string' || typeof state.email !== 'string') {
      throw new Error(`Dev host: ${kind} state "${name}" needs a bookingReference and an email`);
    }
    const key = referenceKey(state.bookingReference);
    if (byReference.has(key)) throw new Error(`Dev host: ${kind} reference ${key} is used by two states`);
    byReference.set(key, { name, state });
  }
  return byReference;
}

/**
 * The fixtures of a backend, checked and indexed.
 *
 * @param {object} options
 * @param {Record<string, BookingState>} options.bookings fixture states keyed by name (fixtures/bookings.json shape)
 * @param {Record<string, LookupState>} [options.lookups] replacement bookings keyed by name (fixtures/lookups.json shape)
 * @throws Error when a state has no bookingReference or email, or two states share a reference
 */
function createFixtures({ bookings, lookups = {} }) {
  const byReference = indexByReference(bookings, 'booking');
  const lookupsByReference = indexByReference(lookups, 'lookup');

  /**
   * The fixture state of a booking reference (any letter case, surrounding spaces ignored), or null.
   * @param {unknown} reference
   * @returns {Found | null}
   */
  const findByReference = (reference) => byReference.get(referenceKey(reference)) ?? null;

  return {
    bookings,
    findByReference,

    /** The booking states, with their names. */
    bookingStates() {
      return [...byReference.values()];
    },

    /**
     * The fixture state whose reference and e-mail both match (each ignoring letter case), or null.
     * @param {unknown} reference
     * @param {unknown} email
     * @returns {Found | null}
     */
    findBooking(reference, email) {
      const found = findByReference(reference);
      return found && sameEmail(found.state.email, email) ? found : null;
    },

    /**
     * The fixture state whose protectedReference or replacementProtectedReference is `value`, or null.
     * @param {unknown} value
     * @returns {Found | null}
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

    /**
     * The lookup fixture of a booking reference (any letter case), or undefined.
     * @param {unknown} reference
     * @returns {LookupState | undefined}
     */
    lookupByReference(reference) {
      return lookupsByReference.get(referenceKey(reference))?.state;
    },
  };
}

/** @typedef {ReturnType<typeof createFixtures>} Fixtures */

module.exports = { createFixtures, dryRunOf, indexByReference, referenceKey, refundStatusOf, sameEmail, statusOf };
