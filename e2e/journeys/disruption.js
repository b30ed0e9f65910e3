/* global window -- used inside page.evaluate, which runs in the browser */
/**
 * The disruption funnel with portions (docs/product-rules.md section 2; docs/decisions.md "Start
 * page and disruption"): the start page with Disruption, the funnel, the abandoned outward portion,
 * then the refund page whose one ProcessRefund carries the disruption flags; the saved answer is
 * forgotten as the funnel ends.
 */
const assert = require('node:assert/strict');
const { bookingPath, recorded, assertClean, assertAxeClean, bookings } = require('./common');

const KEY = 'rw-disruption:FTR6KL9B:700118';

module.exports = [
  [
    'disruption: start page → funnel → the outward portion → one ProcessRefund with the disruption flags',
    async ({ host, newPage }) => {
      const page = await newPage();
      await page.goto(`${host.url}/`);
      // The lookup widget has replaced the server-rendered form (its radios are its own).
      await page.find({ role: 'radio', name: 'My journey was disrupted' });
      await (await page.find({ role: 'textbox', name: 'Booking reference' })).fill('FTR6KL9B');
      await (await page.find({ role: 'textbox', name: 'Email address' })).fill('disrupted@example.com');
      await (await page.find({ role: 'radio', name: 'My journey was disrupted' })).click();
      await (await page.find({ role: 'radio', name: 'I travelled, but my train was delayed' })).click();
      await (await page.find({ role: 'button', name: 'Continue' })).click();
      await page.find({ text: 'Delay repay requests must be sent to the train operating company', exact: false });
      await (await page.find({ role: 'radio', name: /^I did not travel, or I abandoned my journey/ })).click();
      await (await page.find({ role: 'button', name: 'Continue' })).click();

      await page.waitForPath(bookingPath('/Home/Disruption', 'disruption-waived'));
      await page.find({ role: 'heading', name: 'Selected Journey: London Kings Cross to Darlington' });
      await assertAxeClean(page, 'disruption first question');
      await (await page.find({ role: 'radio', name: 'Yes, my journey was affected by disruption' })).click();
      await (await page.find({ role: 'button', name: 'Continue' })).click();
      await (await page.find({ role: 'radio', name: /^I abandoned my journey/ })).click();
      await (await page.find({ role: 'button', name: 'Save answer' })).click();
      await page.find({ role: 'group', name: 'Which part of your journey did you not travel?' });
      const portions = '[role="radiogroup"], fieldset';
      assert.equal(await page.count({ role: 'radio', name: /journey$/, within: portions }), 3, 'three portions');
      const storedAnswer = () => page.evaluate((key) => window.localStorage.getItem(key), KEY);
      assert.deepEqual(
        { ...JSON.parse(await storedAnswer()), savedAt: undefined },
        { answer: 'Yes', reason: 'abandoned1', savedAt: undefined },
        'the answer is saved while the traveller is in the funnel',
      );
      await assertAxeClean(page, 'disruption portions');
      await (await page.find({ role: 'radio', name: 'The outward journey' })).click();
      await (await page.find({ role: 'button', name: 'Continue' })).click();

      await page.waitForPath(
        bookingPath('/ConfirmRefund', 'disruption-waived', '&disruptedOutwards=true&disruptedInwards=false'),
      );
      assert.equal(await storedAnswer(), null, 'the saved answer is forgotten as the funnel ends');
      await (await page.find({ role: 'button', name: 'Accept refund' })).click();
      await page.find({ role: 'heading', name: 'Refund request accepted' });
      const bodies = (await recorded(host, '/api/ProcessRefund')).map((entry) => entry.body);
      assert.equal(bodies.length, 1);
      assert.equal(bodies[0].protectedReference, bookings['disruption-waived'].status.protectedReference);
      assert.equal(bodies[0].disruptedOutwards, true);
      assert.equal(bodies[0].disruptedInwards, false);
      await assertClean(page);
    },
  ],
];
