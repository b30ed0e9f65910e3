/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * Browser test of the states gallery (docs/gallery.md): /gallery mounts every widget in
 * every named state on one host-contract page under the strict CSP; every section settles and
 * shows the texts its state names (fixtures/gallery.json `shows`, read from the widgets' own texts
 * by test/galleryTexts.js); no page error, no CSP violation, no duplicate element id; axe finds no
 * serious or critical violation in each modal (they stack, so each is checked on top before it is
 * closed) and then on the whole page; and the demo bookings' backend state is unchanged afterwards.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser, openPage, seriousAxeViolations } = require('./harness');
const { travellerSession, confirmBody } = require('../dev-host/testing');
const { shownTexts } = require('../test/galleryTexts');
const gallery = require('../fixtures/gallery.json');

const env = useHostAndBrowser();
const fixtures = {
  bookings: require('../fixtures/bookings.json'),
  lookups: require('../fixtures/lookups.json'),
  stations: require('../fixtures/stations.json'),
};
/** What each section shows, by its id (`state-<slug>`). */
const SHOWN = new Map(
  gallery.groups.flatMap((group) => group.states).map((state) => [`state-${state.slug}`, shownTexts(state, fixtures)]),
);

/**
 * Waits until a section's mount point shows every text its state names (white space folded).
 * @param {import('playwright-core').Page} page
 * @param {string} id the section's id
 */
async function waitUntilShown(page, id) {
  const texts = SHOWN.get(id);
  assert.ok(texts, `${id} is a state of fixtures/gallery.json`);
  await page
    .waitForFunction(
      ({ id: sectionId, patterns }) => {
        const mount = document.getElementById(sectionId).querySelector('.gallery-state__mount');
        const shown = mount.textContent.replace(/\s+/g, ' ');
        return patterns.every((pattern) => new RegExp(pattern).test(shown));
      },
      { id, patterns: texts.map((text) => text.pattern) },
      { timeout: 20_000 },
    )
    .catch(() => assert.fail(`${id} shows ${texts.map((text) => `"${text.text}"`).join(' and ')}`));
}

const getJson = async (route) => (await fetch(`${env.host.url}${route}`)).json();

/**
 * The failures the fixtures ask for (status 500s, the 503 lookup, the rejected dry run, the refused
 * photo's 409): expected.
 */
const EXPECTED_FAILED_LOAD = /^Failed to load resource: the server responded with a status of (400|409|500|503) /;
/** The error states' pages are set up wrongly on purpose: each tells the developer so, once. */
const EXPECTED_SETUP_ERROR = /^refund-widgets: widget "\w+", mount #gallery-error-[\w-]+: /;

