/* global document, window, location -- used inside page.evaluate, which runs in the browser */
/**
 * Browser tests of the disruption funnel walking like GOV.UK (docs/decisions.md "The disruption
 * funnel walks like GOV.UK"), on the dev host: browser Back from the second question returns to
 * the first with its answer kept, Forward returns, and the Back link does the same; focus goes to
 * the step's heading each time; a reload keeps the step. The Delay Repay advice links to the
 * mount's `data-delay-repay-url` and, without it, names where to claim, on the Finished page and on
 * the start page's delay-repay funnel. The start page's reason radios fit a 375 px phone.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser, openPage, seriousAxeViolations, tabTo } = require('./harness');
const { rewritePages } = require('./pageRewrite');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser();

const DELAY_REPAY_URL =
  'https://www.nationalrail.co.uk/help-and-assistance/compensation-and-refunds/delay-repay-compensation/';
const WITHOUT_LINK =
  'Claim Delay Repay on the website or app of the train company that ran your train, usually within 28 days of travel. Have your booking reference and tickets ready.';
const WITH_LINK =
  'Claim Delay Repay from the train company that ran your train, usually within 28 days of travel. Have your booking reference and tickets ready.';

const query = (name) =>
  `BookingReference=${encodeURIComponent(bookings[name].bookingReference)}&Email=${encodeURIComponent(bookings[name].email)}`;

function assertClean(problems) {
  assert.deepEqual(problems.pageErrors, [], 'no uncaught exception');
  assert.deepEqual(problems.cspViolations, [], 'no CSP violation');
  assert.deepEqual(problems.consoleErrors, [], 'no console error');
}

/** The focused element: its tag and text. */
const focusedHeading = (page) =>
  page.evaluate(() => `${document.activeElement?.tagName.toLowerCase()}|${document.activeElement?.textContent}`);

/** Waits until the focused element is the legend `text`. */
async function waitForFocusOn(page, text) {
  await page.waitForFunction(
    (expected) => document.activeElement?.tagName === 'LEGEND' && document.activeElement.textContent === expected,
    text,
  );
  assert.equal(await focusedHeading(page), `legend|${text}`);
}

/** Opens the funnel of `name` and answers the first question with `answer`, on to the second. */
async function toSecondQuestion(page, name, answer) {
  await page.goto(`${env.host.url}/Home/Disruption?${query(name)}`);
  await page.getByRole('radio', { name: answer }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('group', { name: 'What happened to your journey?' }).waitFor();
  await waitForFocusOn(page, 'What happened to your journey?');
}

test('browser Back from the second question returns to the first with its answer; Forward returns', async () => {
  const { page, context, problems } = await openPage(env.browser);
  const start = `${env.host.url}/Home/Disruption?${query('disruption-waived')}`;
  await toSecondQuestion(page, 'disruption-waived', 'My journey was affected by a strike');
  assert.equal(page.url(), start, 'the URL stays as the host gave it');
  await page.getByRole('radio', { name: 'I did not travel because of a strike' }).check();

  await page.goBack();
  const first = page.getByRole('group', { name: 'Please pick the option which applies' });
  await first.waitFor();
  assert.equal(page.url(), start, 'still the funnel, not the page before it');
  assert.equal(await page.getByRole('radio', { name: 'My journey was affected by a strike' }).isChecked(), true);
  await waitForFocusOn(page, 'Please pick the option which applies');
  assert.equal(await page.getByRole('button', { name: 'Back' }).count(), 0, 'no Back link on the first question');

  await page.goForward();
  await page.getByRole('group', { name: 'What happened to your journey?' }).waitFor();
  await waitForFocusOn(page, 'What happened to your journey?');
  assert.equal(await page.getByRole('button', { name: 'Back' }).isVisible(), true);
  assertClean(problems);
  await context.close();
});

test('the Back link, from the keyboard, does what browser Back does; Forward and a reload keep the step', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await toSecondQuestion(page, 'disruption-waived', 'Yes, my journey was affected by disruption');
  // The Back link sits at the top of the step, before the question: Shift+Tab from the legend.
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focusedHeading(page), 'button|Back');
  await page.keyboard.press('Enter');
  await page.getByRole('group', { name: 'Please pick the option which applies' }).waitFor();
  assert.equal(await page.getByRole('radio', { name: 'Yes, my journey was affected by disruption' }).isChecked(), true);
  await waitForFocusOn(page, 'Please pick the option which applies');
  await assertAxe(page, 'first question after Back');

  await page.goForward();
  await page.getByRole('radio', { name: /^I abandoned my journey/ }).check();
  await tabTo(page, /^button\|submit\|Save answer/);
  await page.keyboard.press('Enter');
  await page.getByRole('group', { name: 'Which part of your journey did you not travel?' }).waitFor();
  await waitForFocusOn(page, 'Which part of your journey did you not travel?');
  assert.equal(await page.getByRole('button', { name: 'Continue' }).count(), 1, 'moving on is "Continue"');

  await page.reload();
  await page.getByRole('group', { name: 'Which part of your journey did you not travel?' }).waitFor();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('group', { name: 'What happened to your journey?' }).waitFor();
  assert.equal(await page.getByRole('radio', { name: /^I abandoned my journey/ }).isChecked(), true);
  await waitForFocusOn(page, 'What happened to your journey?');
  assertClean(problems);
  await context.close();
});

