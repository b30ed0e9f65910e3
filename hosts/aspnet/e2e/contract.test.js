/* global window, document -- used inside page.evaluate, which runs in the browser */
/**
 * The host contract on the ASP.NET host: every route renders the layout, title, JSON blocks, data
 * attributes, max-admin-fee meta and one shim tag whose integrity is the manifest's; every answer
 * carries the strict CSP; dist/ is served with its cache rules (ETag revalidation for host-shim.js
 * and remoteEntry.js, immutable hashed files); and a hostile station name renders as text.
 */
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { createHash } = require('crypto');
const fs = require('fs');
const path = require('path');
const { openPage, seriousAxeViolations, DIST } = require('../../../e2e/harness');
const { useAspNetHostAndBrowser, bookingUrl, STRICT_CSP } = require('./harness');
const bookings = require('../../../fixtures/bookings.json');
const stations = require('../../../fixtures/stations.json');

const HOSTILE = '</script><script>alert(1)</script>';
const env = useAspNetHostAndBrowser({ backend: { stations: { ...stations, KGX: HOSTILE } } });
const manifest = () => JSON.parse(fs.readFileSync(path.join(DIST, 'manifest.json'), 'utf8'));

const ROUTES = [
  ['/', 'Rail refunds', ['lookup-widget']],
  ['/ConfirmRefund', 'Ticket refunds', ['refund-widget']],
  ['/RefundUnavailable', 'Ticket refunds', ['refund-widget']],
  ['/ManualRefund', 'Manual refund', ['manual-claim-widget']],
  ['/Home/Disruption', 'Disruption', ['disruption-widget']],
  ['/Home/Disruption/Finished', 'Disruption', ['disruption-widget']],
  ['/SelfRefundsUnavailable', 'Self-service refunds unavailable', []],
];

