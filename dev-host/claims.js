// @ts-check
// The reference backend's manual claim routes: upload, delete, submit-claim (docs/uploads.md "On the
// reference backend"; docs/reference-backend.md). State in `DATA_DIR/claims.json` and `claims/`.
'use strict';

const { createHash } = require('crypto');
const fs = require('fs');
const path = require('path');
const express = require('express');
const multer = require('multer');
const { imageSize } = require('image-size');
const { badRequest, requestErrorHandler, send } = require('./backend/answers');
const { referenceKey, refundStatusOf } = require('./backend/fixtures');
const { readStateFile, writeAtomic, writeStateFile } = require('./backend/stateFile');
const { createIdempotency } = require('./idempotency');
const { imageEnd } = require('./imageEnd');
const { decideClaim, MAX_IMAGES_PER_CLAIM } = require('./backend/claimRules');
const { isUploadExtension, isUploadId, newUploadId, sniffImageType, uploadPath } = require('./backend/uploadFiles');
const photo = require('../contract/rules/photo.json');

/**
 * @typedef {{ id: string, journeyId: string, bookingReference: string, type: string, ext: string,
 *   bytes: number, trailingBytesRemoved: number, digest: string, width: number, height: number,
 *   name: string, time: string, deletedAt?: string, claimId?: string }} Upload
 * @typedef {{ claimId: string, bookingReference: string, images: string[],
 *   replacementReference: string | null, disruption: boolean, time: string }} Claim
 * @typedef {import('./backend/types').BookingState} BookingState
 * @typedef {{ buffer: Buffer, originalname?: string }} File from multer
 * @typedef {{ status: number, json: unknown }} JsonAnswer
 */

const STATE_VERSION = 1;
const MAX_UPLOAD_BYTES = photo.maxBytes;
const TEXTS = photo.texts;
const JOURNEY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const UPLOAD_ROUTE = '/tickets/upload';

/** @type {(status: number, json: unknown) => JsonAnswer} */
const answer = (status, json) => ({ status, json });

/** @type {(state: BookingState) => Set<string>} journey ids of the refund status and the Details */
function journeyIdsOf(state) {
  const ids = new Set();
  const status = refundStatusOf(state);
  if (status && status.journeyID !== undefined) ids.add(String(status.journeyID));
  /** @type {{ outboundJourneys?: Array<{ journeyID?: unknown }>, returnJourneys?: Array<{ journeyID?: unknown }> }} */
  const results = /** @type {any} */ (state.details)?.JourneyPlannerResults ?? {};
  for (const journey of [...(results.outboundJourneys ?? []), ...(results.returnJourneys ?? [])]) {
    if (journey.journeyID !== undefined && journey.journeyID !== null) ids.add(String(journey.journeyID));
  }
  return ids;
}

/**
 * The claims store over the fixture states, loading `DATA_DIR/claims.json` when present.
 * `uploadFaults`, by Journey-Id, refuses every photo as a duplicate (docs/gallery.md "One backend").
 * @param {{ bookings: Record<string, BookingState>, dataDir: string, logger?: import('./backend/types').Logger,
 *   uploadFaults?: Record<string, 'duplicate'> }} options
 */
