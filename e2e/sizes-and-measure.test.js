/* global document, window, getComputedStyle, NodeFilter -- used inside page.evaluate, which runs in the browser */
/**
 * Target sizes, one-line buttons and the measure (docs/decisions.md "Sizes and measure"), on the
 * dev host in Chromium.
 *
 * At a 375 × 812 phone, on the main pages and states: every visible control inside a widget
 * (`.rw-root`) has a box at least 24 × 24 CSS px by itself (WCAG 2.2 2.5.8 without its spacing
 * exception, and without its "inline" exception either: links inside a sentence are measured too);
 * every button's text sits on one line; nothing scrolls sideways; axe (with its WCAG 2.2
 * target-size rule) finds no serious violation, such as targets that overlap. The start page's demo table shows every booking's "Refund page" link inside the
 * viewport, without scrolling sideways. At 1280 px, no paragraph inside a widget is wider than 80
 * times the width of "0" in its font, and none of its lines holds more than 80 characters.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser, openPage, drawImage, seriousAxeViolations } = require('./harness');
const bookings = require('../fixtures/bookings.json');
const lookups = require('../fixtures/lookups.json');

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
/** The smallest target, in CSS px (WCAG 2.2 2.5.8). */
const TARGET = 24;
/** The longest line a paragraph may hold, in characters (docs/decisions.md "Sizes and measure"). */
const MEASURE = 80;

const env = useHostAndBrowser({ resetEachTest: true });

const pageUrl = (route, state, extra = '') =>
  `${env.host.url}${route}?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}${extra}`;

/**
 * In the browser: every visible control inside `.rw-root` that is smaller than 24 × 24, the
 * buttons whose text takes more than one line, and the page's scroll width. Returns strings that
 * name each offender, for the assertion messages.
 */