test('/gallery renders every state, axe-clean, and leaves the demo bookings alone', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(`${env.host.url}/gallery`);
  await page.waitForFunction(() => document.body.dataset.gallery, null, { timeout: 90_000 });

  const count = Number(await page.getAttribute('#gallery-count', 'data-count'));
  assert.equal(await page.textContent('#gallery-count'), `${count} states`);
  const sections = await page.$$eval('.gallery-state', (nodes) =>
    nodes.map((node) => {
      const mount = node.querySelector('.gallery-state__mount');
      return {
        id: node.id,
        state: node.dataset.galleryState,
        error: node.dataset.galleryError ?? '',
        modal: mount.dataset.galleryModal === 'true',
        dialogOpen: Boolean(mount.querySelector('dialog[open]')),
        mounted: mount.hasAttribute('data-rw-mounted'),
      };
    }),
  );
  assert.equal(sections.length, count);
  assert.ok(count >= 50, `at least 50 states (got ${count})`);
  console.log(`# gallery: ${count} states`);
  assert.deepEqual(
    sections.filter((s) => s.state !== 'settled').map((s) => `${s.id}: ${s.error}`),
    [],
    'every state settles',
  );
  assert.deepEqual(
    sections.map((s) => s.id),
    [...SHOWN.keys()],
    'every state of fixtures/gallery.json, in its order',
  );
  for (const section of sections) {
    assert.ok(section.mounted, `${section.id} is mounted`);
    if (section.modal) assert.ok(section.dialogOpen, `${section.id} has its modal open`);
    await waitUntilShown(page, section.id);
  }
  assert.equal(await page.getAttribute('body', 'data-gallery'), 'settled');
  assert.equal(await page.title(), 'States gallery - Example Rail', 'the page title is put back');

  const duplicates = await page.evaluate(() => {
    const seen = new Map();
    document.querySelectorAll('[id]').forEach((node) => seen.set(node.id, (seen.get(node.id) ?? 0) + 1));
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  });
  // axe's duplicate-id-aria is "needs review", never a violation: check ids directly.
  assert.deepEqual(duplicates, [], 'no element id is used twice on the page');

  // The modals stack in page order. Check the one on top, close it with its own button, repeat.
  const openDialogs = () => page.locator('dialog[open]');
  const modalCount = sections.filter((s) => s.modal).length;
  assert.equal(await openDialogs().count(), modalCount);
  for (let left = modalCount; left > 0; left -= 1) {
    const top = openDialogs().last();
    const name = await top.locator('.rw-modal__title').textContent();
    assert.deepEqual(await seriousAxeViolations(page), [], `axe: modal "${name}"`);
    await top.locator('.rw-modal__actions button').last().click();
    await page.waitForFunction((n) => document.querySelectorAll('dialog[open]').length === n, left - 1);
  }
  assert.deepEqual(await seriousAxeViolations(page), [], 'axe: the whole gallery page');

  assert.deepEqual(problems.pageErrors, [], 'no uncaught exception');
  assert.deepEqual(problems.cspViolations, [], 'no CSP violation');
  assert.deepEqual(
    problems.consoleErrors.filter((text) => !EXPECTED_FAILED_LOAD.test(text) && !EXPECTED_SETUP_ERROR.test(text)),
    [],
    'no console error but the failed loads and setup errors the fixtures ask for',
  );
  assert.deepEqual(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('rw-disruption'))),
    [],
    'the disruption answers the gallery gave are not left behind',
  );

  assert.deepEqual(await getJson('/__dev/requests'), [], 'no committing request reached the demo backend');
  assert.deepEqual(await getJson('/__dev/error-reports'), []);
  assert.deepEqual(await getJson('/__dev/claims'), []);
  const reports = await getJson('/gallery-api/error-reports');
  // The two setup errors the error states make on purpose (missing station map, missing Details),
  // to the gallery namespace; two reports within 150 ms of each other would keep only the first.
  assert.ok(
    reports.some((r) => r.source === 'widget:journeySummary'),
    'the missing station map is reported',
  );
  assert.deepEqual(
    reports.filter((r) => !/^refund-widgets: widget "(journeySummary|refund)", mount #gallery-error-/.test(r.message)),
    [],
    'nothing else is reported',
  );
  await context.close();
});

test('the gallery shows the pristine fixtures even after a demo booking was refunded', async () => {
  await fetch(`${env.host.url}/__dev/reset`, { method: 'POST' });
  const bookings = require('../fixtures/bookings.json');
  const state = bookings.instant;
  const traveller = travellerSession(env.host, [state.bookingReference]);
  const refunded = await traveller('/api/ProcessRefund', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'gallery-e2e' },
    body: JSON.stringify(confirmBody(state)),
  });
  assert.equal(refunded.status, 200);
  const { page, context } = await openPage(env.browser);
  await page.goto(`${env.host.url}/gallery`);
  await page.waitForFunction(() => document.body.dataset.gallery, null, { timeout: 90_000 });
  const section = page.locator('#state-refund-instant');
  assert.equal(await section.getAttribute('data-gallery-state'), 'settled');
  const [amount] = SHOWN.get('state-refund-instant');
  await section.getByRole('heading', { name: amount.text }).waitFor();
  assert.equal((await getJson('/__dev/requests')).length, 1, 'the gallery added no request');
  await context.close();
  await fetch(`${env.host.url}/__dev/reset`, { method: 'POST' });
});
