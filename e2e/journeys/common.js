/* global document -- used inside page.evaluate, which runs in the browser */
/** What the journeys share: page URLs of the fixtures' bookings, the backend's records, checks. */
const assert = require('node:assert/strict');
const bookings = require('../../fixtures/bookings.json');

/** `route` with the booking reference and e-mail of fixture booking `name` (and `extra`). */
function bookingPath(route, name, extra = '') {
  const { bookingReference, email } = bookings[name];
  return `${route}?BookingReference=${encodeURIComponent(bookingReference)}&Email=${encodeURIComponent(email)}${extra}`;
}

/** GETs a dev tool of the dev host (`/__dev/requests`, `/__dev/claims`, `/__dev/uploads`). */
async function devTool(host, what) {
  return (await fetch(`${host.url}/__dev/${what}`)).json();
}

/** The accepted committing requests to `path` the backend recorded. */
async function recorded(host, path) {
  return (await devTool(host, 'requests')).filter((entry) => entry.path === path);
}

/** No uncaught exception and no CSP violation on the page. */
async function assertClean(page) {
  const { pageErrors, cspViolations } = await page.problems();
  assert.deepEqual(pageErrors, [], 'no uncaught exception');
  assert.deepEqual(cspViolations, [], 'no CSP violation');
}

/** axe-core finds no serious or critical violation in this state (`what`). */
async function assertAxeClean(page, what, selector) {
  assert.deepEqual(await page.axe(selector), [], `axe: ${what}`);
}

/**
 * Draws an image in the page and gives its encoded bytes: a smooth pattern with mild noise, so the
 * photo is photo-like in size.
 */
async function drawImage(page, { width, height, type }) {
  const base64 = await page.evaluate(
    async (w, h, mime) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d');
      const image = ctx.createImageData(w, h);
      let seed = 7;
      for (let i = 0; i < w * h * 4; i += 4) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const noise = (seed / 2147483648) * 40;
        const x = (i / 4) % w;
        const y = Math.floor(i / 4 / w);
        image.data[i] = (x * 255) / w + noise;
        image.data[i + 1] = (y * 255) / h + noise;
        image.data[i + 2] = 128 + noise;
        image.data[i + 3] = 255;
      }
      ctx.putImageData(image, 0, 0);
      return canvas.toDataURL(mime).split(',')[1];
    },
    width,
    height,
    type,
  );
  return Buffer.from(base64, 'base64');
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

module.exports = { bookings, bookingPath, devTool, recorded, assertClean, assertAxeClean, drawImage, sleep };