function audit(page) {
  return page.evaluate((target) => {
    const CONTROLS =
      'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    const name = (element) =>
      `${element.tagName.toLowerCase()}.${String(element.className).trim().split(/\s+/).join('.')} "${(
        element.textContent ||
        element.getAttribute('aria-label') ||
        element.id ||
        ''
      )
        .trim()
        .slice(0, 40)}"`;
    const visible = (element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true });
    };
    /**
     * The number of lines a button's words take: its text's line boxes (one rect per line of each
     * text node), where a box that overlaps the line above vertically (an icon beside a title)
     * shares its line.
     */
    const lines = (element) => {
      const rects = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.textContent.trim() === '') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...[...range.getClientRects()].filter((rect) => rect.width > 0));
      }
      rects.sort((a, b) => a.top - b.top);
      let count = 0;
      let bottom = -Infinity;
      for (const rect of rects) {
        if (rect.top >= bottom - 1) count += 1;
        bottom = Math.max(bottom, rect.bottom);
      }
      return count;
    };
    const controls = [...document.querySelectorAll('.rw-root')]
      .flatMap((root) => [...root.querySelectorAll(CONTROLS)])
      .filter(visible);
    const small = controls
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < target - 0.01 || box.height < target - 0.01)
      .map(({ element, box }) => `${name(element)} ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
    const wrapped = controls
      .filter((element) => element.tagName === 'BUTTON' && lines(element) > 1)
      .map((element) => `${name(element)} takes ${lines(element)} lines`);
    return {
      controls: controls.length,
      small,
      wrapped,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    };
  }, TARGET);
}

/**
 * Checks the phone rules on the page as it is now and adds what breaks them to `findings`, each
 * line starting with `what`, the state's name (so one assertion at the end names every offender).
 */
async function checkPhoneRules(page, what, findings) {
  const result = await audit(page);
  assert.equal(result.innerWidth, PHONE.width, 'the viewport is a 375 px phone');
  assert.ok(result.controls > 0, `${what}: there are controls to check`);
  findings.push(...result.small.map((line) => `${what}: smaller than 24 × 24: ${line}`));
  findings.push(...result.wrapped.map((line) => `${what}: wraps: ${line}`));
  if (result.scrollWidth > PHONE.width) findings.push(`${what}: scrolls sideways (scrollWidth ${result.scrollWidth})`);
  // axe's target-size rule adds what a box alone does not show: targets that overlap.
  findings.push(...(await seriousAxeViolations(page)).map((line) => `${what}: axe: ${line}`));
}

/**
 * Opens every leg's intermediate stops inside `scope` (a locator, e.g. an open dialog; default the
 * widgets), so their station buttons are measured too. Returns how many it opened.
 */
async function openIntermediateStops(page, scope = page.locator('.rw-root')) {
  const toggles = scope.locator('button[aria-expanded="false"][aria-controls^="rw-leg-stops-"]');
  const count = await toggles.count();
  for (let i = 0; i < count; i += 1) await toggles.first().click();
  return count;
}

function assertClean(problems) {
  assert.deepEqual(problems.pageErrors, [], 'no uncaught exception');
  assert.deepEqual(problems.cspViolations, [], 'no CSP violation');
}

/**
 * A 375 px test: opens a page at phone size, runs `steps(page, check)`, where `check(what)` checks
 * the phone rules on the page as it is then (`checkPhoneRules`), and asserts no check found
 * anything and the page logged no error or CSP violation.
 * @param {string} title
 * @param {(page: import('playwright-core').Page, check: (what: string) => Promise<void>) => Promise<void>} steps
 */
function phoneTest(title, steps) {
  test(title, async () => {
    const { page, context, problems } = await openPage(env.browser, { viewport: PHONE });
    const findings = [];
    await steps(page, (what) => checkPhoneRules(page, what, findings));
    assert.deepEqual(findings, [], 'every control is at least 24 × 24 px, no button wraps, nothing scrolls sideways');
    assertClean(problems);
    await context.close();
  });
}

phoneTest('375 px: the start page with the lookup; its demo tables need no sideways scroll', async (page, check) => {
  await page.goto(`${env.host.url}/`);
  await page.getByRole('button', { name: 'Continue' }).waitFor();
  await check('the lookup');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Select why you want a refund' }).waitFor();
  await check('the lookup, its error summary');
  await page.getByRole('radio', { name: /disrupted/ }).check();
  await check('the lookup, disrupted');

  const tables = await page.evaluate(() =>
    [...document.querySelectorAll('.site-table')].map((table) => {
      const box = table.parentElement;
      return {
        name: box.getAttribute('aria-label'),
        scrollWidth: box.scrollWidth,
        clientWidth: box.clientWidth,
        right: table.getBoundingClientRect().right,
      };
    }),
  );
  assert.deepEqual(
    tables.map((table) => table.name),
    ['Demo bookings table', 'Replacement bookings table'],
  );
  for (const table of tables) {
    assert.ok(table.scrollWidth <= table.clientWidth, `${table.name}: no sideways scroll inside its box`);
    assert.ok(table.right <= PHONE.width, `${table.name}: inside the viewport (right edge ${table.right})`);
  }
  const links = page.getByRole('region', { name: 'Demo bookings table' }).getByRole('link', { name: 'Refund page' });
  assert.equal(await links.count(), Object.keys(bookings).length, 'one "Refund page" link per demo booking');
  const outside = await links.evaluateAll((elements) =>
    elements
      .map((element) => ({ href: element.getAttribute('href'), box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.left < 0 || box.right > window.innerWidth || box.width === 0)
      .map(({ href }) => href),
  );
  assert.deepEqual(outside, [], 'every "Refund page" link is inside the viewport');
  assert.ok(
    (await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width,
    'the start page does not scroll sideways',
  );
});

phoneTest(
  '375 px: the instant refund panel with its intermediate stops open, and its completion view',
  async (page, check) => {
    await page.goto(pageUrl('/ConfirmRefund', bookings.instant));
    await page
      .getByRole('heading', { name: /^You will receive £/ })
      .first()
      .waitFor();
    assert.ok((await openIntermediateStops(page)) > 0, 'the instant booking has intermediate stops');
    await check('instant refund, stops open');
    await page.getByRole('button', { name: 'Accept refund' }).click();
    await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
    await check('refund request accepted');
  },
);

phoneTest('375 px: the replacement panel with its form open, and the journey picker', async (page, check) => {
  await page.goto(pageUrl('/ConfirmRefund', bookings.replacement));
  await page.getByRole('heading', { name: 'Refund with a replacement journey' }).waitFor();
  await check('replacement panel');
  await page.getByRole('button', { name: 'Provide replacement journey' }).click();
  await page.getByLabel('Booking reference').fill(lookups.candidates.bookingReference);
  await check('replacement form open');
  await page.getByLabel('Email address').fill(lookups.candidates.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm replacement' });
  await dialog.getByRole('button', { name: 'Confirm £35.50 refund' }).waitFor();
  await openIntermediateStops(page, dialog);
  await check('journey picker, first journey');
  await dialog.getByRole('radio').nth(1).check();
  await dialog.getByRole('button', { name: 'Confirm £45.50 refund' }).waitFor();
  await check('journey picker, second journey');
});

phoneTest('375 px: the deferral-only panel, opened', async (page, check) => {
  await page.goto(pageUrl('/ConfirmRefund', bookings['defer-only']));
  await page.getByRole('button', { name: 'Defer replacement' }).waitFor();
  await check('defer-only panel');
  await page.getByRole('button', { name: 'Defer replacement' }).click();
  await page.getByRole('button', { name: 'Accept refund' }).waitFor();
  await check('defer-only panel, deferral open');
});

phoneTest('375 px: the six-month modal, and the page after Close', async (page, check) => {
  await page.goto(pageUrl('/ConfirmRefund', bookings['six-months']));
  const dialog = page.getByRole('alertdialog', { name: 'Automated refunds are not available' });
  await dialog.waitFor();
  await check('six-month modal');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await check('six-month page after Close');
});

for (const name of ['status-failure', 'dry-run-failure']) {
  phoneTest(`375 px: ${name}, with its Try again button`, async (page, check) => {
    await page.goto(pageUrl('/ConfirmRefund', bookings[name]));
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await check(name);
  });
}

phoneTest('375 px: the manual claim with a photo listed', async (page, check) => {
  await page.goto(pageUrl('/ManualRefund', bookings['printed-advance'], '&Disruption=true'));
  const input = page.getByLabel('Choose photos of your tickets');
  await input.waitFor();
  await check('manual claim');
  const photo = await drawImage(page, { width: 640, height: 480, type: 'image/png' });
  await input.setInputFiles([
    { name: 'a-photo-of-my-tickets-with-a-long-name.png', mimeType: 'image/png', buffer: photo },
  ]);
  await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Remove a-photo-of-my-tickets-with-a-long-name.png' }).waitFor();
  await check('manual claim, a photo listed');
});

phoneTest('375 px: the disruption funnel, step by step', async (page, check) => {
  await page.goto(pageUrl('/Home/Disruption', bookings['disruption-waived']));
  await page.getByRole('group', { name: 'Please pick the option which applies' }).waitFor();
  await check('disruption, first question');
  await page.getByRole('radio', { name: 'My journey was affected by a strike' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('group', { name: 'What happened to your journey?' }).waitFor();
  await check('disruption, second question (with the Back link)');
});

/**
 * In the browser: each visible paragraph inside `.rw-root`, its width in px, 80 times the width of
 * "0" in its font (measured with a canvas) and the most characters on any of its lines (the
 * characters whose boxes share a top).
 */
function paragraphs(page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d');
    return [...document.querySelectorAll('.rw-root p')]
      .filter((p) => p.getBoundingClientRect().height > 0 && p.textContent.trim() !== '')
      .map((p) => {
        const style = getComputedStyle(p);
        canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const perLine = new Map();
        const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.textContent.length; i += 1) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (!rect) continue;
            const top = Math.round(rect.top);
            perLine.set(top, (perLine.get(top) ?? 0) + 1);
          }
        }
        return {
          text: p.textContent.trim().slice(0, 50),
          width: p.getBoundingClientRect().width,
          zeros: canvas.measureText('0'.repeat(80)).width,
          longestLine: Math.max(0, ...perLine.values()),
        };
      });
  });
}

/**
 * Measures the paragraphs on the page as it is now and adds to `findings` each that is wider than
 * 80 × "0" or has a line of more than 80 characters; `what` names the state.
 */
async function checkMeasure(page, what, findings) {
  const found = await paragraphs(page);
  assert.ok(found.length > 0, `${what}: there are paragraphs to measure`);
  findings.push(
    ...found
      .filter((p) => p.width > p.zeros + 0.5)
      .map((p) => `${what}: "${p.text}" is ${p.width.toFixed(0)} px wide, over 80 × "0" (${p.zeros.toFixed(0)} px)`),
    ...found
      .filter((p) => p.longestLine > MEASURE)
      .map((p) => `${what}: "${p.text}" has a line of ${p.longestLine} characters`),
  );
}

test('1280 px: paragraphs inside the widgets hold at most about 75 characters a line', async () => {
  const { page, context, problems } = await openPage(env.browser, { viewport: DESKTOP });
  const findings = [];
  await page.goto(`${env.host.url}/`);
  await page.getByRole('button', { name: 'Continue' }).waitFor();
  await checkMeasure(page, 'the lookup', findings);

  await page.goto(pageUrl('/ConfirmRefund', bookings.replacement));
  await page.getByRole('heading', { name: 'Refund with a replacement journey' }).waitFor();
  await page.getByRole('button', { name: 'Provide replacement journey' }).click();
  await page.getByLabel('Booking reference').waitFor();
  await checkMeasure(page, 'replacement panel, form open', findings);

  await page.goto(pageUrl('/ConfirmRefund', bookings['dry-run-failure']));
  await page.getByRole('button', { name: 'Try again' }).waitFor();
  await checkMeasure(page, 'dry-run outage', findings);

  await page.goto(pageUrl('/ConfirmRefund', bookings['six-months']));
  await page.getByRole('alertdialog', { name: 'Automated refunds are not available' }).waitFor();
  await checkMeasure(page, 'six-month modal', findings);

  await page.goto(pageUrl('/ManualRefund', bookings['printed-advance'], '&Disruption=true'));
  await page.getByLabel('Choose photos of your tickets').waitFor();
  await checkMeasure(page, 'manual claim', findings);

  await page.goto(pageUrl('/Home/Disruption', bookings['disruption-waived']));
  await page.getByRole('group', { name: 'Please pick the option which applies' }).waitFor();
  await page.getByRole('radio', { name: 'My journey was affected by a strike' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('group', { name: 'What happened to your journey?' }).waitFor();
  await checkMeasure(page, 'disruption, second question', findings);
  assert.deepEqual(findings, [], 'every paragraph is at most 80 × "0" wide and no line holds more than 80 characters');
  assertClean(problems);
  await context.close();
});
