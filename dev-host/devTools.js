// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
// The test endpoints /__dev/*, only with the dev tools on (docs/reference-backend.md "Dev tools").
'use strict';

const express = require('express');

/**
 * @param {object} options @param {import('./backend').Backend} options.store
 * @param {ReturnType<typeof import('./claims').createClaimsStore>} options.claims
 * @returns {import('express').Router} any other /__dev path is 404 JSON
 */
function createDevToolsRouter({ store, claims }) {
  const router = express.Router();
  router.use('/__dev', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.get('/__dev/requests', (_req, res) => res.json(store.requests));
  router.get('/__dev/error-reports', (_req, res) => res.json(store.errorReports));
  router.get('/__dev/vitals-reports', (_req, res) => res.json(store.vitalsReports));
  router.get('/__dev/claims', (_req, res) => res.json(claims.describeClaims()));
  router.get('/__dev/uploads', (_req, res) => res.json(Object.values(claims.uploads)));
  router.post('/__dev/reset', (_req, res) => {
    store.reset();
    claims.reset();
    res.json({ reset: true });
  });
  router.use('/__dev', (_req, res) => res.status(404).json({ message: 'Not found.' }));
  return router;
}

module.exports = { createDevToolsRouter };