function createClaimsStore({ bookings, dataDir, logger = console, uploadFaults = {} }) {
  const root = path.resolve(dataDir);
  const uploadsDir = path.join(root, 'uploads');
  const claimsDir = path.join(root, 'claims');
  const stateFile = path.join(root, 'claims.json');
  fs.mkdirSync(uploadsDir, { recursive: true });
  fs.mkdirSync(claimsDir, { recursive: true });

  /** @type {Map<string, string>} journey id → booking reference */
  const journeys = new Map();
  const references = new Set();
  for (const state of Object.values(bookings)) {
    const reference = referenceKey(state.bookingReference);
    references.add(reference);
    for (const id of journeyIdsOf(state)) journeys.set(id, reference);
  }

  const store = {
    /** @type {Record<string, Upload>} */
    uploads: {},
    /** @type {Claim[]} oldest first */
    claims: [],
    idempotency: createIdempotency(),

    /**
     * POST /tickets/upload: 200 with the upload id. A key's body is the Journey-Id, not the bytes
     * (a resized copy may differ).
     * @type {(file: File | undefined, journeyId?: string, idempotencyKey?: string, session?: string | null) => JsonAnswer}
     */
    addUpload: (file, journeyId, idempotencyKey, session = null) => {
      const journey = typeof journeyId === 'string' ? journeyId.trim() : '';
      const result = store.idempotency.run(
        { scope: session, path: UPLOAD_ROUTE, key: idempotencyKey, body: journey },
        () => decideUpload(file, journey),
      );
      if (result.decided && result.status === 200) store.save();
      return answer(result.status, result.json);
    },

    /** @type {(id: string) => { status: number, json?: unknown }} 204, also twice; forgets the upload's key */
    deleteUpload: (id) => {
      if (!isUploadId(id) || !store.uploads[id]) return answer(404, { message: 'Unknown upload.' });
      const upload = store.uploads[id];
      if (upload.claimId) return answer(409, { message: 'This image is part of a submitted claim.' });
      if (!upload.deletedAt) {
        fs.rmSync(uploadPath(uploadsDir, id, upload.ext), { force: true });
        upload.deletedAt = new Date().toISOString();
        store.idempotency.forget({ path: UPLOAD_ROUTE, json: id });
        store.save();
      }
      return { status: 204 };
    },

    /** @type {(body: unknown, idempotencyKey?: string, session?: string | null) => JsonAnswer} 201 `{ claimId }` */
    submitClaim: (body, idempotencyKey, session = null) => {
      const result = store.idempotency.run(
        { scope: session, path: '/tickets/submit-claim', key: idempotencyKey, body },
        () => {
          const decided = decideClaim(body, { references, uploads: store.uploads });
          if ('claim' in decided) {
            const { claim } = decided;
            store.claims.push(claim);
            for (const id of claim.images) store.uploads[id].claimId = claim.claimId;
            writeAtomic(path.join(claimsDir, `${claim.claimId}.json`), `${JSON.stringify(claim, null, 2)}\n`);
          }
          return decided;
        },
      );
      if (result.decided && result.status === 201) store.save();
      return answer(result.status, result.json);
    },

    /** Claims with each image's stored type, bytes and size (`GET /__dev/claims`). */
    describeClaims() {
      return store.claims.map((claim) => ({
        ...claim,
        imageDetails: claim.images.map((id) => {
          const { type, bytes, width, height, name, ext } = store.uploads[id];
          return { id, type, bytes, width, height, name, stored: fs.existsSync(uploadPath(uploadsDir, id, ext)) };
        }),
      }));
    },

    /** Forgets every upload, claim and saved answer, with their files (`POST /__dev/reset`). */
    reset() {
      for (const dir of [uploadsDir, claimsDir]) {
        fs.rmSync(dir, { recursive: true, force: true });
        fs.mkdirSync(dir, { recursive: true });
      }
      store.uploads = {};
      store.claims = [];
      store.idempotency.clear();
      store.save();
    },

    save() {
      const { uploads, claims, idempotency } = store;
      writeStateFile(stateFile, STATE_VERSION, { uploads, claims, idempotency: idempotency.toJSON() });
    },
  };

  /** @type {(file: File | undefined, journey: string) => JsonAnswer} stores an upload, or answers why not */
  function decideUpload(file, journey) {
    if (!JOURNEY_ID.test(journey)) return badRequest('The Journey-Id header is missing or invalid.');
    const bookingReference = journeys.get(journey);
    if (!bookingReference) return answer(404, { message: 'Unknown journey.' });
    if (!file || !Buffer.isBuffer(file.buffer) || file.buffer.length === 0) {
      return badRequest('Send one image in the multipart field "file".');
    }
    if (file.buffer.length > MAX_UPLOAD_BYTES) return answer(413, { message: TEXTS.tooBig });
    const kind = sniffImageType(file.buffer);
    if (!kind) return answer(415, { message: TEXTS.wrongType });
    let size;
    try {
      size = imageSize(file.buffer);
    } catch {
      return answer(415, { message: TEXTS.unreadable });
    }
    const { width, height } = size;
    if (!width || !height) return answer(415, { message: TEXTS.unreadable });
    if (width * height > photo.maxPixels) {
      const message = TEXTS.tooManyPixels.replace('{width}', String(width)).replace('{height}', String(height));
      return answer(415, { message });
    }
    const end = imageEnd(file.buffer, kind.type);
    if (end === null) return answer(415, { message: TEXTS.unreadable });
    const image = file.buffer.subarray(0, end);
    const digest = createHash('sha256').update(image).digest('hex');
    const live = Object.values(store.uploads).filter(
      (upload) => upload.journeyId === journey && !upload.deletedAt && !upload.claimId,
    );
    const planned = Object.hasOwn(uploadFaults, journey) ? uploadFaults[journey] : undefined;
    if (planned === 'duplicate' || live.some((upload) => upload.digest === digest)) {
      return answer(409, { message: TEXTS.duplicate });
    }
    if (live.length >= MAX_IMAGES_PER_CLAIM) return answer(409, { message: TEXTS.tooMany });
    const id = newUploadId();
    writeAtomic(uploadPath(uploadsDir, id, kind.ext), image);
    store.uploads[id] = {
      id,
      journeyId: journey,
      bookingReference,
      type: kind.type,
      ext: kind.ext,
      bytes: image.length,
      trailingBytesRemoved: file.buffer.length - image.length,
      digest,
      width,
      height,
      name: String(file.originalname ?? '').slice(0, 200),
      time: new Date().toISOString(),
    };
    return answer(200, id);
  }

  const saved = readStateFile(stateFile, STATE_VERSION, logger, 'without claims');
  if (saved) {
    // Only well-formed ids and extensions: a hand-edited file cannot point a path elsewhere.
    for (const [id, upload] of Object.entries(saved.uploads ?? {})) {
      if (isUploadId(id) && upload && isUploadExtension(upload.ext)) store.uploads[id] = upload;
    }
    store.claims = Array.isArray(saved.claims) ? saved.claims : [];
    store.idempotency.load(saved.idempotency);
  }
  return store;
}

