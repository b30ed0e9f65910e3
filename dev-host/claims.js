// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend of the manual claim (docs/product-rules.md section 7; docs/uploads.md "On
 * the reference backend"): POST /tickets/upload (multipart, one image per request, header
 * Journey-Id), POST /tickets/delete/:uploadId and POST /tickets/submit-claim. Uploads and
 * submit-claim honour Idempotency-Key, by session and path, for 24 hours (idempotency.js); an
 * upload's key is compared by its Journey-Id, not its bytes, and deleting the upload forgets it
 * (docs/host-contract.md "Idempotency-Key: what the API keeps"). devTools.js shows the claims and
 * uploads to tests at /__dev/*.
 *
 * - Types are sniffed from the bytes (magic numbers), never from the name or the declared type:
 *   JPEG, PNG or GIF only (415 otherwise). Limits are enforced again: at most 10 MiB per file
 *   (413), one file per request, 1 to 10 images per claim.
 * - Uploads are bounded (docs/uploads.md): at most 40 megapixels by the image's header (415), at
 *   most 10 live uploads per journey (409), and an image is stored without any bytes after its
 *   end marker. A duplicate, an image whose SHA-256 digest is already among the journey's live
 *   uploads, is refused (409), unless it is a replay of the Idempotency-Key that stored it (that
 *   answers the saved id); deleting an upload frees its digest. Live: stored, not deleted and not
 *   yet part of a submitted claim.
 * - A fault hook (`uploadFaults`) refuses every image uploaded to a planned journey as a duplicate:
 *   the states gallery's refused photo (docs/gallery.md).
 * - Upload ids and their files: backend/uploadFiles.js; files live only in
 *   `DATA_DIR/uploads/<id>.<ext>`. Whether a claim is taken: backend/claimRules.js.
 * - State (uploads, claims, idempotency answers) is written atomically to `DATA_DIR/claims.json`
 *   and each claim also to `DATA_DIR/claims/<claimId>.json`; it survives a restart.
 */
'use strict';

const { createHash } = require('crypto');
const fs = require('fs');
const path = require('path');
const express = require('express');
const multer = require('multer');
const { imageSize } = require('image-size');
const { requestErrorHandler } = require('./backend/answers');
const { readStateFile, writeAtomic, writeStateFile } = require('./backend/stateFile');
const { createIdempotency } = require('./idempotency');
const { imageEnd } = require('./imageEnd');
const { decideClaim, MAX_IMAGES_PER_CLAIM } = require('./backend/claimRules');
const { isUploadExtension, isUploadId, newUploadId, sniffImageType, uploadPath } = require('./backend/uploadFiles');
const photo = require('../contract/rules/photo.json');

/**
 * @typedef {object} Upload an image stored by POST /tickets/upload
 * @property {string} id
 * @property {string} journeyId
 * @property {string} bookingReference
 * @property {string} type
 * @property {string} ext `.png`, `.jpg` or `.gif`
 * @property {number} bytes
 * @property {number} trailingBytesRemoved
 * @property {string} digest SHA-256 hex of the stored bytes
 * @property {number} width
 * @property {number} height
 * @property {string} name
 * @property {string} time
 * @property {string} [deletedAt]
 * @property {string} [claimId]
 *
 * @typedef {object} Claim a claim accepted by POST /tickets/submit-claim
 * @property {string} claimId
 * @property {string} bookingReference
 * @property {string[]} images upload ids
 * @property {string | null} replacementReference
 * @property {boolean} disruption
 * @property {string} time
 *
 * @typedef {{ status: number, json?: unknown }} ClaimsAnswer
 */

