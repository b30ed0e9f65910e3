// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend's test endpoints, served only with the dev tools on (the `devTools`
 * option of the dev host and of `npm run backend`; docs/reference-backend.md "Dev tools"):
 *
 * - `GET /__dev/requests`: the accepted committing requests;
 * - `GET /__dev/error-reports`: the error reports POSTed to /report/error;
 * - `GET /__dev/vitals-reports`: the Web Vitals reports POSTed to /report/vitals;
 * - `GET /__dev/claims`: the submitted claims, with each image's type, bytes and size;
 * - `GET /__dev/uploads`: every upload;
 * - `POST /__dev/reset`: forgets refunds, idempotency answers, recorded requests, error and
 *   vitals reports, uploads (with their files) and claims: the fixtures' first state.
 *
 * Without the dev tools none of these exist: they answer as any unknown path does.
 */
'use strict';

const express = require('express');

/**
 * @param {object} options
 * @param {import('./backend').Backend} options.store the backend (backend.js `createBackend`)
 * @param {ReturnType<typeof import('./claims').createClaimsStore>} options.claims the claims store
 *   (claims.js `createClaimsStore`)
 * @returns {import('express').Router} the /__dev/* routes; any other /__dev path is 404 JSON
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