for (const [route, title, mounts] of ROUTES) {
  test(`${route}: layout, title, page data, one shim tag with the manifest's integrity, strict CSP`, async () => {
    const answer = await fetch(bookingUrl(env.url, route, bookings.instant));
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-security-policy'), STRICT_CSP);
    assert.equal(answer.headers.get('x-frame-options'), 'DENY');
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
    assert.match(answer.headers.get('cache-control'), /no-store/);
    const html = await answer.text();
    assert.match(html, new RegExp(`<title>${title} - Example Rail</title>`));
    const shims = [
      ...html.matchAll(/<script src="([^"]+)" integrity="([^"]+)" crossorigin="anonymous" defer><\/script>/g),
    ];
    assert.equal(shims.length, 1, 'one shim tag');
    assert.equal(shims[0][1], `/_content/RefundWidgets.AspNetCore/${manifest().shim}`);
    assert.match(manifest().shim, /^host-shim\.[0-9a-f]{8}\.js$/);
    assert.equal(shims[0][2], manifest().files['host-shim.js'].integrity);
    assert.equal(
      [...html.matchAll(/<script/g)].length,
      1 + (mounts.length && route !== '/' ? 2 : 0),
      'no other script',
    );
    for (const id of mounts) assert.match(html, new RegExp(`<div id="${id}"`));
    if (mounts.length && route !== '/') {
      assert.match(html, /<script type="application\/json" id="refund-details">\{"bookingReference":"KXB7HT2N"/);
      assert.match(html, /<script type="application\/json" id="station-names">/);
    }
    assert.equal(
      /<meta name="max-admin-fee" content="5">/.test(html),
      ['/ConfirmRefund', '/RefundUnavailable'].includes(route),
    );
    assert.match(html, /<meta name="request-verification-token" content="[^"]+">/);
  });
}

test('the data attributes of each mount, as the host contract names them, then its content before the widget', async () => {
  const html = async (route) => (await fetch(bookingUrl(env.url, route, bookings.instant))).text();
  assert.match(
    await html('/ConfirmRefund'),
    /<div id="refund-widget" data-refund-status-url="\/Refund\/Status\?bookingReference=KXB7HT2N" data-dry-run-url="\/Refund\/DryRun\?bookingReference=KXB7HT2N" data-appeals-email="appeals@example.co.uk" data-support-email="support@example.co.uk"><div class="rw-before">/,
  );
  assert.match(
    await html('/RefundUnavailable'),
    /<div id="refund-widget" [^>]*data-view="unavailable"><div class="rw-before">/,
  );
  assert.match(
    await html('/ManualRefund'),
    /<div id="manual-claim-widget" data-journey-id="700101" data-support-email="support@example.co.uk"><div class="rw-before">/,
  );
  assert.match(
    await html('/Home/Disruption'),
    /<div id="disruption-widget" data-refund-status-url="\/Refund\/Status\?bookingReference=KXB7HT2N" data-support-email="support@example.co.uk"><div class="rw-before">/,
  );
  assert.match(
    await html('/Home/Disruption/Finished'),
    /<div id="disruption-widget" data-support-email="support@example.co.uk" data-view="finished"><div class="rw-before">/,
  );
});

test('an unknown booking or page answers 404 with the site layout and no widget', async () => {
  for (const address of [`${env.url}/ConfirmRefund?BookingReference=NOPE&Email=x%40y.z`, `${env.url}/nowhere`]) {
    const answer = await fetch(address);
    assert.equal(answer.status, 404);
    assert.equal(answer.headers.get('content-security-policy'), STRICT_CSP);
    const html = await answer.text();
    assert.match(html, /<title>(Booking not found|Page not found) - Example Rail<\/title>/);
    assert.doesNotMatch(html, /host-shim\./);
  }
});

test('host-shim.js and every remoteEntry.js revalidate with an ETag; hashed files are immutable', async () => {
  const files = Object.keys(manifest().files);
  const unhashed = ['host-shim.js', ...files.filter((file) => file.endsWith('/remoteEntry.js'))];
  assert.equal(unhashed.length, 1 + manifest().widgets.length);
  for (const file of unhashed) {
    const answer = await fetch(`${env.url}/_content/RefundWidgets.AspNetCore/${file}`);
    assert.equal(answer.status, 200, file);
    assert.equal(answer.headers.get('cache-control'), 'no-cache', file);
    const etag = answer.headers.get('etag');
    assert.ok(etag, `${file} has an ETag`);
    const bytes = Buffer.from(await answer.arrayBuffer());
    const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
    assert.equal(integrity, manifest().files[file].integrity, `${file}: the served bytes match the manifest`);
    const again = await fetch(`${env.url}/_content/RefundWidgets.AspNetCore/${file}`, {
      headers: { 'If-None-Match': etag },
    });
    assert.equal(again.status, 304, `${file} revalidates to 304`);
  }
  const hashed = files.filter((file) => /\.[0-9a-f]{8}\.(js|css)$/.test(file));
  assert.ok(hashed.length > 5);
  for (const file of hashed) {
    const answer = await fetch(`${env.url}/_content/RefundWidgets.AspNetCore/${file}`);
    assert.equal(answer.headers.get('cache-control'), 'public, max-age=31536000, immutable', file);
  }
  const missing = await fetch(`${env.url}/_content/RefundWidgets.AspNetCore/refund/nothing.0123abcd.js`);
  assert.equal(missing.status, 404);
});

test('a station name "</script><script>alert(1)</script>" renders as text: no script runs, no CSP violation', async () => {
  const { page, context, problems } = await openPage(env.browser);
  const dialogs = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss();
  });
  await page.goto(bookingUrl(env.url, '/Demo/TwoWidgets', bookings['instant-tube']));
  await page.locator('#refund-widget').getByRole('button', { name: 'Accept refund' }).waitFor();
  await page.locator('#journey-summary-widget').getByText(HOSTILE).first().waitFor();
  const stationNames = await page.evaluate(() => JSON.parse(document.getElementById('station-names').textContent).KGX);
  assert.equal(stationNames, HOSTILE, 'the block parses back to the hostile name');
  // Nothing injected: the only scripts without src are the two JSON blocks, and every other one is
  // a file of the package (the shim, and the chunks the federation runtime adds while it loads).
  const scripts = await page.evaluate(() =>
    [...document.scripts].map((script) => ({ src: script.getAttribute('src'), type: script.type })),
  );
  assert.deepEqual(
    scripts.filter((script) => script.src === null),
    [
      { src: null, type: 'application/json' },
      { src: null, type: 'application/json' },
    ],
    'two JSON blocks, no inline script',
  );
  for (const { src } of scripts.filter((script) => script.src !== null)) {
    assert.match(
      new URL(src, env.url).pathname,
      /^\/_content\/RefundWidgets\.AspNetCore\//,
      `a script of the package: ${src}`,
    );
  }
  assert.equal(
    scripts.filter((script) => /\/host-shim\.[0-9a-f]{8}\.js$/.test(script.src ?? '')).length,
    1,
    'one shim tag',
  );
  assert.deepEqual(dialogs, [], 'no alert ran');
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.cspViolations, [], 'no CSP violation');
  assert.deepEqual(await seriousAxeViolations(page), []);
  // window.RefundWidgets is what dist/refund-widgets.d.ts and the manifest say it is.
  const api = await page.evaluate(() => ({
    keys: Object.keys(window.RefundWidgets).sort(),
    mount: typeof window.RefundWidgets.mount,
    version: window.RefundWidgets.version,
    widgets: [...window.RefundWidgets.widgets],
  }));
  assert.deepEqual(api, {
    keys: ['mount', 'version', 'widgets'],
    mount: 'function',
    version: manifest().version,
    widgets: manifest().widgets.map((w) => w.name),
  });
  await context.close();
});
