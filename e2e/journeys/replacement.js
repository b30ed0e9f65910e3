/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * Replacement with the picker, and deferral (docs/product-rules.md section 2 "Refund page"): a
 * replacement booking looked up, a journey picked, its dry-run amount shown, three presses of
 * Confirm sending one request; Defer replacement pressed twice sending one deferral.
 */
const assert = require('node:assert/strict');
const { bookings, bookingPath, recorded, assertClean, assertAxeClean } = require('./common');
const lookups = require('../../fixtures/lookups.json');

module.exports = [
  [
    'replacement: lookup, pick the second journey by keyboard, its dry run, three presses of Confirm send one request',
    async ({ host, newPage }) => {
      const page = await newPage();
      await page.goto(`${host.url}${bookingPath('/ConfirmRefund', 'replacement')}`);
      await page.find({ role: 'heading', name: 'Refund with a replacement journey' });
      await assertAxeClean(page, 'replacement panel');
      await (await page.find({ role: 'button', name: 'Provide replacement journey' })).click();
      await (await page.find({ label: 'Booking reference' })).fill(lookups.candidates.bookingReference);
      await (await page.find({ label: 'Email address' })).fill(lookups.candidates.email);
      await (await page.find({ role: 'button', name: 'Continue' })).click();

      const dialog = 'dialog[open]';
      await page.find({ role: 'dialog', name: 'Confirm replacement' });
      await page.find({ role: 'button', name: 'Confirm £35.50 refund', within: dialog });
      await page.find({ text: '£45.50 refund, less the £10.00 admin fee = £35.50', within: dialog });
      assert.equal(
        await page.count({ role: 'radio', within: dialog }),
        2,
        'the journey without a refund status is not offered',
      );
      await assertAxeClean(page, 'journey picker');

      // Keyboard: the first card has focus in the radio group; ArrowDown picks the second.
      await (await page.find({ role: 'radio', within: dialog })).evaluate((radio) => radio.focus());
      await page.press('ArrowDown');
      assert.equal(await (await page.find({ role: 'radio', within: dialog, nth: 1 })).isChecked(), true);
      const confirm = await page.find({ role: 'button', name: 'Confirm £45.50 refund', within: dialog });
      await page.find({ text: '£45.50 refund, with no admin fee', within: dialog });
      assert.equal((await recorded(host, '/api/ProcessRefundWithReplacement')).length, 0, 'nothing committed yet');
      await confirm.evaluate((button) => {
        button.click();
        button.click();
        button.click();
      });
      await page.find({ role: 'heading', name: 'Refund request accepted' });
      await page.find({ text: 'We are refunding £45.50.' });
      const posts = await recorded(host, '/api/ProcessRefundWithReplacement');
      assert.equal(posts.length, 1, 'exactly one ProcessRefundWithReplacement');
      assert.deepEqual(posts[0].body, {
        protectedReference: bookings.replacement.status.replacementProtectedReference,
        journeyId: bookings.replacement.status.refundStatus.journeyID,
        replacementBookingReference: lookups.candidates.bookingReference,
        replacementJourneyId: 900102,
      });
      assert.match(await page.evaluate(() => document.title), /^Refund Complete - /);
      await assertClean(page);
    },
  ],
  [
    'deferral: Defer replacement, Accept refund pressed twice → one ProcessRefund with defer: true',
    async ({ host, newPage }) => {
      const page = await newPage();
      await page.goto(`${host.url}${bookingPath('/ConfirmRefund', 'defer-only')}`);
      await (await page.find({ role: 'button', name: 'Defer replacement' })).click();
      await page.find({ text: 'A deferred refund is valid for 12 months.' });
      await page.find({ text: 'No admin fee applies to a deferral.' });
      await assertAxeClean(page, 'deferral');
      await (
        await page.find({ role: 'button', name: 'Accept refund' })
      ).evaluate((button) => {
        button.click();
        button.click();
      });
      await page.find({ role: 'heading', name: 'Deferred refund request accepted' });
      await page.find({ text: 'We are keeping £9.00 for you for 12 months, with no admin fee.' });
      await page.find({ text: /^To use it, book your next journey with us within 12 months/ });
      const posts = await recorded(host, '/api/ProcessRefund');
      assert.equal(posts.length, 1, 'exactly one ProcessRefund');
      assert.equal(posts[0].body.defer, true);
      assert.equal(posts[0].body.protectedReference, bookings['defer-only'].status.protectedReference);
      await assertAxeClean(page, 'Deferred refund request accepted');
      await assertClean(page);
    },
  ],
];
