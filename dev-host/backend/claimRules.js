// @ts-check
// Whether the reference backend takes a submit-claim body (docs/reference-backend.md "Code").
'use strict';

const { randomUUID } = require('crypto');
const { badRequest } = require('./answers');
const photo = require('../../contract/rules/photo.json');
const bookingReference = require('../../contract/rules/bookingReference.json');
const { isUploadId } = require('./uploadFiles');

const MAX_IMAGES_PER_CLAIM = photo.maxPhotos;
const BOOKING_REFERENCE = new RegExp(bookingReference.pattern);

/**
 * Checks a submit-claim body `{ Ctr, Images, ReplacementCtr?, Disruption? }` against the booking
 * references (upper case) and the uploads by id; changes nothing.
 * @type {(request: unknown, known: { references: Set<string>, uploads: Record<string, import('../claims').Upload> }) =>
 *   { status: number, json: unknown } | { status: 201, json: { claimId: string }, claim: import('../claims').Claim }}
 */
function decideClaim(request, { references, uploads }) {
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    return badRequest('The request body must be a JSON object.');
  }
  const body = /** @type {Record<string, unknown>} */ (request);
  const reference = typeof body.Ctr === 'string' ? body.Ctr.trim().toUpperCase() : '';
  if (!references.has(reference)) return badRequest('Ctr must be a known booking reference.');
  const images = body.Images;
  if (!Array.isArray(images) || images.length < 1 || images.length > MAX_IMAGES_PER_CLAIM) {
    return badRequest(`Images must list 1 to ${MAX_IMAGES_PER_CLAIM} uploaded images.`);
  }
  if (new Set(images).size !== images.length) return badRequest('Images lists an image twice.');
  for (const id of images) {
    const upload = isUploadId(id) ? uploads[id] : undefined;
    if (!upload || upload.deletedAt) return badRequest(`Unknown or deleted image: ${String(id).slice(0, 40)}`);
    if (upload.bookingReference !== reference) return badRequest(`Image ${id} belongs to another booking.`);
    if (upload.claimId) return badRequest(`Image ${id} is already part of a claim.`);
  }
  let replacement = null;
  if (body.ReplacementCtr !== undefined && body.ReplacementCtr !== null && body.ReplacementCtr !== '') {
    if (typeof body.ReplacementCtr !== 'string' || !BOOKING_REFERENCE.test(body.ReplacementCtr.trim())) {
      return badRequest('ReplacementCtr must be a booking reference.');
    }
    replacement = body.ReplacementCtr.trim();
    if (replacement.toUpperCase() === reference) {
      return badRequest('Cannot be the same as the overarching booking reference');
    }
  }
  if (body.Disruption !== undefined && typeof body.Disruption !== 'boolean') {
    return badRequest('Disruption must be true or false.');
  }
  const claim = {
    claimId: randomUUID(),
    bookingReference: reference,
    images: [...images],
    replacementReference: replacement,
    disruption: body.Disruption === true,
    time: new Date().toISOString(),
  };
  return { status: 201, json: { claimId: claim.claimId }, claim };
}

module.exports = { decideClaim, MAX_IMAGES_PER_CLAIM };
