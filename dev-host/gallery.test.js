// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The states gallery's server side (gallery.js): its states are the data of fixtures/gallery.json,
 * with no product text in the gallery's code or data (what each state shows is read from the
 * widgets' texts by test/galleryTexts.js); the /gallery HTML follows the host contract (one
 * section and mount point per state, its own Details block, a shim tag that mounts nothing by
 * itself, no inline script); and the gallery's API under /gallery-api is the reference backend's,
 * over a backend that keeps nothing, so the dev host's state never changes.
 */
const fs = require('fs');
const path = require('path');
const bookings = require('../fixtures/bookings.json');
const lookups = require('../fixtures/lookups.json');
const stations = require('../fixtures/stations.json');
const galleryData = require('../fixtures/gallery.json');
const { useTestHosts, postJson, getJson, confirmBody, uploadInit } = require('./testing');
const { CONTENT_SECURITY_POLICY } = require('./app');
const { galleryStates, GALLERY_API, MISSING_DETAILS_ID } = require('./gallery');
const { shownTexts, moduleExports, TEXT_TABLES } = require('../test/galleryTexts');

const { start } = useTestHosts();
const states = galleryStates(bookings, lookups);
const bySlug = Object.fromEntries(states.map((s) => [s.slug, s]));
const fixtures = { bookings, lookups, stations };
const shown = (slug) => shownTexts(bySlug[slug], fixtures).map((s) => s.text);
/** @type {any} widgets/refund/texts.ts */
const refundTexts = moduleExports('widgets/refund/texts.ts').texts;
/** @type {any} widgets/refund/replacement/texts.ts */
const replacementTexts = moduleExports('widgets/refund/replacement/texts.ts').texts;
/** @param {{ status: any }} state a booking of the fixtures */
const journeyOf = (state) => String(state.status.refundStatus.journeyID);
/** @param {{ booking?: string }} state a gallery state with a booking */
const bookingOf = (state) => bookings[/** @type {string} */ (state.booking)];

/** The opening tags of the page's elements with their attributes, in order. */
function tags(html, name) {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map(([, attributes]) =>
    Object.fromEntries(
      [...attributes.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key, value ?? '']),
    ),
  );
}

const decode = (value) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

async function galleryHtml(server) {
  const response = await fetch(`${server.url}/gallery`);
  return { response, html: await response.text() };
}

const mountsOf = (html) => tags(html, 'div').filter((d) => d.class === 'gallery-state__mount');

/**
 * Every text of the text tables test/galleryTexts.js reads, of at least two words and ten
 * characters: the strings, and a text function's runs between its arguments.
 */
function tableTexts() {
  const texts = new Set();
  const walk = (value) => {
    if (typeof value === 'string') texts.add(value);
    else if (typeof value === 'function') {
      // A text function of a table; the other functions of a shared module (components) are no texts.
      let text;
      try {
        text = value(...'\uE000'.repeat(4));
      } catch {
        return;
      }
      if (typeof text === 'string') text.split('\uE000').forEach(walk);
    } else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const { file, name } of Object.values(TEXT_TABLES)) {
    const exports = moduleExports(file);
    walk(name === undefined ? exports : exports[name]);
  }
  return [...texts].map((text) => text.trim()).filter((text) => /\S \S/.test(text) && text.length >= 10);
}

