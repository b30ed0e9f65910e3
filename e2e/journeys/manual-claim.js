/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * The manual claim, upload, reload, submit (docs/uploads.md; docs/offline.md): two photos and a
 * replacement reference, then a reload; the draft lists both again, nothing is uploaded twice, and
 * the claim names the two uploads the server stored.
 */
const assert = require('node:assert/strict');
const { bookingPath, devTool, assertClean, assertAxeClean, drawImage, sleep } = require('./common');

module.exports = [
  [
    'manual claim: two photos, a reload, submit; the claim names the same two uploads, none sent twice',
    async ({ host, newPage }) => {
      const page = await newPage();
      await page.goto(`${host.url}${bookingPath('/ManualRefund', 'printed-advance')}`);
      await page.find({ role: 'heading', name: 'Further evidence required' });
      const input = await page.find({ label: 'Choose photos of your tickets' });
      await assertAxeClean(page, 'the evidence screen', '#manual-claim-widget');
      const files = [
        { name: 'whole.png', buffer: await drawImage(page, { width: 640, height: 480, type: 'image/png' }) },
        { name: 'cut.png', buffer: await drawImage(page, { width: 700, height: 500, type: 'image/png' }) },
      ];
      await input.setFiles(files);
      await (await page.find({ label: 'Replacement booking reference' })).fill('KXB7HT2N');
      await page.find({ text: 'Uploaded', nth: 1 }, { timeout: 30_000 });
      await sleep(500); // the draft's last change is written
      const uploaded = await devTool(host, 'uploads');
      assert.deepEqual(uploaded.map((upload) => upload.name).sort(), ['cut.png', 'whole.png'], 'one upload per photo');

      await page.reload();
      await page.find({ role: 'heading', name: 'Further evidence required' });
      await page.find({ text: 'Uploaded', nth: 1 }, { timeout: 30_000 });
      assert.deepEqual(
        await page.evaluate(() => [...document.querySelectorAll('.rw-upload__name')].map((name) => name.textContent)),
        ['whole.png', 'cut.png'],
        'the draft lists both photos again',
      );
      assert.equal(
        await (await page.find({ label: 'Replacement booking reference' })).evaluate((field) => field.value),
        'KXB7HT2N',
      );
      await (await page.find({ role: 'button', name: 'Submit claim' })).click();
      await page.find({ role: 'heading', name: 'Claim submitted' }, { timeout: 30_000 });

      const stored = await devTool(host, 'uploads');
      assert.equal(stored.length, 2, 'nothing uploaded again after the reload');
      const claims = await devTool(host, 'claims');
      assert.equal(claims.length, 1, 'one claim');
      assert.deepEqual(
        [...claims[0].images].sort(),
        stored.map((upload) => upload.id).sort(),
        'the claim names the two uploads the server stored',
      );
      assert.equal(claims[0].replacementReference, 'KXB7HT2N');
      await assertAxeClean(page, 'Claim submitted', '#manual-claim-widget');
      await assertClean(page);
    },
  ],
  [
    'manual claim: a photo chosen the moment the file input appears is uploaded, not dropped',
    async ({ host, newPage }) => {
      const page = await newPage();
      await page.goto(`${host.url}/`);
      await page.find({ role: 'heading', name: 'Demo bookings' });
      const file = { name: 'early.png', buffer: await drawImage(page, { width: 640, height: 480, type: 'image/png' }) };
      await page.goto(`${host.url}${bookingPath('/ManualRefund', 'printed-advance')}`);
      // No wait for the widget to settle: the file goes in as soon as its input exists.
      await (await page.find({ label: 'Choose photos of your tickets' })).setFiles([file]);
      await page.find({ text: 'Uploaded' }, { timeout: 30_000 });
      const uploaded = await devTool(host, 'uploads');
      assert.deepEqual(
        uploaded.map((upload) => upload.name),
        ['early.png'],
        'the early photo uploaded once',
      );
      await assertClean(page);
    },
  ],
];
