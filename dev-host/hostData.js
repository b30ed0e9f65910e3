// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend's page-data calls for other hosts (the ASP.NET host of hosts/aspnet/):
 * what a real site's server reads from its own booking system to render a widget page, served
 * server to server so that every host shows the same demo bookings and state as the dev host.
 *
 * - `GET /host-data/bookings`: the demo bookings (name, label, reference, e-mail, expected panel);
 * - `GET /host-data/booking?bookingReference=…&email=…`: `{ bookingReference, email, details,
 *   journeyId }` (Details JSON of the host contract; journeyId: the refund status's journeyID,
 *   else null), or 404 with a plain message when reference and e-mail do not match a booking;
 * - `GET /host-data/stations`: the station names (CRS code → name).
 *
 * They exist with the dev tools on; without them, only for a request whose `X-Host-Data-Key`
 * header equals the key the dev host was started with (`HOST_DATA_KEY`; `npm run host:aspnet`
 * makes one up and gives it to the ASP.NET site). Any other request is answered as an unknown path
 * (docs/reference-backend.md "Dev tools").
 */
'use strict';

const { createHash, timingSafeEqual } = require('crypto');
const express = require('express');
const { queryValue } = require('./backend');
const { refundStatusOf } = require('./backend/fixtures');

/** The header a host sends the page-data key in. */
const HOST_DATA_KEY_HEADER = 'X-Host-Data-Key';
/** Shortest key accepted. */
const MIN_KEY_LENGTH = 16;

/**
 * Checks a page-data key: a string of at least 16 characters.
 *
 * @param {unknown} key
 * @returns {void}
 * @throws Error when the key is shorter or not a string
 */
function checkHostDataKey(key) {
  if (typeof key !== 'string' || key.length < MIN_KEY_LENGTH) {
    throw new Error(`HOST_DATA_KEY must be at least ${MIN_KEY_LENGTH} characters`);
  }
}

/**
 * Compares two strings in time independent of their contents and lengths (SHA-256 digests).
 *
 * @param {string} given
 * @param {string} expected
 * @returns {boolean}
 */
function sameSecret(given, expected) {
  /** @param {string} text */
  const digest = (text) => createHash('sha256').update(String(text)).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * @param {import('./backend').Backend} store the backend (backend.js `createBackend`)
 * @param {{ stations: Record<string, string>, key?: string }} options station names served to
 *   hosts; `key`: when given, only requests whose `X-Host-Data-Key` header equals it reach the
 *   routes, and others go on past this router (to the app's 404)
 * @returns {import('express').Router}
 * @throws Error when `key` is given but shorter than 16 characters
 */
function createHostDataRouter(store, { stations, key }) {
  if (key !== undefined) checkHostDataKey(key);
  const router = express.Router();
  if (key !== undefined) {
    router.use('/host-data', (req, _res, next) =>
      sameSecret(req.get(HOST_DATA_KEY_HEADER) ?? '', key) ? next() : next('router'),
    );
  }
  router.use('/host-data', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.get('/host-data/bookings', (_req, res) =>
    res.json(
      Object.entries(store.bookings).map(([name, state]) => ({
        name,
        label: state.label ?? name,
        bookingReference: state.bookingReference,
        email: state.email,
        expected: state.expect?.panel ?? '',
      })),
    ),
  );
  router.get('/host-data/booking', (req, res) => {
    const found = store.findBooking(queryValue(req.query, 'bookingReference'), queryValue(req.query, 'email'));
    if (!found) return res.status(404).type('text/plain').send('No booking with that reference and email address.');
    const { state } = found;
    return res.json({
      bookingReference: state.bookingReference,
      email: state.email,
      details: state.details,
      journeyId: refundStatusOf(state)?.journeyID ?? null,
    });
  });
  router.get('/host-data/stations', (_req, res) => res.json(stations));
  return router;
}

module.exports = { createHostDataRouter, checkHostDataKey };
