/* global document, window, FileReader -- used inside page.addInitScript and page.evaluate, which run in the browser */
/**
 * Browser-test harness: starts the dev host on a free port with a fresh DATA_DIR, and drives
 * Debian's Chromium with playwright-core (never a downloaded browser). Each page collects page
 * errors, console errors and CSP violations so tests can assert there were none.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');
const { startServer } = require('../dev-host/server');

const ROOT = path.resolve(__dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The build the browser tests serve: `DIST_DIR` (as for the build) or `dist/`. */
const DIST = path.resolve(ROOT, process.env.DIST_DIR || 'dist');

/**
 * The shim's URL in the dev host's pages: the fingerprinted copy that dist/manifest.json names
 * (`/static/refund-widgets/host-shim.0123abcd.js`), read when first asked for.
 * @returns {string}
 */
function shimSrc() {
  const { shim } = JSON.parse(fs.readFileSync(path.join(DIST, 'manifest.json'), 'utf8'));
  return `/static/refund-widgets/${shim}`;
}

/**
 * Starts the dev host on PORT=0 with a temporary DATA_DIR and, unless `options.devTools` is false,
 * its dev tools on (the tests read /__dev/* and reset with POST /__dev/reset). Returns
 * { url, close, dataDir }.
 */
async function startHost(options = {}) {
  if (!fs.existsSync(path.join(DIST, 'host-shim.js'))) {
    throw new Error('dist/host-shim.js is missing: run `npm run build` before the browser tests');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-e2e-'));
  const server = await startServer({ port: 0, dataDir, distDir: DIST, devTools: true, ...options });
  return {
    ...server,
    dataDir,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers `before`/`after` hooks (node:test) that start a dev host (`startHost(options)`) and
 * the browser for the test file, and, with `resetEachTest`, a `beforeEach` that restores the
 * fixtures (tests refund bookings). Returns an object whose `host` and `browser` are set once the
 * `before` hook ran.
 * @returns {{ host: Awaited<ReturnType<typeof startHost>>, browser: import('playwright-core').Browser }}
 */
function useHostAndBrowser({ resetEachTest = false, ...options } = {}) {
  const { before, after, beforeEach } = require('node:test');
  const env = {};
  before(async () => {
    env.host = await startHost(options);
    env.browser = await launchBrowser();
  });
  if (resetEachTest) {
    beforeEach(async () => {
      await fetch(`${env.host.url}/__dev/reset`, { method: 'POST' });
    });
  }
  after(async () => {
    await env.browser?.close();
    await env.host?.close();
  });
  return env;
}

/**
 * Launches headless Debian Chromium with the flags this machine needs.
 * @param {string[]} [extraArgs] more command-line flags (e.g. `--host-resolver-rules=…`)
 */
async function launchBrowser(extraArgs = []) {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** The browser's time zone in every test unless one asks for another (docs/testing.md "Time zones"). */
const BROWSER_TIME_ZONE = 'Europe/London';

/**
 * Opens a new page that records problems: `problems.pageErrors` (uncaught exceptions),
 * `problems.consoleErrors`, `problems.cspViolations` and every request in `requests`.
 * `contextOptions` go to `browser.newContext` (e.g. `{ viewport: { width: 375, height: 812 } }`);
 * the browser runs in Europe/London unless `contextOptions.timezoneId` (an IANA zone name) says
 * otherwise.
 */
async function openPage(browser, contextOptions = {}) {
  const context = await browser.newContext({ timezoneId: BROWSER_TIME_ZONE, ...contextOptions });
  const page = await context.newPage();
  const problems = { pageErrors: [], consoleErrors: [], cspViolations: [] };
  const requests = [];
  page.on('pageerror', (error) => problems.pageErrors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Content Security Policy/i.test(text)) problems.cspViolations.push(text);
    else problems.consoleErrors.push(text);
  });
  page.on('request', (request) => requests.push({ url: request.url(), method: request.method(), request }));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return { page, context, problems, requests };
}

/**
 * Loads the two-widget page (the refund widget and the journey summary), waits for both first
 * panels and for the network to be idle, and gives every script the page fetched: for tests that a
 * shared library (React DOM, moment) is downloaded once per page.
 *
 * @param {import('playwright-core').Page} page a page from {@link openPage}
 * @param {string} url the two-widget page's URL, with its booking query
 * @returns {Promise<{ url: string, body: string }[]>} each `.js` response, in the order it ended
 */
async function twoWidgetPageScripts(page, url) {
  const scripts = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
  });
  await page.goto(url);
  await page
    .locator('#refund-widget')
    .getByRole('heading', { name: /^You will receive/ })
    .waitFor();
  await page.locator('#journey-summary-widget h2, #journey-summary-widget h3').first().waitFor();
  await page.waitForLoadState('networkidle');
  return scripts;
}

module.exports = { startHost, launchBrowser, openPage, useHostAndBrowser, twoWidgetPageScripts, shimSrc, ROOT, DIST };

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page (injected through the DevTools protocol, so the page's strict CSP
 * stays on), with the WCAG 2.2 `target-size` rule (targets at least 24 px) enabled, and returns
 * the serious and critical violations as `id: target…` strings.
 * @param {import('playwright-core').Page} page
 * @param {string} [selector] limit the check to this part of the page (default the document)
 * @returns {Promise<string[]>}
 */
async function seriousAxeViolations(page, selector) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (context) => {
    const result = await window.axe.run(context ? document.querySelector(context) : document, {
      resultTypes: ['violations'],
      // WCAG 2.2 target size (at least 24 px), off by default in axe 4.
      rules: { 'target-size': { enabled: true } },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, selector ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

/** A short description of the focused element, for keyboard navigation. */
function focused(page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return '';
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : '';
    return `${element.tagName.toLowerCase()}|${element.getAttribute('type') ?? ''}|${(label || element.textContent || '').trim()}`;
  });
}

/** Presses Tab until the focused element's description matches `pattern` (at most 40 presses). */
async function tabTo(page, pattern) {
  for (let i = 0; i < 40; i += 1) {
    if (pattern.test(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${pattern}; focus is on ${await focused(page)}`);
}

/**
 * Draws an image in the page and returns its encoded bytes: a smooth pattern with mild noise, so
 * the JPEG is photo-like in size.
 */
async function drawImage(page, { width, height, type, quality = 0.9 }) {
  const base64 = await page.evaluate(
    async ({ width, height, type, quality }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      const image = ctx.createImageData(width, height);
      let seed = 7;
      const random = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed / 2147483648;
      };
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const i = (y * width + x) * 4;
          const noise = random() * 40;
          image.data[i] = (x * 255) / width + noise;
          image.data[i + 1] = (y * 255) / height + noise;
          image.data[i + 2] = 128 + noise;
          image.data[i + 3] = 255;
        }
      }
      ctx.putImageData(image, 0, 0);
      const blob = await new Promise((resolve) => canvas.toBlob(resolve, type, quality));
      return new Promise((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result).split(',')[1]);
        reader.readAsDataURL(blob);
      });
    },
    { width, height, type, quality },
  );
  return Buffer.from(base64, 'base64');
}

module.exports.seriousAxeViolations = seriousAxeViolations;
module.exports.focused = focused;
module.exports.tabTo = tabTo;
module.exports.drawImage = drawImage;
