/* global document, window -- used inside page.evaluate, which runs in the browser */
/**
 * A 375 px phone (docs/decisions.md "Sizes and measure"): at 375 × 812, once its widgets have drawn
 * their first panel, no dev-host page scrolls sideways. The states gallery is excepted (a wall of
 * widgets for developers, not a traveller's page).
 */
const assert = require('node:assert/strict');
const { bookingPath, assertAxeClean, sleep } = require('./common');

const PHONE = { width: 375, height: 812 };

/** Every page of the dev host but the gallery, with bookings that reach each panel or view. */
const PAGES = [
  '/',
  ...[
    'instant',
    'instant-ship',
    'replacement',
    'cancelled',
    'printed',
    'null-status',
    'status-failure',
    'six-months',
    'dry-run-failure',
  ].map((name) => bookingPath('/ConfirmRefund', name)),
  bookingPath('/ConfirmRefund', 'covid-full-refund', '&covid19=true'),
  bookingPath('/RefundUnavailable', 'cancelled'),
  bookingPath('/RefundUnavailable', 'dry-run-failure'),
  bookingPath('/JourneySummary', 'instant-ship'),
  bookingPath('/Demo/TwoWidgets', 'instant'),
  bookingPath('/ManualRefund', 'printed'),
  bookingPath('/ManualRefund', 'printed-advance', '&Disruption=true'),
  bookingPath('/Home/Disruption', 'disruption-waived'),
  bookingPath('/Home/Disruption', 'disruption-none'),
  bookingPath('/Home/Disruption/Finished', 'disruption-waived', '&Reason=delayed'),
  '/SelfRefundsUnavailable',
  '/ConfirmRefund?BookingReference=KXB7HT2N&Email=nobody%40example.com',
  '/No/Such/Page',
];

/** Waits until every mount point has drawn past its loading text (at most 15 s). */
async function widgetsDrawn(page) {
  const until = Date.now() + 15_000;
  for (;;) {
    const drawn = await page.evaluate(() =>
      [...document.querySelectorAll('[id$="-widget"]')].every(
        (mount) => mount.childElementCount > 0 && !/Please wait while we load/.test(mount.textContent ?? ''),
      ),
    );
    if (drawn) return;
    if (Date.now() > until) throw new Error(`the widgets never drew on ${await page.url()}`);
    await sleep(100);
  }
}

module.exports = [
  [
    'a 375 px phone: no page scrolls sideways',
    async ({ host, newPage }) => {
      const page = await newPage({ viewport: PHONE });
      const wide = [];
      for (const route of PAGES) {
        await page.goto(`${host.url}${route}`);
        await widgetsDrawn(page);
        await sleep(200); // images and fonts settle
        const size = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          sticksOut: [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
            .slice(0, 5)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
        }));
        assert.equal(size.innerWidth, PHONE.width, 'the viewport is a 375 px phone');
        if (size.scrollWidth > PHONE.width)
          wide.push(`${route}: ${size.scrollWidth} px (${size.sticksOut.join(', ')})`);
      }
      assert.deepEqual(wide, [], 'no page scrolls sideways at 375 px');
      await page.goto(`${host.url}${bookingPath('/ConfirmRefund', 'instant')}`);
      await page.find({ role: 'button', name: 'Accept refund' });
      await assertAxeClean(page, 'the refund page at 375 px');
    },
  ],
];
