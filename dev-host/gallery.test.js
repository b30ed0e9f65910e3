// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The states gallery's server side (gallery.js): the /gallery HTML follows the host contract (one
 * section and mount point per state, its own Details block, a shim tag that mounts nothing by
 * itself, no inline script), and the gallery-only API under /gallery-api answers from the pristine
 * fixtures and never changes the dev host's state.
 */
const bookings = require('../fixtures/bookings.json');
const lookups = require('../fixtures/lookups.json');
const { useTestHosts, postJson, getJson } = require('./testing');
const { CONTENT_SECURITY_POLICY } = require('./app');
const { galleryStates, GALLERY_API, GALLERY_REFUSED_JOURNEY } = require('./gallery');

const { start } = useTestHosts();
const states = galleryStates(bookings, lookups);

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
    const mounts = tags(html, 'div').filter((d) => d.class === 'gallery-state__mount');
    expect(mounts).toHaveLength(states.length);
    mounts.forEach((mount, index) => {
      expect(decode(mount['data-expect'])).toBe(states[index].expect);
      expect(mount['data-expect']).not.toBe('');
      expect(mount['data-gallery-widget']).toBe(states[index].widget);
    });
    // Each state has a heading naming it.
    for (const state of states) expect(html).toContain(`id="state-${state.slug}-heading"`);
  });

  it('covers every fixture state, every unavailable reason, the modals, finished views and errors', () => {
    const slugs = states.map((s) => s.slug);
    for (const [name, state] of Object.entries(bookings)) {
      if (state.expect.panel === 'redirect') continue;
      const shown = state.expect.panel === 'six-months-modal' ? 'modal-six-months' : `refund-${name}`;
      expect(slugs).toContain(shown);
      if (state.expect.unavailableReason) expect(slugs).toContain(`unavailable-page-${name}`);
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
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('shows the six-month page after Close, the amounts of the finished views and how the picker amount is made', () => {
    const bySlug = Object.fromEntries(states.map((s) => [s.slug, s]));
    expect(bySlug['refund-six-months-closed']).toMatchObject({
      booking: 'six-months',
      drive: 'six-months-close',
      modal: false,
      expect: expect.stringMatching(/^Your booking is more than 6 months old, so we cannot refund it online\./),
    });
    expect(bySlug['finished-refund'].expect).toBe('Refund request acceptedWe are refunding £49.10.');
    expect(bySlug['finished-deferral'].expect).toBe(
      'Deferred refund request acceptedWe are keeping £9.00 for you for 12 months, with no admin fee.',
    );
    expect(bySlug['modal-picker'].expect).toBe(
      'Your refund with this replacement: £35.50 £45.50 refund, less the £10.00 admin fee = £35.50',
    );
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
    const mounts = tags(html, 'div').filter((d) => d.class === 'gallery-state__mount');
    for (const [index, mount] of mounts.entries()) {
      const state = states[index];
      if (!state.booking) continue;
      if (state.slug === 'error-missing-details') expect(blocks.has(mount['data-details-id'])).toBe(false);
      else expect(mount['data-details-id']).toBe(`gallery-details-${state.slug}`);
      if (state.slug !== 'error-missing-details') expect(blocks.has(mount['data-details-id'])).toBe(true);
      for (const name of ['data-refund-status-url', 'data-dry-run-url']) {
        if (mount[name])
          expect(decode(mount[name])).toMatch(/^\/gallery-api\/Refund\/\w+\?bookingReference=[^&]+&gallery=1$/);
      }
    }
    // The refused-photo state uploads to its own journey, which the gallery API refuses (409).
    const refusedMount = mounts[states.findIndex((s) => s.slug === 'manual-claim-refused-photo')];
    expect(refusedMount['data-journey-id']).toBe(GALLERY_REFUSED_JOURNEY);
    expect(refusedMount['data-gallery-drive']).toBe('choose-photo');
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map(([, id]) => id);
    expect(ids.length).toBe(new Set(ids).size);
  });

  it('shows the Delay Repay advice with and without data-delay-repay-url', async () => {
    const server = await start();
    const { html } = await galleryHtml(server);
    const mounts = tags(html, 'div').filter((d) => d.class === 'gallery-state__mount');
    const linkOf = (slug) => mounts[states.findIndex((state) => state.slug === slug)]['data-delay-repay-url'];
    const url = 'https://www.nationalrail.co.uk/help-and-assistance/compensation-and-refunds/delay-repay-compensation/';
    expect(linkOf('finished-disruption-delayed')).toBeUndefined();
    expect(linkOf('lookup-delay-repay')).toBeUndefined();
    expect(decode(linkOf('finished-disruption-delayed-link'))).toBe(url);
    expect(decode(linkOf('lookup-delay-repay-link'))).toBe(url);
  });

  it('shows only the states its fixtures have when the dev host runs over other fixtures', async () => {
    const server = await start({ bookings: { instant: bookings.instant }, lookups: {} });
    const { response, html } = await galleryHtml(server);
    expect(response.status).toBe(200);
    const shown = galleryStates({ instant: bookings.instant }, {});
    expect(shown.every((state) => state.booking === null || state.booking === 'instant')).toBe(true);
    expect(html).toContain(`>${shown.length} states</p>`);
    expect(html).not.toContain('modal-picker');
  });

  it('is linked from the start page', async () => {
    const server = await start();
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('<a href="/gallery">States gallery</a>');
  });
});

describe('the gallery API (/gallery-api)', () => {
  const instant = bookings.instant;
  const statusPath = (prefix) => `${prefix}/Refund/Status?bookingReference=${instant.bookingReference}&gallery=1`;

  it('answers from the pristine fixtures, whatever the demo bookings went through', async () => {
    const server = await start();
    const accepted = await postJson(
      server,
      '/api/ProcessRefund',
      {
        protectedReference: instant.status.protectedReference,
        journeyId: instant.status.refundStatus.journeyID,
        covid19: false,
        defer: false,
        disruptedOutwards: false,
        disruptedInwards: false,
      },
      { 'Idempotency-Key': 'demo-1' },
    );
    expect(accepted.status).toBe(200);
    expect((await getJson(server, statusPath(''))).refundStatus.isCancelled).toBe(true);
    expect((await getJson(server, statusPath(GALLERY_API))).refundStatus.isCancelled).toBe(false);
    const dryRun = await getJson(server, `${GALLERY_API}/Refund/DryRun?bookingReference=${instant.bookingReference}`);
    expect(dryRun.refundValue).toBe(instant.dryRun.refundValue);
    const failing = await fetch(`${server.url}${GALLERY_API}/Refund/Status?bookingReference=JGT5FB9W&gallery=1`);
    expect(failing.status).toBe(500);
  });

  it('accepts committing calls without storing anything', async () => {
    const server = await start();
    const body = {
      protectedReference: instant.status.protectedReference,
      journeyId: instant.status.refundStatus.journeyID,
      covid19: false,
      defer: false,
      disruptedOutwards: false,
      disruptedInwards: false,
    };
    for (let i = 0; i < 2; i += 1) {
      const answer = await postJson(server, `${GALLERY_API}/api/ProcessRefund`, body, { 'Idempotency-Key': 'g-1' });
      expect(answer).toEqual({ status: 200, body: { accepted: true, deferred: false, gallery: true } });
    }
    expect(
      (await postJson(server, `${GALLERY_API}/api/ProcessRefund`, { ...body, protectedReference: 'x' })).status,
    ).toBe(400);
    const replacement = bookings.replacement.status;
    const candidates = lookups.candidates;
    const picked = await postJson(server, `${GALLERY_API}/api/ProcessRefundWithReplacement`, {
      protectedReference: replacement.replacementProtectedReference ?? replacement.protectedReference,
      journeyId: replacement.refundStatus.journeyID,
      replacementBookingReference: candidates.bookingReference,
      replacementJourneyId: candidates.answer[0].journeyList[0].journeyID,
    });
    expect(picked.status).toBe(200);
    const upload = await fetch(`${server.url}${GALLERY_API}/tickets/upload`, { method: 'POST', body: 'bytes' });
    const uploadId = await upload.json();
    expect(uploadId).toMatch(/^gallery-/);
    // The refused-photo state's uploads are refused as the reference backend refuses a duplicate.
    const refused = await fetch(`${server.url}${GALLERY_API}/tickets/upload`, {
      method: 'POST',
      body: 'bytes',
      headers: { 'Journey-Id': GALLERY_REFUSED_JOURNEY },
    });
    expect([refused.status, await refused.json()]).toEqual([409, { message: 'You have already added this photo.' }]);
    expect((await fetch(`${server.url}${GALLERY_API}/tickets/delete/${uploadId}`, { method: 'POST' })).status).toBe(
      204,
    );
    expect(
      (await postJson(server, `${GALLERY_API}/tickets/submit-claim`, { Ctr: 'LBG7WK2F', Images: [uploadId] })).status,
    ).toBe(200);
    expect(
      (await postJson(server, `${GALLERY_API}/tickets/submit-claim`, { Ctr: 'LBG7WK2F', Images: [] })).status,
    ).toBe(400);

    expect(await getJson(server, '/__dev/requests')).toEqual([]);
    expect(await getJson(server, '/__dev/claims')).toEqual([]);
    expect(await getJson(server, '/__dev/uploads')).toEqual([]);
    expect((await getJson(server, statusPath(''))).refundStatus.isCancelled).toBe(false);
  });

  it('keeps its error reports apart from /__dev/error-reports', async () => {
    const server = await start();
    const report = await postJson(server, `${GALLERY_API}/report/error`, { message: 'gallery boom', source: 'test' });
    expect(report.status).toBe(204);
    expect(await getJson(server, `${GALLERY_API}/error-reports`)).toEqual([
      { message: 'gallery boom', source: 'test' },
    ]);
    expect(await getJson(server, '/__dev/error-reports')).toEqual([]);
    expect((await fetch(`${server.url}${GALLERY_API}/nothing`)).status).toBe(404);
  });
});