const STATE_FILE = 'claims.json';
const STATE_VERSION = 1;
/** Largest upload, bytes: 10 MiB (docs/product-rules.md section 9; docs/decisions.md "Uploads": limits in MiB). */
const MAX_UPLOAD_BYTES = photo.maxBytes;
/** Most live uploads (stored, not deleted, not yet claimed) of one journey: the claim's 10 images. */
const MAX_LIVE_UPLOADS_PER_JOURNEY = MAX_IMAGES_PER_CLAIM;
/** Most pixels (width × height, from the header) of an image: 40 megapixels (docs/uploads.md). */
const MAX_PIXELS = photo.maxPixels;
/** The refusals' texts: the widget's own (docs/host-contract.md "Shared rules"). */
const TEXTS = photo.texts;
const JOURNEY_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The upload route: the path of its saved Idempotency-Key answers. */
const UPLOAD_ROUTE = '/tickets/upload';

/**
 * Journey ids of a fixture state: the status's journeyID and the Details' journey ids.
 *
 * @param {import('./backend/types').BookingState} state
 * @returns {Set<string>}
 */
function journeyIdsOf(state) {
  /** @type {Set<string>} */
  const ids = new Set();
  const status = state.status && !('httpError' in state.status) ? state.status.refundStatus : null;
  if (status && status.journeyID !== undefined) ids.add(String(status.journeyID));
  /** @type {{ outboundJourneys?: Array<{ journeyID?: unknown }>, returnJourneys?: Array<{ journeyID?: unknown }> }} */
  const results = /** @type {any} */ (state.details)?.JourneyPlannerResults ?? {};
  for (const journey of [...(results.outboundJourneys ?? []), ...(results.returnJourneys ?? [])]) {
    if (journey.journeyID !== undefined && journey.journeyID !== null) ids.add(String(journey.journeyID));
  }
  return ids;
}

/**
 * @param {number} status
 * @param {unknown} json
 * @returns {{ status: number, json: unknown }}
 */
const answer = (status, json) => ({ status, json });
/** @param {string} message */
const badRequest = (message) => answer(400, { message });

/**
 * Creates the claims state over the fixture states, loading `DATA_DIR/claims.json` when present.
 *
 * @param {object} options
 * @param {Record<string, import('./backend/types').BookingState>} options.bookings fixture states
 *   (fixtures/bookings.json shape)
 * @param {string} options.dataDir the data folder; uploads go to `uploads/`, claims to `claims/`
 * @param {import('./backend/types').Logger} [options.logger]
 * @param {Record<string, 'duplicate'>} [options.uploadFaults] the fault hook: by Journey-Id, a
 *   refusal every readable image uploaded to that journey gets (`duplicate`: 409, as a photo
 *   already among the journey's uploads is refused). The states gallery plans its refused photo
 *   with it (docs/gallery.md "One backend").
 * @returns the store: `addUpload`, `deleteUpload`, `submitClaim`, `claims`, `uploads`
 */
