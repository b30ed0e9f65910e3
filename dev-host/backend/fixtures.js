// @ts-check
// The fixture states (fixtures/bookings.json, fixtures/lookups.json) indexed by booking reference
// (docs/reference-backend.md "Code").
'use strict';

const { isHttpError } = require('./answers');

/** @typedef {import('./types').BookingState} BookingState */
/** @typedef {import('./types').LookupState} LookupState */
/** @typedef {import('./types').Found} Found */

/** @type {(reference: unknown) => string} as compared: trimmed, upper case */
const referenceKey = (reference) => `${reference ?? ''}`.trim().toUpperCase();

/** @type {(fixtureEmail: string, email: unknown) => boolean} ignoring surrounding spaces and letter case */
const sameEmail = (fixtureEmail, email) => fixtureEmail.trim().toLowerCase() === `${email ?? ''}`.trim().toLowerCase();

/** @type {(state: BookingState) => import('./types').RefundStatus | null} none for a planned failure */
const refundStatusOf = (state) => (state.status && !isHttpError(state.status) && state.status.refundStatus) || null;

/**
 * Named fixture states by booking reference.
 * @template {{ bookingReference: string, email: string }} S
 * @param {Record<string, S>} states
 * @param {string} kind 'booking' or 'lookup', for the messages
 * @returns {Map<string, { name: string, state: S }>}
 * @throws Error when a state has no bookingReference or email, or two share a reference
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
 * @param {{ bookings: Record<string, BookingState>, lookups?: Record<string, LookupState> }} options
 */
function createFixtures({ bookings, lookups = {} }) {
  const byReference = indexByReference(bookings, 'booking');
  const lookupsByReference = indexByReference(lookups, 'lookup');
  /** @type {(reference: unknown) => Found | null} */
  const findByReference = (reference) => byReference.get(referenceKey(reference)) ?? null;

  return {
    bookings,
    findByReference,
    bookingStates: () => [...byReference.values()],
    /** @type {(reference: unknown, email: unknown) => Found | null} both must match */
    findBooking: (reference, email) => {
      const found = findByReference(reference);
      return found && sameEmail(found.state.email, email) ? found : null;
    },
    /** @type {(value: unknown) => Found | null} by protectedReference or replacementProtectedReference */
    findByProtectedReference: (value) => {
      if (typeof value !== 'string' || value === '') return null;
      for (const found of byReference.values()) {
        const { status } = found.state;
        if (isHttpError(status) || !status) continue;
        if (status.protectedReference === value || status.replacementProtectedReference === value) return found;
      }
      return null;
    },
    /** @type {(reference: unknown) => LookupState | undefined} */
    lookupByReference: (reference) => lookupsByReference.get(referenceKey(reference))?.state,
  };
}

/** @typedef {ReturnType<typeof createFixtures>} Fixtures */

module.exports = { createFixtures, referenceKey, refundStatusOf, sameEmail };