test('a history state pushed by another script is not trusted: the first question', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(`${env.host.url}/Home/Disruption?${query('disruption-waived')}`);
  await page.getByRole('group', { name: 'Please pick the option which applies' }).waitFor();
  // The portion step of this very journey, but no answers given: a reload must not show it.
  const state = bookings['disruption-waived'];
  const journey = `rw-disruption:${state.bookingReference}:${state.details.JourneyPlannerResults.outboundJourneys[0].journeyID}`;
  await page.evaluate((key) => {
    window.history.replaceState({ rwDisruption: { step: 'portion', journey: key } }, '', location.href);
  }, journey);
  await page.reload();
  await page.getByRole('group', { name: 'Please pick the option which applies' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Back' }).count(), 0);
  assertClean(problems);
  await context.close();
});

test('Delay Repay: the Finished page links to data-delay-repay-url', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await toSecondQuestion(page, 'disruption-waived', 'My journey was affected by a strike');
  await page.getByRole('radio', { name: 'My train was delayed, but I made my journey' }).check();
  await page.getByRole('button', { name: 'Save answer' }).click();
  await page.waitForURL(`${env.host.url}/Home/Disruption/Finished?${query('disruption-waived')}&Reason=delayed`);
  await page.getByText('Delay repay requests must be sent to the train operating company', { exact: true }).waitFor();
  const link = page.getByRole('link', { name: 'Claim Delay Repay' });
  assert.equal(await link.getAttribute('href'), DELAY_REPAY_URL);
  assert.equal(await link.getAttribute('rel'), 'noreferrer');
  assert.equal((await link.locator('..').textContent()).replace(/\s+/g, ' '), WITH_LINK);
  await assertAxe(page, 'Finished page with the Delay Repay link');
  assertClean(problems);
  await context.close();
});

test('Delay Repay: without data-delay-repay-url the Finished page names where to claim', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await rewritePages(page, `${env.host.url}/Home/Disruption/Finished?**`, (html) =>
    html.replace(/ data-delay-repay-url="[^"]*"/, ''),
  );
  await page.goto(`${env.host.url}/Home/Disruption/Finished?${query('disruption-waived')}&Reason=delayed`);
  await page.getByText(WITHOUT_LINK, { exact: true }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Claim Delay Repay' }).count(), 0);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('Delay Repay: the start page funnel gives the same advice, with and without the link', async () => {
  for (const withLink of [true, false]) {
    const { page, context, problems } = await openPage(env.browser);
    if (!withLink) {
      await rewritePages(page, `${env.host.url}/`, (html) => html.replace(/ data-delay-repay-url="[^"]*"/, ''));
    }
    await page.goto(`${env.host.url}/`);
    await page.getByRole('radio', { name: 'My journey was disrupted' }).check();
    await page.getByRole('radio', { name: 'I travelled, but my train was delayed' }).check();
    const advice = page.getByRole('region', { name: 'Claim Delay Repay from the train company' });
    await advice.waitFor();
    if (withLink) {
      assert.equal(await advice.getByRole('link', { name: 'Claim Delay Repay' }).getAttribute('href'), DELAY_REPAY_URL);
      await advice.getByText(/^Claim Delay Repay from the train company that ran your train/).waitFor();
    } else {
      assert.equal(await advice.getByRole('link').count(), 0);
      await advice.getByText(WITHOUT_LINK, { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('alert')
      .getByText('Delay repay requests must be sent to the train operating company')
      .first()
      .waitFor();
    assert.deepEqual(problems.pageErrors, []);
    await context.close();
  }
});

test('at 375 px the reason radios show every label whole, inside the viewport', async () => {
  const { page, context, problems } = await openPage(env.browser, { viewport: { width: 375, height: 812 } });
  await page.goto(`${env.host.url}/`);
  const group = page.getByRole('group', { name: 'Why do you want a refund?' });
  await group.waitFor();
  await group.getByRole('radio', { name: 'My journey was disrupted' }).check();
  const sizes = await group.evaluate((fieldset) => {
    const box = fieldset.getBoundingClientRect();
    return {
      fieldset: { left: box.left, right: box.right, innerWidth: window.innerWidth },
      labels: Array.from(fieldset.querySelectorAll('label')).map((label) => {
        const rect = label.getBoundingClientRect();
        return {
          text: label.textContent,
          scrollWidth: label.scrollWidth,
          clientWidth: label.clientWidth,
          left: rect.left,
          right: rect.right,
        };
      }),
    };
  });
  assert.equal(sizes.labels.length, 4);
  assert.ok(sizes.fieldset.left >= 0 && sizes.fieldset.right <= sizes.fieldset.innerWidth, 'the control fits');
  for (const label of sizes.labels) {
    assert.ok(label.scrollWidth <= label.clientWidth, `"${label.text}" is not cut off (${JSON.stringify(label)})`);
    assert.ok(label.left >= 0 && label.right <= sizes.fieldset.innerWidth, `"${label.text}" is inside the viewport`);
  }
  assert.equal(
    await page.getByRole('radio', { name: 'My journey was disrupted' }).isChecked(),
    true,
    'the chosen reason reads in full',
  );
  assertClean(problems);
  await context.close();
});

/** axe-core finds no serious or critical violation on the page in this state. */
async function assertAxe(page, what) {
  assert.deepEqual(await seriousAxeViolations(page), [], `axe: ${what}`);
}
