// @ts-check
/**
 * The reference backend's state (docs/reference-backend.md): the bookings refunded, the saved
 * answers of the committing calls (Idempotency-Key replay, ../idempotency.js), the log of accepted
 * requests, the error reports and the Web Vitals reports; persisted to `DATA_DIR/state.json`
 * (error reports: memory only).
 * devTools.js serves it to tests at /__dev/*.
 */
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
/** The fields of an error report an answer keeps: the contract's (docs/host-contract.md "POST /report/error"). */
const ERROR_REPORT_FIELDS = Object.keys(contractSchema('errorReport').properties ?? {});
/** How many Web Vitals reports are kept (docs/reference-backend.md "Web Vitals"): the newest. */
const MAX_VITALS_REPORTS = 5000;
/** How long a change that needs no immediate write (a report, a saved answer) waits for the next write, ms. */
const SAVE_DELAY_MS = 1000;
/** The fields of a vitals report the store keeps: the contract's (docs/host-contract.md "POST /report/vitals"). */
const VITALS_REPORT_FIELDS = Object.keys(contractSchema('vitalsReport').properties ?? {});

/**
 * Keeps `report`'s `fields` (others dropped) with the time it was received, newest last, and
 * drops the oldest beyond `max`.
 *
 * @param {Record<string, unknown>[]} list
 * @param {Record<string, unknown>} report
 * @param {string[]} fields
 * @param {number} max
 */
function keepReport(list, report, fields, max) {
  const kept = Object.fromEntries(fields.filter((field) => field in report).map((field) => [field, report[field]]));
  list.push({ ...kept, receivedAt: new Date().toISOString() });
  if (list.length > max) list.splice(0, list.length - max);
}

/**
 * @typedef {{ time: string, deferred: boolean, journeyId: number,
 *   replacement?: { bookingReference: string, journeyId: number } }} Refunded
 */

/**
 * Creates the backend's state, loading `DATA_DIR/state.json` when present (an unreadable file is
 * logged and ignored: the state starts empty).
 *
 * A store made with `keep: false` keeps nothing a committing call changes: each call is decided
 * afresh by the same rules (no Idempotency-Key replay), no refund or request is recorded, and no
 * file is read or written, so every booking keeps its fixture answers. The states gallery's
 * backend is one (docs/gallery.md "One backend"); error reports are still kept, in memory.
 *
 * @param {object} options
 * @param {string} options.dataDir folder for state.json (created when missing; untouched with `keep: false`)
 * @param {import('./types').Logger} [options.logger] where problems with the saved state are logged
 * @param {boolean} [options.keep] false: keep nothing (above); default true
 */
function createStore({ dataDir, logger = console, keep = true }) {
  const stateFile = path.join(dataDir, STATE_FILE);
  if (keep) fs.mkdirSync(dataDir, { recursive: true });

  /** @type {NodeJS.Timeout | undefined} */
  let pending;
  const store = {
    stateFile,
    /** @type {Record<string, Refunded>} bookingReference (trimmed, upper case) → the refund */
    refunded: {},
    /** Saved answers of the committing calls, by session, path and key (idempotency.js). */
    idempotency: createIdempotency(),
    /** @type {import('./committing').RecordedRequest[]} Accepted committing POSTs. */
    requests: [],
    /** @type {Record<string, unknown>[]} Error reports POSTed to /report/error (memory only). */
    errorReports: [],
    /** @type {Record<string, unknown>[]} Web Vitals reports POSTed to /report/vitals (saved; `npm run vitals`). */
    vitalsReports: [],

    /**
     * True once a refund of the booking was accepted.
     * @param {unknown} reference a booking reference (any letter case, surrounding spaces ignored)
     */
    isRefunded(reference) {
      return Boolean(store.refunded[referenceKey(reference)]);
    },

    /**
     * Records an accepted refund of a booking (nothing with `keep: false`); `committing` saves it.
     * @param {string} reference the booking reference (trimmed, upper case)
     * @param {Refunded} refund
     */
    recordRefund(reference, refund) {
      if (keep) store.refunded[reference] = refund;
    },

    /**
     * Runs a committing POST once per session, path and Idempotency-Key ({@link committing}).
     *
     * @param {string} requestPath the route, e.g. `/api/ProcessRefund`
     * @param {unknown} body the parsed JSON body
     * @param {string | undefined} idempotencyKey the Idempotency-Key header
     * @param {string | null} session the id of the request's session (auth.js), the key's scope
     * @param {() => import('./committing').Decided} decide
     * @returns {{ status: number, json: unknown }}
     */
    committing(requestPath, body, idempotencyKey, session, decide) {
      return committing(keep ? store : null, { path: requestPath, body, idempotencyKey, session }, decide);
    },

    /**
     * Keeps an error report (the contract's fields; others dropped), newest last, at most 1000.
     * @param {Record<string, unknown>} report
     */
    addErrorReport(report) {
      keepReport(store.errorReports, report, ERROR_REPORT_FIELDS, MAX_ERROR_REPORTS);
    },

    /**
     * Keeps a Web Vitals report, already checked against the contract's `vitalsReport` schema
     * (the contract's fields; others dropped), newest last, at most 5000; saved with the next
     * write ({@link saveSoon}).
     * @param {Record<string, unknown>} report
     */
    addVitalsReport(report) {
      keepReport(store.vitalsReports, report, VITALS_REPORT_FIELDS, MAX_VITALS_REPORTS);
      store.saveSoon();
    },

    /**
     * Writes state.json within {@link SAVE_DELAY_MS}, once for every change made meanwhile (not
     * with `keep: false`). A failed write is logged.
     */
    saveSoon() {
      if (!keep || pending) return;
      pending = setTimeout(() => store.flush(), SAVE_DELAY_MS);
      pending.unref();
    },

    /** Writes a change {@link saveSoon} holds back, now; nothing when there is none. */
    flush() {
      if (!pending) return;
      try {
        store.save();
      } catch (error) {
        logger.warn(`Dev host: could not write ${stateFile} (${error instanceof Error ? error.message : error}).`);
      }
    },

    /** Forgets refunds, idempotency answers, recorded requests, error and vitals reports; saves. */
    reset() {
      store.refunded = {};
      store.idempotency.clear();
      store.requests = [];
      store.errorReports = [];
      store.vitalsReports = [];
      store.save();
    },

    /**
     * Writes refunds, idempotency answers, recorded requests and vitals reports to state.json
     * (atomically; not with `keep: false`).
     */
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

  if (keep) load();
  return store;

  function load() {
    const saved = readStateFile(stateFile, STATE_VERSION, logger, 'from the fixtures');
    if (!saved) return;
    store.refunded = saved.refunded ?? {};
    // Older files hold answers without a session: load() leaves those out.
    store.idempotency.load(saved.idempotency);
    store.requests = saved.requests ?? [];
    store.vitalsReports = Array.isArray(saved.vitalsReports) ? saved.vitalsReports : [];
  }
}

/** @typedef {ReturnType<typeof createStore>} Store */

module.exports = { createStore, STATE_FILE, STATE_VERSION, MAX_VITALS_REPORTS };
