/* global document, window -- used inside page.evaluate, which runs in the browser */
/**
 * Version skew on the ASP.NET host: a page that loaded the shim of an older build keeps working
 * while the files of a newer build are published over the same folder, as long as the deploy adds
 * files and replaces only the unhashed ones (host-shim.js, remoteEntry.js, manifest.json).
 *
 * The older build is the current one changed as a rebuild would change it: one widget text in a
 * lazily loaded chunk of the refund remote (`There is a problem`), that chunk renamed with a new
 * content hash and referenced from its remoteEntry.js, other shim bytes, and its own manifest.
 */
'use strict';

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { startHost, launchBrowser, openPage, DIST } = require('../../../e2e/harness');
const { startAspNetHost } = require('../run');
const { buildManifest } = require('../../../types/manifest-plugin');
const { bookingUrl } = require('./harness');
const bookings = require('../../../fixtures/bookings.json');
const widgets = require('../../../host-shim/widgets.json');
const pkg = require('../../../package.json');

const OLD_TEXT = 'There is a problem (older build)';
const OLD_HASH = '0d0d0d0d';
const env = {};

/** Copies every file of `from` into `to`, replacing files of the same name (a deploy that only adds). */
function publish(from, to) {
  fs.cpSync(from, to, { recursive: true, force: true });
}

/** Writes the older build into `dir`; returns the file name of its changed chunk (relative to dir). */
function writeOlderBuild(dir) {
  publish(DIST, dir);
  const refund = path.join(dir, 'refund');
  const chunk = fs
    .readdirSync(refund)
    .find(
      (file) =>
        /^\d+\.[0-9a-f]{8}\.js$/.test(file) &&
        fs.readFileSync(path.join(refund, file), 'utf8').includes('"There is a problem"') &&
        !fs.readFileSync(path.join(refund, file), 'utf8').includes('Choose your replacement'),
    );
  assert.ok(chunk, 'a lazily loaded chunk of the refund remote holds "There is a problem"');
  const [id, hash] = chunk.split('.');
  const entry = path.join(refund, 'remoteEntry.js');
  const entrySource = fs.readFileSync(entry, 'utf8');
  assert.equal(entrySource.split(`"${hash}"`).length, 2, 'remoteEntry.js names the chunk hash once');
  fs.writeFileSync(entry, entrySource.replace(`"${hash}"`, `"${OLD_HASH}"`));
  const renamed = `${id}.${OLD_HASH}.js`;
  fs.writeFileSync(
    path.join(refund, renamed),
    fs.readFileSync(path.join(refund, chunk), 'utf8').replace('"There is a problem"', JSON.stringify(OLD_TEXT)),
  );
  fs.rmSync(path.join(refund, chunk));
  fs.appendFileSync(path.join(dir, 'host-shim.js'), '\n/* an older build */\n');
  fs.writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify(buildManifest(dir, { version: pkg.version, widgets })),
  );
  return `refund/${renamed}`;
}

before(async () => {
  env.live = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-live-dist-'));
  env.oldChunk = writeOlderBuild(env.live);
  env.oldManifest = JSON.parse(fs.readFileSync(path.join(env.live, 'manifest.json'), 'utf8'));
  env.newManifest = JSON.parse(fs.readFileSync(path.join(DIST, 'manifest.json'), 'utf8'));
  env.backend = await startHost();
  env.site = await startAspNetHost({ backendUrl: env.backend.url, distDir: env.live });
  env.browser = await launchBrowser();
});

after(async () => {
  await env.browser?.close();
  await env.site?.close();
  await env.backend?.close();
  fs.rmSync(env.live, { recursive: true, force: true });
});

/** Opens the replacement form and submits it empty: the error summary comes from the lazy chunk. */
async function showFormErrors(page) {
  await page.getByRole('button', { name: 'Provide replacement journey' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

const shimIntegrity = (page) => page.locator('script[src$="host-shim.js"]').getAttribute('integrity');

test('a page on the old shim keeps working while the new build is published; new pages get the new build', async () => {
  const url = bookingUrl(env.site.url, '/ConfirmRefund', bookings.replacement);
  assert.notEqual(env.oldManifest.files['host-shim.js'].integrity, env.newManifest.files['host-shim.js'].integrity);

  const old = await openPage(env.browser);
  await old.page.goto(url);
  await old.page.getByRole('button', { name: 'Provide replacement journey' }).waitFor();
  assert.equal(await shimIntegrity(old.page), env.oldManifest.files['host-shim.js'].integrity);
  const beforePublish = old.requests.length;

  publish(DIST, env.live); // the deploy: new files added, unhashed ones replaced, nothing deleted

  // The old page loads its old lazy chunk (still there under its own hash) and works.
  await showFormErrors(old.page);
  await old.page.getByText(OLD_TEXT).waitFor();
  const lazy = old.requests.slice(beforePublish).map((r) => new URL(r.url).pathname);
  assert.ok(
    lazy.includes(`/static/refund-widgets/${env.oldChunk}`),
    `the old chunk was fetched after the deploy: ${lazy.join(', ')}`,
  );
  // A widget the old page mounts now comes from the new build's remoteEntry.js, under the old shim.
  await old.page.evaluate(async () => {
    const element = document.createElement('div');
    element.id = 'late-summary';
    document.querySelector('main').append(element);
    await window.RefundWidgets.mount('journeySummary', element);
  });
  await old.page
    .locator('#late-summary')
    .getByRole('heading', { name: /^Selected Journey: / })
    .first()
    .waitFor();
  assert.deepEqual(old.problems.pageErrors, []);
  assert.deepEqual(old.problems.cspViolations, []);

  // A page loaded after the deploy names the new shim's integrity and runs the new build.
  const fresh = await openPage(env.browser);
  await fresh.page.goto(url);
  assert.equal(await shimIntegrity(fresh.page), env.newManifest.files['host-shim.js'].integrity);
  await showFormErrors(fresh.page);
  await fresh.page.getByText('There is a problem', { exact: true }).waitFor();
  assert.equal(await fresh.page.getByText(OLD_TEXT).count(), 0);
  assert.deepEqual(fresh.problems.pageErrors, []);
  assert.deepEqual(fresh.problems.cspViolations, []);
  await old.context.close();
  await fresh.context.close();
});

test('a deploy that deletes the old hashed files breaks pages still on the old build', async () => {
  const url = bookingUrl(env.site.url, '/ConfirmRefund', bookings['defer-only']);
  fs.rmSync(path.join(env.live, 'manifest.json'));
  writeOlderBuild(env.live); // the old build is live again
  const old = await openPage(env.browser);
  await old.page.goto(url);
  await old.page.getByRole('button', { name: 'Provide replacement journey' }).waitFor();
  fs.rmSync(path.join(env.live, env.oldChunk)); // the deploy removed what the new build does not use
  publish(DIST, env.live);
  const failed = old.page.waitForResponse(
    (response) => response.url().endsWith(env.oldChunk) && response.status() === 404,
  );
  await old.page.getByRole('button', { name: 'Provide replacement journey' }).click();
  await failed;
  // The chunk load fails (reported); the widget shows its error text instead of the form.
  await old.page
    .locator('#refund-widget')
    .getByText(/Sorry, something went wrong showing this part of the page/)
    .waitFor();
  assert.equal(
    await old.page.getByRole('button', { name: 'Continue' }).count(),
    0,
    'the old page cannot open its form',
  );
  await old.context.close();
});