function createClaimsStore({ bookings, dataDir, logger = console, uploadFaults = {} }) {
  const root = path.resolve(dataDir);
  const uploadsDir = path.join(root, 'uploads');
  const claimsDir = path.join(root, 'claims');
  const stateFile = path.join(root, STATE_FILE);
  fs.mkdirSync(uploadsDir, { recursive: true });
  fs.mkdirSync(claimsDir, { recursive: true });

  /** @type {Map<string, string>} journey id → booking reference */
  const journeys = new Map();
  /** @type {Set<string>} booking references (upper case) */
  const references = new Set();
  for (const state of Object.values(bookings)) {
    const reference = String(state.bookingReference).trim().toUpperCase();
    references.add(reference);
    for (const id of journeyIdsOf(state)) journeys.set(id, reference);
  }

  const store = {
    uploadsDir,
    claimsDir,
    stateFile,
    /** @type {Record<string, Upload>} upload id → upload */
    uploads: {},
    /** @type {Claim[]} Submitted claims, oldest first. */
    claims: [],
    /** Saved answers of uploads and submit-claim, by session, path and key (idempotency.js). */
    idempotency: createIdempotency(),

    /**
     * Handles POST /tickets/upload: stores one uploaded image after sniffing its type and reading
     * its size from its header, without any bytes after the image's end marker (docs/uploads.md).
     * A repeated Idempotency-Key in the same session with the same Journey-Id returns the first
     * answer (the same upload id) and stores nothing; with another Journey-Id it is refused (422).
     * The received bytes are not part of the comparison: the browser's resized copy of one photo
     * may differ between tries (docs/host-contract.md "Idempotency-Key: what the API keeps").
     *
     * @param {{ buffer: Buffer, originalname?: string } | undefined} file from multer
     * @param {string | undefined} journeyId the Journey-Id header
     * @param {string | undefined} [idempotencyKey] the Idempotency-Key header
     * @param {string | null} [session] the id of the request's session (auth.js), the key's scope
     * @returns {{ status: number, json: unknown }} 200 with the id as a JSON string; 400 (no file,
     *   bad Journey-Id, a key that is empty or over 255 characters), 404 (unknown journey), 413
     *   (over 10 MiB), 415 (not JPEG/PNG/GIF, unreadable, no end marker, over 40 megapixels), 409
     *   (a duplicate of a live upload, or the journey already has 10 live uploads), 422 (the key
     *   was used with another Journey-Id)
     */
    addUpload(file, journeyId, idempotencyKey, session = null) {
      const journey = typeof journeyId === 'string' ? journeyId.trim() : '';
      const result = store.idempotency.run(
        { scope: session, path: UPLOAD_ROUTE, key: idempotencyKey, body: journey },
        () => decideUpload(file, journey),
      );
      if (result.decided && result.status === 200) store.save();
      return answer(result.status, result.json);
    },

    /**
     * Deletes an upload's file and forgets the saved answer of the Idempotency-Key that created it.
     * Deleting twice is fine (204); an image in a submitted claim is kept.
     * @param {string} id
     * @returns {ClaimsAnswer} 204; 404 unknown id; 409 part of a claim
     */
    deleteUpload(id) {
      if (!isUploadId(id) || !store.uploads[id]) return answer(404, { message: 'Unknown upload.' });
      const upload = store.uploads[id];
      if (upload.claimId) return answer(409, { message: 'This image is part of a submitted claim.' });
      if (!upload.deletedAt) {
        fs.rmSync(uploadPath(uploadsDir, id, upload.ext), { force: true });
        upload.deletedAt = new Date().toISOString();
        // Its key uploads anew: a replay must not hand back a deleted id (docs/host-contract.md).
        store.idempotency.forget({ path: UPLOAD_ROUTE, json: id });
        store.save();
      }
      return { status: 204 };
    },

    /**
     * Handles POST /tickets/submit-claim: checks the claim (docs/product-rules.md section 3 "Claim upload"),
     * writes it, and marks its images as claimed. A repeated Idempotency-Key in the same session
     * with the same body returns the first answer and changes nothing; with another body it is
     * refused (422).
     *
     * @param {unknown} body `{ Ctr, Images, ReplacementCtr?, Disruption? }`
     * @param {string} [idempotencyKey] the Idempotency-Key header
     * @param {string | null} [session] the id of the request's session (auth.js), the key's scope
     * @returns {{ status: number, json: unknown }} 201 `{ claimId }`; 400 with a message
     */
    submitClaim(body, idempotencyKey, session = null) {
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

    /** Claims with, for each image, its stored type, bytes and pixel size (for tests). */
    describeClaims() {
      return store.claims.map((claim) => ({
        ...claim,
        imageDetails: claim.images.map((id) => {
          const upload = store.uploads[id];
          const file = uploadPath(uploadsDir, id, upload.ext);
          return {
            id,
            type: upload.type,
            bytes: upload.bytes,
            width: upload.width,
            height: upload.height,
            name: upload.name,
            stored: fs.existsSync(file),
          };
        }),
      }));
    },

    /**
     * Forgets every upload, claim and saved answer, with their files, and saves: the fixtures'
     * first state again (`POST /__dev/reset`; docs/reference-backend.md "Dev tools").
     */
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

    /** Writes uploads, claims and idempotency answers to claims.json (atomically). */
    save() {
      writeStateFile(stateFile, STATE_VERSION, {
        uploads: store.uploads,
        claims: store.claims,
        idempotency: store.idempotency.toJSON(),
      });
    },
  };

  /**
   * Stores one upload of a journey (Journey-Id trimmed), or answers why not; see `addUpload`.
   *
   * @param {{ buffer: Buffer, originalname?: string } | undefined} file
   * @param {string} journey
   * @returns {{ status: number, json: unknown }}
   */
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
    if (!size.width || !size.height) return answer(415, { message: TEXTS.unreadable });
    if (size.width * size.height > MAX_PIXELS) {
      const { width, height } = size;
      return answer(415, {
        message: TEXTS.tooManyPixels.replace('{width}', String(width)).replace('{height}', String(height)),
      });
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
    if (live.length >= MAX_LIVE_UPLOADS_PER_JOURNEY) return answer(409, { message: TEXTS.tooMany });
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
      width: size.width,
      height: size.height,
      name: String(file.originalname ?? '').slice(0, 200),
      time: new Date().toISOString(),
    };
    return answer(200, id);
  }

  load();
  return store;

  function load() {
    const saved = readStateFile(stateFile, STATE_VERSION, logger, 'without claims');
    if (!saved) return;
    // Only well-formed ids are kept, so a hand-edited file cannot point a path elsewhere.
    for (const [id, upload] of Object.entries(saved.uploads ?? {})) {
      if (isUploadId(id) && upload && isUploadExtension(upload.ext)) store.uploads[id] = upload;
    }
    store.claims = Array.isArray(saved.claims) ? saved.claims : [];
    // Older files hold answers without a session: load() leaves those out.
    store.idempotency.load(saved.idempotency);
  }
}