describe('the states, as data (fixtures/gallery.json)', () => {
  it('lists each state once, for a widget the shim knows, with a booking and replacement booking of the fixtures', () => {
    const slugs = states.map((s) => s.slug);
    expect(states).toHaveLength(galleryData.groups.reduce((count, group) => count + group.states.length, 0));
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const state of states) {
      expect(['refund', 'disruption', 'manualClaim', 'lookup', 'journeySummary']).toContain(state.widget);
      if (state.booking !== undefined) expect(bookings).toHaveProperty([state.booking]);
      if (state.replacementBooking !== undefined) expect(lookups).toHaveProperty([state.replacementBooking]);
    }
  });

  it('says what each state shows, from the widgets own texts and the fixtures', () => {
    for (const state of states) {
      const texts = shownTexts(state, fixtures);
      expect(texts.length).toBeGreaterThan(0);
      for (const { text, pattern } of texts) {
        expect(text.trim()).not.toBe('');
        expect(text.replace(/…/g, 'x')).toMatch(new RegExp(pattern.replace(/\.\+\?/g, '.+')));
      }
    }
  });

  it('holds no product text: no text of a widget is written in the gallery code or its data', () => {
    const sources = ['dev-host/gallery.js', 'dev-host/public/gallery.js', 'fixtures/gallery.json'].map((file) =>
      fs.readFileSync(path.join(__dirname, '..', file), 'utf8'),
    );
    const texts = tableTexts();
    expect(texts.length).toBeGreaterThan(200);
    expect(texts).toContain('There is a problem');
    const copied = texts.filter((text) => sources.some((source) => source.includes(text)));
    expect(copied).toEqual([]);
  });

  it('covers every fixture state, every unavailable reason, the modals, finished views and errors', () => {
    const slugs = states.map((s) => s.slug);
    for (const [name, state] of Object.entries(bookings)) {
      if (state.expect.panel === 'redirect') continue;
      const slug = state.expect.panel === 'six-months-modal' ? 'modal-six-months' : `refund-${name}`;
      expect(slugs).toContain(slug);
      if (state.expect.panel !== 'six-months-modal') expect(bySlug[slug].booking).toBe(name);
      if ('unavailableReason' in state.expect) expect(slugs).toContain(`unavailable-page-${name}`);
    }
    for (const slug of [
      'modal-appeal',
      'modal-advance-info',
      'modal-lookup-failed',
      'modal-picker',
      'modal-picker-rejected',
      'finished-refund',
      'finished-deferral',
      'refund-six-months-closed',
      'finished-claim',
      'finished-disruption-delayed',
      'finished-disruption-delayed-link',
      'disruption-second',
      'error-missing-details',
      'error-missing-station-map',
      'manual-claim-printed',
      'manual-claim-printed-advance',
      'manual-claim-part-journey',
      'manual-claim-refused-photo',
      'lookup-empty',
      'lookup-errors',
      'lookup-delay-repay',
      'lookup-delay-repay-link',
      'journey-instant',
    ]) {
      expect(slugs).toContain(slug);
    }
  });

  it('shows the six-month page after its modal closes, the amounts of the finished views and how the picker amount is made', () => {
    expect(bySlug['refund-six-months-closed']).toMatchObject({
      booking: 'six-months',
      drive: 'six-months-close',
    });
    expect(bySlug['refund-six-months-closed'].modal).toBeUndefined();
    expect(shown('refund-six-months-closed')).toEqual([refundTexts.sixMonthsPanelBody]);
    expect(shown('finished-refund')).toEqual([refundTexts.refundAccepted, refundTexts.refundAmount('£49.10')]);
    expect(shown('finished-deferral')).toEqual([refundTexts.deferralAccepted, refundTexts.deferralKept('£9.00')]);
    const [amount, breakdown] = shownTexts(bySlug['modal-picker'], fixtures);
    expect(amount.text).toBe(replacementTexts.dryRunAmount('£35.50'));
    expect(replacementTexts.breakdown('£45.50', '£10.00', '£35.50')).toMatch(new RegExp(`^${breakdown.pattern}$`));
    expect(shown('modal-picker-rejected')).toEqual([
      replacementTexts.unableToUse('the replacement was booked after your original departure time'),
    ]);
    expect(shown('refund-instant')).toEqual([refundTexts.youWillReceive('£189.20')]);
    expect(shown('journey-instant-tube')).toEqual(['Selected Journey', 'Doncaster', 'Milton Keynes Central']);
  });

  it('plans its refused photo on a journey no other state uploads to', () => {
    const refused = bySlug['manual-claim-refused-photo'];
    expect(refused).toMatchObject({ widget: 'manualClaim', drive: 'choose-photo', uploadFault: 'duplicate' });
    const faulted = states.filter((s) => s.uploadFault).map((s) => journeyOf(bookingOf(s)));
    const uploading = states.filter((s) => ['choose-photo', 'submit-claim'].includes(s.drive ?? '') && !s.uploadFault);
    expect(uploading.map((s) => s.slug)).toEqual(['finished-claim']);
    for (const state of uploading) expect(faulted).not.toContain(journeyOf(bookingOf(state)));
  });

  it('shows only the states its fixtures have when the dev host runs over other fixtures', async () => {
    const server = await start({ bookings: { instant: bookings.instant }, lookups: {} });
    const { response, html } = await galleryHtml(server);
    expect(response.status).toBe(200);
    const few = galleryStates({ instant: bookings.instant }, {});
    expect(few.length).toBeGreaterThan(5);
    expect(few.every((state) => state.booking === undefined || state.booking === 'instant')).toBe(true);
    expect(few.every((state) => state.replacementBooking === undefined)).toBe(true);
    expect(html).toContain(`>${few.length} states</p>`);
    expect(html).not.toContain('modal-picker');
  });
});

