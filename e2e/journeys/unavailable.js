/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * The six-month answer and the unavailable page (docs/product-rules.md section 2 "Refund page"):
 * the modal holds focus and closes with Escape, leaving the support contact and no refund; the
 * unavailable page gives the reason and the appeal address.
 */
const assert = require('node:assert/strict');
const { bookings, bookingPath, assertClean, assertAxeClean } = require('./common');

module.exports = [
  [
    'six months after travel: the modal takes focus and keeps it, Escape closes it, the page offers the support team and no refund',
    async ({ host, newPage }) => {
      const page = await newPage();
      await page.goto(`${host.url}${bookingPath('/ConfirmRefund', 'six-months')}`);
      const dialog = await page.find({ role: 'alertdialog', name: 'Automated refunds are not available' });
      const link = await page.find({ role: 'link', name: 'Email our support team', within: 'dialog[open]' });
      assert.match(await link.evaluate((a) => a.getAttribute('href')), /^mailto:support@example\.co\.uk\?subject=/);
      assert.equal(await dialog.evaluate((d) => d.contains(document.activeElement)), true, 'focus is inside the modal');
      for (let i = 0; i < 4; i += 1) {
        await page.press('Tab');
        assert.equal(
          await page.evaluate(() => Boolean(document.activeElement?.closest('dialog'))),
          true,
          'Tab keeps focus in the modal',
        );
      }
      await assertAxeClean(page, 'six-month modal');
      await page.press('Escape');
      await page.gone({ role: 'alertdialog' });
      assert.equal(await page.count({ role: 'button', name: 'Accept refund' }), 0, 'no refund is offered');
      await page.find({ role: 'heading', name: 'Automated refunds are not available', within: '#refund-widget' });
      for (const name of ['Continue', 'Defer replacement', 'Provide replacement journey']) {
        assert.equal(await page.count({ role: 'button', name }), 0, `no "${name}"`);
      }
      await assertAxeClean(page, 'six-month page after Escape');
      await assertClean(page);
    },
  ],
  [
    'the unavailable page gives each reason and the appeal address',
    async ({ host, newPage }) => {
      const page = await newPage();
      for (const [name, reason] of [
        ['cancelled', "it looks like you've already received a refund"],
        ['scanned', 'our records indicate you may have already used this ticket'],
        ['zero-value', 'no refund is available'],
        ['dry-run-failure', 'something went wrong'],
      ]) {
        await page.goto(`${host.url}${bookingPath('/RefundUnavailable', name)}`);
        await page.find({ role: 'heading', name: 'Refund unavailable' });
        await page.find({ text: `We can't process an automatic refund for this journey because ${reason}.` });
        const mailto = await (
          await page.find({ role: 'link', name: 'appeals@example.co.uk' })
        ).evaluate((a) => a.getAttribute('href'));
        assert.equal(
          new URL(mailto).searchParams.get('subject'),
          `Failed automatic refund for ${bookings[name].bookingReference}`,
        );
        const disrupted = { text: /^You can get a refund, for example, if your journey was disrupted/ };
        assert.equal(await page.count(disrupted), name === 'cancelled' ? 0 : 1, `${name}: the disruption advice`);
        assert.match(await page.evaluate(() => document.title), /^Refund Unavailable - /);
        await assertAxeClean(page, `unavailable page: ${name}`);
        await assertClean(page);
      }
    },
  ],
];
