/**
 * docs/host-contract.md "Reserved space" on the ASP.NET example site, whose layout is the kit's
 * (`<refund-widgets-head />` links the host stylesheet): each widget's page loads on a 412 px phone
 * under Slow 4G and 4× CPU with a cumulative layout shift of at most 0.01.
 */
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useAspNetHostAndBrowser, bookingUrl } = require('./harness');
const { GOOD_CLS, loadAndMeasure, describeShifts } = require('../../../e2e/layoutShift');
const bookings = require('../../../fixtures/bookings.json');

const env = useAspNetHostAndBrowser();

const PAGES = [
  ['start /', () => `${env.url}/`, '#lookup-widget form button'],
  [
    'refund /ConfirmRefund',
    () => bookingUrl(env.url, '/ConfirmRefund', bookings.instant),
    '#refund-widget h2:text-matches("^You will receive")',
  ],
  [
    'manual claim /ManualRefund',
    () => bookingUrl(env.url, '/ManualRefund', bookings.printed),
    '#manual-claim-widget input[type=file]',
  ],
  [
    'disruption /Home/Disruption',
    () => bookingUrl(env.url, '/Home/Disruption', bookings['disruption-waived']),
    '#disruption-widget fieldset',
  ],
  [
    'Refund unavailable',
    () => bookingUrl(env.url, '/RefundUnavailable', bookings.instant),
    '#refund-widget .rw-refund__unavailable-page h3',
  ],
];

for (const [label, url, ready] of PAGES) {
  test(`ASP.NET ${label}: CLS at most ${GOOD_CLS} on a phone at Slow 4G and 4× CPU`, async () => {
    const { cls, shifts, stylesheetLinked } = await loadAndMeasure(env.browser, url(), ready);
    assert.equal(stylesheetLinked, 1, 'the page links the host stylesheet once');
    assert.ok(cls <= GOOD_CLS, `CLS ${cls.toFixed(4)} > ${GOOD_CLS}; shifts:\n${describeShifts(shifts)}`);
  });
}
