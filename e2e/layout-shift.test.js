/**
 * Browser tests of the reserved space (docs/host-contract.md "Reserved space"): on a 412 px phone
 * under Lighthouse's mobile throttling (Slow 4G, 4× CPU), the widgets' pages load with a cumulative
 * layout shift of at most 0.01, measured by the browser's own `layout-shift` entries: the host
 * stylesheet keeps each mount point's space until the first panel, so neither the loading text nor
 * the first panel moves the host's page. Without the stylesheet (a page from before it), the same
 * page still works and shifts as it did. Each page runs on two layouts: the dev host's, and a
 * minimal host page (a heading, the mount point and a footer; the head as served), where what
 * follows the mount is in view.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser } = require('./harness');
const { GOOD_CLS, loadAndMeasure, describeShifts: describe } = require('./layoutShift');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser();

const query = (state) =>
  `BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}`;
const PAGES = [
  ['start /', '/', 'lookup-widget', '#lookup-widget form button'],
  [
    'refund /ConfirmRefund',
    `/ConfirmRefund?${query('instant')}`,
    'refund-widget',
    '#refund-widget h2:text-matches("^You will receive")',
  ],
  [
    'manual claim /ManualRefund',
    `/ManualRefund?${query('printed')}`,
    'manual-claim-widget',
    '#manual-claim-widget input[type=file]',
  ],
  [
    'disruption /Home/Disruption',
    `/Home/Disruption?${query('disruption-waived')}`,
    'disruption-widget',
    '#disruption-widget fieldset',
  ],
  [
    'Refund unavailable',
    `/RefundUnavailable?${query('instant')}`,
    'refund-widget',
    '#refund-widget .rw-refund__unavailable-page h3',
  ],
];

for (const [label, route, , ready] of PAGES) {
  test(`${label}: CLS at most ${GOOD_CLS} on a phone at Slow 4G and 4× CPU (the host stylesheet reserves the space)`, async () => {
    const { cls, shifts, stylesheetLinked } = await loadAndMeasure(env.browser, `${env.host.url}${route}`, ready);
    assert.equal(stylesheetLinked, 1, 'the page links the host stylesheet once');
    assert.ok(cls <= GOOD_CLS, `CLS ${cls.toFixed(4)} > ${GOOD_CLS}; shifts:\n${describe(shifts)}`);
  });
}

for (const [label, route, mountId, ready] of PAGES) {
  test(`${label} on a minimal host page (heading, mount point, footer): CLS at most ${GOOD_CLS} on the same phone`, async () => {
    const { cls, shifts, stylesheetLinked } = await loadAndMeasure(env.browser, `${env.host.url}${route}`, ready, {
      minimalFor: mountId,
    });
    assert.equal(stylesheetLinked, 1, 'the page links the host stylesheet once');
    assert.ok(cls <= GOOD_CLS, `CLS ${cls.toFixed(4)} > ${GOOD_CLS}; shifts:\n${describe(shifts)}`);
  });
}

test('refund page without the host stylesheet: it still loads its first panel, and the host page moves as before', async () => {
  const { cls, shifts, stylesheetLinked } = await loadAndMeasure(
    env.browser,
    `${env.host.url}/ConfirmRefund?${query('instant')}`,
    '#refund-widget h2:text-matches("^You will receive")',
    { withoutStylesheet: true },
  );
  assert.equal(stylesheetLinked, 0);
  // What the stylesheet prevents: the footer and the aside pushed down by the widget.
  assert.ok(cls > GOOD_CLS, `CLS ${cls.toFixed(4)} without the stylesheet`);
  assert.ok(
    shifts.some((s) => s.sources.some((source) => source.startsWith('footer.site-footer'))),
    describe(shifts),
  );
});
