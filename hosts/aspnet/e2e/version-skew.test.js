/* global document, window -- used inside page.evaluate, which runs in the browser */
/**
 * Version skew on the ASP.NET host in CDN mode (docs/aspnet.md "A CDN"): the site names the files of a
 * CDN (a second server, on another origin, with CORS) and the integrity of the build published there
 * (`RefundWidgets:ManifestFile`). A page that loaded the shim of an older build keeps working while
 * the files of a newer build are published over the same CDN folder, as long as the deploy adds
 * files and replaces only the unhashed ones (host-shim.js, remoteEntry.js, manifest.json). (A site
 * that serves the package's own files has no skew of its own: a new version is a new deploy of the
 * site, files and tag helpers together.)
 *
 * The older build is the current one changed as a rebuild would change it: one widget text in a
 * lazily loaded chunk of the refund remote (`There is a problem`), that chunk renamed with a new
 * content hash and referenced, with its integrity, from its remoteEntry.js, other bytes in the
 * journey summary's remoteEntry.js, both remote entries' integrity in the shim (which pins them,
 * docs/security.md "Every file under SRI"), other shim bytes, and its own manifest.
 */
'use strict';

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { startHost, launchBrowser, openPage, DIST } = require('../../../e2e/harness');
const { startAspNetHost } = require('../run');
const { buildManifest, integrityOf } = require('../../../build/manifest-plugin');
const { bookingUrl } = require('./harness');
const { eventually, startCdn } = require('../../../e2e/hostTeamSite');
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

/** Replaces the one occurrence of `from` in file `file` with `to`. */
function replaceOnce(file, from, to) {
  const source = fs.readFileSync(file, 'utf8');
  assert.equal(source.split(from).length, 2, `${path.basename(file)} holds ${from} once`);
  fs.writeFileSync(file, source.replace(from, to));
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
  const renamed = `${id}.${OLD_HASH}.js`;
  const chunkSource = fs.readFileSync(path.join(refund, chunk));
  fs.writeFileSync(
    path.join(refund, renamed),
    chunkSource.toString('utf8').replace('"There is a problem"', JSON.stringify(OLD_TEXT)),
  );
  fs.rmSync(path.join(refund, chunk));
  const shim = path.join(dir, 'host-shim.js');
  const refundEntry = fs.readFileSync(entry);
  replaceOnce(entry, `"${hash}"`, `"${OLD_HASH}"`);
  replaceOnce(entry, integrityOf(chunkSource), integrityOf(fs.readFileSync(path.join(refund, renamed))));
  replaceOnce(shim, integrityOf(refundEntry), integrityOf(fs.readFileSync(entry)));
  const summaryEntry = path.join(dir, 'journeySummary', 'remoteEntry.js');
  const summarySource = fs.readFileSync(summaryEntry);
  fs.appendFileSync(summaryEntry, '\n/* an older build */\n');
  replaceOnce(shim, integrityOf(summarySource), integrityOf(fs.readFileSync(summaryEntry)));
  fs.appendFileSync(shim, '\n/* an older build */\n');
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
  env.cdn = await startCdn(env.live, { cors: true });
  env.site = await startAspNetHost({
    backendUrl: env.backend.url,
    distDir: env.live,
    cdn: { baseUrl: env.cdn.base, manifestFile: path.join(env.live, 'manifest.json') },
  });
  env.browser = await launchBrowser();
});

after(async () => {
  await env.browser?.close();
  await env.site?.close();
  await env.cdn?.close();
  await env.backend?.close();
  fs.rmSync(env.live, { recursive: true, force: true });
});

/** Opens the replacement form and submits it empty: the error summary comes from the lazy chunk. */
async function showFormErrors(page) {
  await page.getByRole('button', { name: 'Provide replacement journey' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

const shimIntegrity = (page) => page.locator('script[src*="/host-shim."]').getAttribute('integrity');

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
    lazy.includes(`${new URL(env.cdn.base).pathname}/${env.oldChunk}`),
    `the old chunk was fetched after the deploy: ${lazy.join(', ')}`,
  );
  // A widget the old page mounts now would come from the new build's remoteEntry.js, which the old
  // shim does not run: it pins each remote entry to its own build (docs/aspnet.md). The mount point
  // shows the fallback text and the failure is reported; a reload gets the new shim.
  const reportsBefore = old.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/report/error')).length;
  const lateMount = await old.page.evaluate(async () => {
    const element = document.createElement('div');
    element.id = 'late-summary';
    document.querySelector('main').append(element);
    return window.RefundWidgets.mount('journeySummary', element).then(
      () => 'mounted',
      () => 'rejected',
    );
  });
  assert.equal(lateMount, 'rejected');
  await old.page
    .locator('#late-summary')
    .getByText(/^Sorry, this part of the page could not be loaded/)
    .waitFor();
  await eventually(
    () => old.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/report/error')).length > reportsBefore,
  );
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
  let asked = 0;
  old.page.on('request', (request) => {
    if (request.url().endsWith(env.oldChunk)) asked += 1;
  });
  const failed = old.page.waitForResponse(
    (response) => response.url().endsWith(env.oldChunk) && response.status() === 404,
  );
  await old.page.getByRole('button', { name: 'Provide replacement journey' }).click();
  await failed;
  // The chunk load fails (reported); the part shows its load failure instead of the form
  // (docs/offline.md "Code that loads again"); a reload gets the new build.
  await old.page
    .locator('#refund-widget')
    .getByRole('alert')
    .getByText('Part of this page could not be loaded. Check your connection, then try again.', { exact: true })
    .waitFor();
  assert.equal(
    await old.page.getByRole('button', { name: 'Continue' }).count(),
    0,
    'the old page cannot open its form',
  );
  await old.page.waitForTimeout(1000);
  assert.ok(asked <= 2, `the missing file is asked for again only when the traveller retries (asked ${asked} times)`);
  await old.context.close();
});