/**
 * Sends a store answer: JSON, or no body for 204.
 *
 * @param {import('express').Response} res
 * @param {ClaimsAnswer} answer
 */
function send(res, { status, json }) {
  res.status(status);
  if (status === 204 || json === undefined) return res.end();
  return res.json(json);
}

/**
 * The claim routes (docs/product-rules.md section 7).
 *
 * @param {object} options
 * @param {string} options.dataDir the data folder (`DATA_DIR`)
 * @param {Record<string, import('./backend/types').BookingState>} options.bookings fixture states
 * @param {import('./backend/types').Logger} [options.logger]
 * @param {Record<'upload' | 'deleteUpload' | 'submitClaim', import('express').RequestHandler>} options.guards session guards run before each
 *   route (auth.js `createRouteGuards`: `upload`, `deleteUpload`, `submitClaim`)
 * @param {Record<string, 'duplicate'>} [options.uploadFaults] planned refusals by Journey-Id ({@link createClaimsStore})
 * @returns {import('express').Router & { store: ReturnType<typeof createClaimsStore> }} with `router.store`
 *   the claims store
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
      return send(
        res,
        store.addUpload(req.file, req.get('Journey-Id'), req.get('Idempotency-Key'), res.locals.sessionId),
      );
    });
  });

  router.post('/tickets/delete/:uploadId', guards.deleteUpload, (req, res) =>
    send(res, store.deleteUpload(String(req.params.uploadId))),
  );

  router.post('/tickets/submit-claim', express.json({ limit: '20kb' }), guards.submitClaim, (req, res) =>
    send(res, store.submitClaim(req.body, req.get('Idempotency-Key'), res.locals.sessionId)),
  );

  // Malformed JSON or a body too large: a 4xx with a message.
  router.use('/tickets', requestErrorHandler(logger, 'claims'));

  return Object.assign(router, { store });
}

module.exports = {
  createClaimsRouter,
  createClaimsStore,
  journeyIdsOf,
  MAX_UPLOAD_BYTES,
  MAX_IMAGES_PER_CLAIM,
  MAX_LIVE_UPLOADS_PER_JOURNEY,
  MAX_PIXELS,
  STATE_FILE,
};
