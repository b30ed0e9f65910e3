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
 */
'use strict';

const express = require('express');
const { queryValue } = require('./backend');

/**
 * @param {object} store the backend's store (backend.js `createStore`)
 * @param {{ stations: Record<string, string> }} options station names served to hosts
 * @returns {import('express').Router}
 */
function createHostDataRouter(store, { stations }) {
  const router = express.Router();
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
    if (!found) return res.status(404).type('text/plain').send('No booking with that reference and e-mail address.');
    const { state } = found;
    return res.json({
      bookingReference: state.bookingReference,
      email: state.email,
      details: state.details,
      journeyId: state.status?.refundStatus?.journeyID ?? null,
    });
  });
  router.get('/host-data/stations', (_req, res) => res.json(stations));
  return router;
}

module.exports = { createHostDataRouter };
