// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
// Page data for other hosts (hosts/aspnet/), server to server: /host-data/bookings, /booking and
// /stations (docs/reference-backend.md "Dev tools").
'use strict';

const express = require('express');
const { queryValue } = require('./backend');
const { sameSecret } = require('./auth');
const { refundStatusOf } = require('./backend/fixtures');

const MIN_KEY_LENGTH = 16;

/** @param {unknown} key @throws Error when not a string of at least 16 characters */
function checkHostDataKey(key) {
  if (typeof key !== 'string' || key.length < MIN_KEY_LENGTH) {
    throw new Error(`HOST_DATA_KEY must be at least ${MIN_KEY_LENGTH} characters`);
  }
}

/**
 * The /host-data/* routes. With `key`, only a request whose `X-Host-Data-Key` equals it (compared
 * in constant time) reaches them; others go on past this router.
 * @param {import('./backend').Backend} store @param {{ stations: Record<string, string>, key?: string }} options
 * @returns {import('express').Router} @throws Error when `key` is shorter than 16 characters
 */
function createHostDataRouter(store, { stations, key }) {
  const router = express.Router();
  if (key !== undefined) {
    checkHostDataKey(key);
    router.use('/host-data', (req, _res, next) =>
      sameSecret(req.get('X-Host-Data-Key') ?? '', key) ? next() : next('router'),
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