describe('GET /gallery', () => {
  it('renders one section and mount point per state, and says how many there are', async () => {
    const server = await start();
    const { response, html } = await galleryHtml(server);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(states.length).toBeGreaterThanOrEqual(50);
    expect(html).toContain(`>${states.length} states</p>`);
    const sections = tags(html, 'section').filter((s) => (s.class ?? '').startsWith('gallery-state'));
    expect(sections.map((s) => s.id)).toEqual(states.map((s) => `state-${s.slug}`));
    const mounts = mountsOf(html);
    expect(mounts).toHaveLength(states.length);
    mounts.forEach((mount, index) => {
      const state = states[index];
      expect(mount['data-gallery-widget']).toBe(state.widget);
      expect(mount['data-gallery-drive']).toBe(state.drive ?? '');
      expect(mount['data-gallery-modal']).toBe(state.modal ? 'true' : undefined);
      const search = new URLSearchParams(decode(mount['data-gallery-search']));
      if (state.booking !== undefined) {
        expect(search.get('BookingReference')).toBe(bookings[state.booking].bookingReference);
        expect(search.get('Email')).toBe(bookings[state.booking].email);
      } else {
        expect([...search.keys()]).toEqual([]);
      }
      for (const [name, value] of Object.entries(state.query ?? {})) expect(search.get(name)).toBe(value);
      if (state.replacementBooking !== undefined) {
        const replacement = lookups[state.replacementBooking];
        expect(decode(mount['data-gallery-lookup-reference'])).toBe(replacement.bookingReference);
        expect(decode(mount['data-gallery-lookup-email'])).toBe(replacement.email);
      }
    });
    // Each state has a heading naming it.
    for (const state of states) expect(html).toContain(`id="state-${state.slug}-heading"`);
  });

  it('follows the host contract: no auto-mount, the gallery API base, own Details blocks, no inline script', async () => {
    const server = await start();
    const { html } = await galleryHtml(server);
    const scripts = tags(html, 'script');
    for (const script of scripts) {
      // Every script is either a JSON data block or a file from the site itself (strict CSP).
      expect(script.type === 'application/json' || /^\/[^/]/.test(script.src ?? '')).toBe(true);
    }
    const shim = scripts.find((s) => s.src === '/static/refund-widgets/host-shim.js');
    // The API base goes to mount() from /gallery.js: a tag's data-api-base must be built in.
    expect(shim).toMatchObject({ 'data-auto-mount': 'false' });
    expect(shim).not.toHaveProperty('data-api-base');
    expect(scripts.at(-1).src).toBe('/gallery.js');
    const blocks = new Set(scripts.filter((s) => s.type === 'application/json').map((s) => s.id));
    expect(blocks.has('station-names')).toBe(true);
    expect(blocks.has('refund-details')).toBe(false);
    const mounts = mountsOf(html);
    for (const [index, mount] of mounts.entries()) {
      const state = states[index];
      if (state.booking === undefined) {
        expect(mount).not.toHaveProperty('data-details-id');
        continue;
      }
      if (state.detailsMissing) {
        expect(mount['data-details-id']).toBe(MISSING_DETAILS_ID);
        expect(blocks.has(MISSING_DETAILS_ID)).toBe(false);
      } else {
        expect(mount['data-details-id']).toBe(`gallery-details-${state.slug}`);
        expect(blocks.has(mount['data-details-id'])).toBe(true);
      }
      for (const name of ['data-refund-status-url', 'data-dry-run-url']) {
        if (mount[name])
          expect(decode(mount[name])).toMatch(/^\/gallery-api\/Refund\/\w+\?bookingReference=[^&]+&gallery=1$/);
      }
      if (state.widget === 'manualClaim') {
        expect(mount['data-journey-id']).toBe(journeyOf(bookings[state.booking]));
      }
    }
    expect(bySlug['error-missing-details'].detailsMissing).toBe(true);
    const refusedMount = mounts[states.findIndex((s) => s.slug === 'manual-claim-refused-photo')];
    expect(refusedMount['data-journey-id']).toBe(journeyOf(bookings['printed-advance']));
    expect(refusedMount['data-gallery-drive']).toBe('choose-photo');
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map(([, id]) => id);
    expect(ids.length).toBe(new Set(ids).size);
  });

  it('shows the Delay Repay advice with and without data-delay-repay-url', async () => {
    const server = await start();
    const { html } = await galleryHtml(server);
    const mounts = mountsOf(html);
    const linkOf = (slug) => mounts[states.findIndex((state) => state.slug === slug)]['data-delay-repay-url'];
    const url = 'https://www.nationalrail.co.uk/help-and-assistance/compensation-and-refunds/delay-repay-compensation/';
    expect(linkOf('finished-disruption-delayed')).toBeUndefined();
    expect(linkOf('lookup-delay-repay')).toBeUndefined();
    expect(decode(linkOf('finished-disruption-delayed-link'))).toBe(url);
    expect(decode(linkOf('lookup-delay-repay-link'))).toBe(url);
  });

  it('is linked from the start page', async () => {
    const server = await start();
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('<a href="/gallery">States gallery</a>');
  });
});