/**
 * The claim routes, with `router.store` the claims store.
 * @param {Parameters<typeof createClaimsStore>[0] & { guards: Record<'upload' | 'deleteUpload' | 'submitClaim',
 *   import('express').RequestHandler> }} options `guards`: auth.js's
 */
function createClaimsRouter({ dataDir, bookings, logger = console, guards, uploadFaults }) {
  const store = createClaimsStore({ dataDir, bookings, logger, uploadFaults });
  const router = express.Router();
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
  }).single('file');

  router.use('/tickets', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.post(UPLOAD_ROUTE, guards.upload, (req, res) => {
    upload(req, res, (error) => {
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return send(res, answer(413, { message: TEXTS.tooBig }));
        return send(res, badRequest(`Invalid upload: ${error.message}. Send one image in the field "file".`));
      }
      if (error) return send(res, badRequest('The upload could not be read.'));
      const { file } = req;
      return send(res, store.addUpload(file, req.get('Journey-Id'), req.get('Idempotency-Key'), res.locals.sessionId));
    });
  });
  router.post('/tickets/delete/:uploadId', guards.deleteUpload, (req, res) =>
    send(res, store.deleteUpload(String(req.params.uploadId))),
  );
  router.post('/tickets/submit-claim', express.json({ limit: '20kb' }), guards.submitClaim, (req, res) =>
    send(res, store.submitClaim(req.body, req.get('Idempotency-Key'), res.locals.sessionId)),
  );
  router.use('/tickets', requestErrorHandler(logger, 'claims'));
  return Object.assign(router, { store });
}

module.exports = { createClaimsRouter, createClaimsStore, journeyIdsOf, MAX_UPLOAD_BYTES };
