/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * Lookup → refund → Accept refund (docs/product-rules.md section 2 "Refund page"): the start page
 * finds the booking, the refund page offers the amount, three presses send one ProcessRefund, and
 * the same booking then offers no refund.
 */
const assert = require('node:assert/strict');
const { bookings, bookingPath, recorded, assertClean, assertAxeClean } = require('./common');

module.exports = [
  [
    'lookup → refund → Accept refund: three presses send one ProcessRefund, then Refund request accepted',
    async ({ host, newPage }) => {
      const page = await newPage();
      await page.goto(`${host.url}/`);
      await page.find({ role: 'heading', name: 'Demo bookings' });
      await assertAxeClean(page, 'start page');
      // The lookup widget has replaced the server-rendered form (its radios are its own).
      await page.find({ role: 'radio', name: 'My journey was disrupted' });
      await (await page.find({ role: 'textbox', name: 'Booking reference' })).fill('kxb7ht2n');
      await (await page.find({ role: 'textbox', name: 'Email address' })).fill('traveller@example.com');
      await (await page.find({ role: 'radio', name: 'I no longer need to travel' })).click();
      await (await page.find({ role: 'button', name: 'Continue' })).click();
      await page.waitForPath(bookingPath('/ConfirmRefund', 'instant'));

      await page.find({ role: 'heading', name: /^You will receive £/ });
      await page.find({ role: 'heading', name: 'Selected Journey: London Kings Cross to Edinburgh' });
      await assertAxeClean(page, 'refund panel');
      const accept = await page.find({ role: 'button', name: 'Accept refund' });
      // Three presses in one task, before React can draw the button disabled.
      await accept.evaluate((button) => {
        button.click();
        button.click();
        button.click();
      });
      await page.find({ role: 'heading', name: 'Refund request accepted' });
      await page.find({ text: 'We are refunding £189.20.' });
      assert.match(await page.evaluate(() => document.title), /^Refund Complete - /);
      await assertAxeClean(page, 'Refund request accepted');
      const refunds = await recorded(host, '/api/ProcessRefund');
      assert.equal(refunds.length, 1, 'exactly one ProcessRefund reached the backend');
      assert.match(refunds[0].idempotencyKey, /^[0-9a-f-]{36}$/, 'it carries an Idempotency-Key');
      assert.equal(refunds[0].body.protectedReference, bookings.instant.status.protectedReference);
      await assertClean(page);

      // The backend kept state: the same booking no longer offers a refund.
      await page.goto(`${host.url}${bookingPath('/ConfirmRefund', 'instant')}`);
      await page.find({ text: 'A refund is not available for the ticket and refund method you have chosen.' });
      await assertClean(page);
    },
  ],
];
