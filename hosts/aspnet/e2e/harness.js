/**
 * Browser-test set-up for the ASP.NET host: the reference backend (the dev host, started by the
 * shared e2e harness on a free port with a temporary DATA_DIR) and the built ASP.NET site in front
 * of it (hosts/aspnet/run.js), plus headless Chromium. Run after `npm run build` and
 * `dotnet build hosts/aspnet`.
 */
'use strict';

const { before, after, beforeEach } = require('node:test');
const { startHost, launchBrowser, DIST } = require('../../../e2e/harness');
const { startAspNetHost } = require('../run');

/**
 * Registers node:test hooks that start the backend (`startHost(backendOptions)`), the ASP.NET site
 * and the browser; with `resetEachTest`, restores the backend's fixtures before each test.
 *
 * @param {{ resetEachTest?: boolean, distDir?: string, validateAntiforgery?: boolean, backend?: object }} [options]
 * @returns {{ url: string, backend: { url: string }, site: object, browser: import('playwright-core').Browser }}
 *   filled once the `before` hook ran; `url` is the ASP.NET site's
 */
function useAspNetHostAndBrowser({ resetEachTest = false, distDir = DIST, validateAntiforgery, backend = {} } = {}) {
  const env = {};
  before(async () => {
    env.backend = await startHost(backend);
    env.site = await startAspNetHost({ backendUrl: env.backend.url, distDir, validateAntiforgery });
    env.url = env.site.url;
    env.browser = await launchBrowser();
  });
  if (resetEachTest) {
    beforeEach(async () => {
      await fetch(`${env.backend.url}/__dev/reset`, { method: 'POST' });
    });
  }
  after(async () => {
    await env.browser?.close();
    await env.site?.close();
    await env.backend?.close();
  });
  return env;
}

/** `/route?BookingReference=…&Email=…` of a fixture state on the site at `base`. */
function bookingUrl(base, route, state) {
  return `${base}${route}?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;
}

/** The strict CSP of the host contract, as both hosts send it. */
const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

module.exports = { useAspNetHostAndBrowser, bookingUrl, STRICT_CSP };
