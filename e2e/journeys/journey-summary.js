/**
 * The journey summary (docs/architecture.md): its own page shows the selected journey, outward and
 * return, with London times as given; the two-widget page shows it beside the refund.
 */
const assert = require('node:assert/strict');
const { bookingPath, assertClean, assertAxeClean } = require('./common');

module.exports = [
  [
    'journey summary: the selected journey, outward and return, with its times; beside the refund on the two-widget page',
    async ({ host, newPage }) => {
      const page = await newPage();
      await page.goto(`${host.url}${bookingPath('/JourneySummary', 'instant-ship')}`);
      await page.find({ role: 'heading', name: /^Selected Journey: London Waterloo to / });
      await page.find({ role: 'region', name: 'Outward (12/06/2027)' });
      await page.find({ role: 'region', name: /^Return \(/ });
      // The first leg leaves London Waterloo at 08:35 (fixture "instant-ship"), London time as given.
      await page.find({ text: '08:35', within: '#journey-summary-widget' });
      await assertAxeClean(page, 'journey summary');
      await assertClean(page);

      await page.goto(`${host.url}${bookingPath('/Demo/TwoWidgets', 'instant')}`);
      await page.find({ role: 'heading', name: /^You will receive £/, within: '#refund-widget' });
      await page.find({ role: 'heading', name: /^Selected Journey: /, within: '#journey-summary-widget' });
      assert.equal(await page.count({ selector: '[data-rw-progress]' }), 1, 'one progress bar for the page');
      await assertAxeClean(page, 'two-widget page');
      await assertClean(page);
    },
  ],
];