describe('the gallery API (/gallery-api): the reference backend, keeping nothing', () => {
  const instant = bookings.instant;
  /**
   * @param {string} prefix
   * @param {{ bookingReference: string }} [state]
   */
  const statusPath = (prefix, state = instant) =>
    `${prefix}/Refund/Status?bookingReference=${state.bookingReference}&gallery=1`;
  const printedJourney = journeyOf(bookings.printed);
  const refusedJourney = journeyOf(bookings['printed-advance']);

  it('answers from the pristine fixtures, whatever the demo bookings went through', async () => {
    const server = await start();
    const accepted = await postJson(server, '/api/ProcessRefund', confirmBody(instant), {
      'Idempotency-Key': 'demo-1',
    });
    expect(accepted.status).toBe(200);
    expect((await getJson(server, statusPath(''))).refundStatus.isCancelled).toBe(true);
    expect((await getJson(server, statusPath(GALLERY_API))).refundStatus.isCancelled).toBe(false);
    const dryRun = await getJson(server, `${GALLERY_API}/Refund/DryRun?bookingReference=${instant.bookingReference}`);
    expect(dryRun.refundValue).toBe(instant.dryRun.refundValue);
    const failing = await fetch(`${server.url}${GALLERY_API}/Refund/Status?bookingReference=JGT5FB9W&gallery=1`);
    expect(failing.status).toBe(500);
  });

  it('answers as the demo backend does: the same rules, checks and fixtures', async () => {
    const server = await start();
    const candidates = lookups.candidates;
    const replacement = bookings.replacement.status;
    /** @type {Array<[string, Record<string, unknown>]>} */
    const calls = [
      ['/api/LookupJourneys', { bookingReference: candidates.bookingReference, email: candidates.email }],
      [
        '/api/LookupJourneys',
        { bookingReference: lookups['lookup-error'].bookingReference, email: lookups['lookup-error'].email },
      ],
      [
        '/api/ProcessRefundWithReplacement/DryRun',
        {
          protectedReference: replacement.replacementProtectedReference ?? replacement.protectedReference,
          journeyId: replacement.refundStatus.journeyID,
          replacementBookingReference: lookups.rejected.bookingReference,
          replacementJourneyId: lookups.rejected.answer[0].journeyList[0].journeyID,
        },
      ],
      ['/api/ProcessRefund', { ...confirmBody(instant), journeyId: 'x' }],
      ['/api/ProcessRefund', confirmBody(instant, { protectedReference: 'unknown' })],
    ];
    for (const [route, body] of calls) {
      const demo = await postJson(server, route, body);
      expect(await postJson(server, `${GALLERY_API}${route}`, body)).toEqual(demo);
    }
  });

  it('accepts committing calls without keeping them: every booking keeps its fixture answers', async () => {
    const server = await start();
    for (let i = 0; i < 2; i += 1) {
      const answer = await postJson(server, `${GALLERY_API}/api/ProcessRefund`, confirmBody(instant), {
        'Idempotency-Key': 'g-1',
      });
      expect(answer).toEqual({ status: 200, body: { accepted: true, deferred: false } });
    }
    expect((await getJson(server, statusPath(GALLERY_API))).refundStatus.isCancelled).toBe(false);
    const deferOnly = bookings['defer-only'];
    const deferred = await postJson(
      server,
      `${GALLERY_API}/api/ProcessRefund`,
      confirmBody(deferOnly, { defer: true }),
    );
    expect(deferred).toEqual({ status: 200, body: { accepted: true, deferred: true } });
    const replacement = bookings.replacement.status;
    const candidates = lookups.candidates;
    const pick = {
      protectedReference: replacement.replacementProtectedReference ?? replacement.protectedReference,
      journeyId: replacement.refundStatus.journeyID,
      replacementBookingReference: candidates.bookingReference,
      replacementJourneyId: candidates.answer[0].journeyList[0].journeyID,
    };
    for (let i = 0; i < 2; i += 1) {
      expect(await postJson(server, `${GALLERY_API}/api/ProcessRefundWithReplacement`, pick)).toEqual({
        status: 200,
        body: { accepted: true, refundValue: candidates.dryRuns[String(pick.replacementJourneyId)].refundValue },
      });
    }
    expect((await getJson(server, statusPath(GALLERY_API, bookings.replacement))).refundStatus.isCancelled).toBe(false);

    expect(await getJson(server, '/__dev/requests')).toEqual([]);
    expect((await getJson(server, statusPath(''))).refundStatus.isCancelled).toBe(false);
    expect(fs.existsSync(path.join(server.app.locals.store.stateFile, '..', 'gallery', 'state.json'))).toBe(false);
  });

  it("takes photos and claims as the demo's backend does, refuses the planned journey's photos, and touches no demo claim", async () => {
    const server = await start();
    const upload = await fetch(`${server.url}${GALLERY_API}/tickets/upload`, uploadInit(printedJourney));
    expect(upload.status).toBe(200);
    const uploadId = await upload.json();
    expect(uploadId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const duplicate = await fetch(`${server.url}${GALLERY_API}/tickets/upload`, uploadInit(printedJourney));
    expect([duplicate.status, await duplicate.json()]).toEqual([
      409,
      { message: 'You have already added this photo.' },
    ]);
    // The refused-photo state's journey: every photo is refused, as a duplicate is.
    const refused = await fetch(`${server.url}${GALLERY_API}/tickets/upload`, uploadInit(refusedJourney, { width: 7 }));
    expect([refused.status, await refused.json()]).toEqual([409, { message: 'You have already added this photo.' }]);
    const notImage = await fetch(`${server.url}${GALLERY_API}/tickets/upload`, {
      method: 'POST',
      body: 'bytes',
      headers: { 'Journey-Id': printedJourney },
    });
    expect(notImage.status).toBe(400);

    const second = await (
      await fetch(`${server.url}${GALLERY_API}/tickets/upload`, uploadInit(printedJourney, { width: 3 }))
    ).json();
    expect((await fetch(`${server.url}${GALLERY_API}/tickets/delete/${second}`, { method: 'POST' })).status).toBe(204);
    const printed = bookings.printed.bookingReference;
    expect((await postJson(server, `${GALLERY_API}/tickets/submit-claim`, { Ctr: printed, Images: [] })).status).toBe(
      400,
    );
    expect(
      (await postJson(server, `${GALLERY_API}/tickets/submit-claim`, { Ctr: printed, Images: [second] })).status,
    ).toBe(400);
    const claimed = await postJson(server, `${GALLERY_API}/tickets/submit-claim`, { Ctr: printed, Images: [uploadId] });
    expect(claimed).toEqual({ status: 201, body: { claimId: expect.any(String) } });

    expect(await getJson(server, '/__dev/requests')).toEqual([]);
    expect(await getJson(server, '/__dev/claims')).toEqual([]);
    expect(await getJson(server, '/__dev/uploads')).toEqual([]);
  });

  it('forgets its photos, claims and error reports each time the page is shown', async () => {
    const server = await start();
    const uploadId = await (
      await fetch(`${server.url}${GALLERY_API}/tickets/upload`, uploadInit(printedJourney))
    ).json();
    await postJson(server, `${GALLERY_API}/report/error`, { message: 'before', source: 'test' });
    expect((await galleryHtml(server)).response.status).toBe(200);
    const claim = await postJson(server, `${GALLERY_API}/tickets/submit-claim`, {
      Ctr: bookings.printed.bookingReference,
      Images: [uploadId],
    });
    expect(claim.status).toBe(400);
    expect(await getJson(server, `${GALLERY_API}/error-reports`)).toEqual([]);
    // The same photo again is no duplicate: the earlier one is gone.
    expect((await fetch(`${server.url}${GALLERY_API}/tickets/upload`, uploadInit(printedJourney))).status).toBe(200);
  });

  it('keeps its error reports apart from /__dev/error-reports, and out of the log', async () => {
    const logger = { info: jest.fn(), warn: jest.fn() };
    const server = await start({ logger });
    const report = await postJson(server, `${GALLERY_API}/report/error`, { message: 'gallery boom', source: 'test' });
    expect(report.status).toBe(204);
    expect(logger.warn).not.toHaveBeenCalled();
    await postJson(server, '/report/error', { message: 'demo boom', source: 'test' });
    expect(logger.warn).toHaveBeenCalledWith('Dev host: client error report: demo boom');
    await postJson(server, '/__dev/reset', {});
    expect(await getJson(server, `${GALLERY_API}/error-reports`)).toEqual([
      { message: 'gallery boom', source: 'test', receivedAt: expect.any(String) },
    ]);
    expect(await getJson(server, '/__dev/error-reports')).toEqual([]);
    expect((await fetch(`${server.url}${GALLERY_API}/nothing`)).status).toBe(404);
  });
});
