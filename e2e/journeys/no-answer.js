/**
 * No answer, and back again (docs/offline.md): where the engine can go offline, Accept refund
 * pressed offline sends nothing and says so; where it cannot (WebKit over classic WebDriver), the
 * dev host stops answering and the press fails with the retry text. Back again, one press makes
 * one refund.
 */
const assert = require('node:assert/strict');
const { bookingPath, recorded, assertClean, sleep } = require('./common');

const OFFLINE = "You're offline. Nothing has been sent. You can continue when you're back online.";
const FAILURE = "We couldn't process this refund. Please try again.";

module.exports = [
  [
    'no answer, then back again: nothing is refunded while cut off, one press back online makes one refund',
    async ({ engine, host, newPage }) => {
      const page = await newPage();
      await page.goto(`${host.url}${bookingPath('/ConfirmRefund', 'instant')}`);
      await page.find({ role: 'button', name: 'Accept refund' });
      await sleep(3500); // the code that sends the refund loads while the page is idle (docs/performance.md)
      await page.setOffline(true);
      if (engine.canGoOffline) {
        const notice = await page.find({ text: OFFLINE, within: '#refund-widget' });
        assert.equal(
          await notice.evaluate((el) => Boolean(el.closest('[role="status"]'))),
          true,
          'announced as a status',
        );
        await (await page.find({ role: 'button', name: 'Accept refund' })).click();
        await (await page.find({ role: 'button', name: 'Accept refund' })).click();
        await sleep(500);
        assert.equal(await page.count({ text: FAILURE }), 0, 'no failure: nothing was tried');
        assert.equal(await page.count({ text: OFFLINE }), 1, 'one offline message');
      } else {
        await (await page.find({ role: 'button', name: 'Accept refund' })).click();
        await page.find({ text: FAILURE }, { timeout: 30_000 });
      }
      assert.equal((await recorded(host, '/api/ProcessRefund')).length, 0, 'nothing refunded while cut off');

      await page.setOffline(false);
      if (engine.canGoOffline) await page.gone({ text: OFFLINE });
      await (await page.find({ role: 'button', name: 'Accept refund' })).click();
      await page.find({ role: 'heading', name: 'Refund request accepted' }, { timeout: 30_000 });
      assert.equal((await recorded(host, '/api/ProcessRefund')).length, 1, 'one refund');
      await assertClean(page);
    },
  ],
];
