// @ts-check
// The reference backend's state: refunds, saved answers, accepted requests, error and vitals
// reports; in `DATA_DIR/state.json`, error reports in memory only (docs/reference-backend.md "Code").
'use strict';

const fs = require('fs');
const path = require('path');
const { createIdempotency } = require('../idempotency');
const { committing } = require('./committing');
const { referenceKey } = require('./fixtures');
const { contractSchema } = require('./requests');
const { readStateFile, writeStateFile } = require('./stateFile');

const STATE_FILE = 'state.json';
const STATE_VERSION = 1;
const MAX_ERROR_REPORTS = 1000;
const MAX_VITALS_REPORTS = 5000;
/** How long a change that needs no immediate write waits for the next write, ms. */
const SAVE_DELAY_MS = 1000;

/**
 * Keeps the contract's fields of a report, with the time received, newest last, at most `max`.
 * @type {(list: Record<string, unknown>[], report: Record<string, unknown>, schema: string, max: number) => void}
 */
function keepReport(list, report, schema, max) {
  const fields = Object.keys(contractSchema(schema).properties ?? {}).filter((field) => field in report);
  const kept = Object.fromEntries(fields.map((field) => [field, report[field]]));
  list.push({ ...kept, receivedAt: new Date().toISOString() });
  if (list.length > max) list.splice(0, list.length - max);
}

/**
 * @typedef {{ time: string, deferred: boolean, journeyId: number,
 *   replacement?: { bookingReference: string, journeyId: number } }} Refunded
 */

/**
 * The backend's state, loading `DATA_DIR/state.json` when present. `keep: false` (the states
 * gallery's, docs/gallery.md "One backend") records no refund, request or answer and touches no file.
 * @param {{ dataDir: string, logger?: import('./types').Logger, keep?: boolean }} options
 */
function createStore({ dataDir, logger = console, keep = true }) {
  const stateFile = path.join(dataDir, STATE_FILE);
  if (keep) fs.mkdirSync(dataDir, { recursive: true });

  /** @type {NodeJS.Timeout | undefined} */
  let pending;
  const store = {
    stateFile,
    /** @type {Record<string, Refunded>} by booking reference (trimmed, upper case) */
    refunded: {},
    idempotency: createIdempotency(),
    /** @type {import('./committing').RecordedRequest[]} accepted committing POSTs */
    requests: [],
    /** @type {Record<string, unknown>[]} */
    errorReports: [],
    /** @type {Record<string, unknown>[]} */
    vitalsReports: [],

    /** @type {(reference: unknown) => boolean} */
    isRefunded: (reference) => Boolean(store.refunded[referenceKey(reference)]),
    /** @type {(reference: string, refund: Refunded) => void} the reference trimmed, upper case */
    recordRefund: (reference, refund) => {
      if (keep) store.refunded[reference] = refund;
    },
    /**
     * A committing POST ({@link committing}); `session` is the key's scope (auth.js).
     * @type {(route: string, body: unknown, idempotencyKey: string | undefined, session: string | null,
     *   decide: () => import('./committing').Decided) => { status: number, json: unknown }}
     */
    committing: (route, body, idempotencyKey, session, decide) =>
      committing(keep ? store : null, { path: route, body, idempotencyKey, session }, decide),
    /** @type {(report: Record<string, unknown>) => void} */
    addErrorReport: (report) => keepReport(store.errorReports, report, 'errorReport', MAX_ERROR_REPORTS),
    /** @type {(report: Record<string, unknown>) => void} checked against `vitalsReport`; saved soon */
    addVitalsReport: (report) => {
      keepReport(store.vitalsReports, report, 'vitalsReport', MAX_VITALS_REPORTS);
      store.saveSoon();
    },

    /** Writes state.json within {@link SAVE_DELAY_MS}, once for all changes meanwhile; a failure is logged. */
    saveSoon() {
      if (!keep || pending) return;
      pending = setTimeout(() => store.flush(), SAVE_DELAY_MS);
      pending.unref();
    },

    /** Writes now what {@link saveSoon} holds back, if anything. */
    flush() {
      if (!pending) return;
      try {
        store.save();
      } catch (error) {
        logger.warn(`Dev host: could not write ${stateFile} (${error instanceof Error ? error.message : error}).`);
      }
    },

    /** Forgets everything and saves (`POST /__dev/reset`). */
    reset() {
      store.refunded = {};
      store.idempotency.clear();
      store.requests = [];
      store.errorReports = [];
      store.vitalsReports = [];
      store.save();
    },

    save() {
      clearTimeout(pending);
      pending = undefined;
      if (!keep) return;
      writeStateFile(stateFile, STATE_VERSION, {
        refunded: store.refunded,
        idempotency: store.idempotency.toJSON(),
        requests: store.requests,
        vitalsReports: store.vitalsReports,
      });
    },
  };

  const saved = keep ? readStateFile(stateFile, STATE_VERSION, logger, 'from the fixtures') : null;
  if (saved) {
    store.refunded = saved.refunded ?? {};
    store.idempotency.load(saved.idempotency);
    store.requests = saved.requests ?? [];
    store.vitalsReports = Array.isArray(saved.vitalsReports) ? saved.vitalsReports : [];
  }
  return store;
}

/** @typedef {ReturnType<typeof createStore>} Store */

module.exports = { createStore, STATE_FILE, STATE_VERSION, MAX_VITALS_REPORTS };
