// @ts-check
/**
 * Checks the request bodies the reference backend accepts (docs/host-contract.md).
 */
'use strict';

const { badRequest } = require('./answers');

/**
 * @typedef {{ protectedReference: string, journeyId: number, covid19: boolean, defer: boolean,
 *   disruptedOutwards: boolean, disruptedInwards: boolean }} ConfirmRefundRequest
 * @typedef {{ bookingReference: string, email: string }} LookupRequest
 * @typedef {{ protectedReference: string, journeyId: number, replacementBookingReference: string,
 *   replacementJourneyId: number }} ReplacementRequest
 */

/** @type {Record<string, Record<string, 'string' | 'integer' | 'boolean'>>} */
const FIELDS = {
  confirmRefundRequest: {
    protectedReference: 'string',
    journeyId: 'integer',
    covid19: 'boolean',
    defer: 'boolean',
    disruptedOutwards: 'boolean',
    disruptedInwards: 'boolean',
  },
  lookupRequest: { bookingReference: 'string', email: 'string' },
  replacementRequest: {
    protectedReference: 'string',
    journeyId: 'integer',
    replacementBookingReference: 'string',
    replacementJourneyId: 'integer',
  },
};

/**
 * Checks that `body` is a JSON object whose fields have the given types ('string' non-empty,
 * 'integer', 'boolean').
 *
 * @param {unknown} body the parsed JSON body
 * @param {'confirmRefundRequest' | 'lookupRequest' | 'replacementRequest'} name the request
 * @returns {import('./types').Answer | null} a 400 answer naming the first bad field, or null
 */
function checkRequest(body, name) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return badRequest('The request body must be a JSON object.');
  }
  for (const [field, type] of Object.entries(FIELDS[name])) {
    const value = /** @type {Record<string, unknown>} */ (body)[field];
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

module.exports = { checkRequest };
