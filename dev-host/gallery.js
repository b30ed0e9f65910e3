// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The states gallery (docs/gallery.md): `GET /gallery` renders every widget in every named
 * state of the shared fixtures on one host-contract page, each state in its own `<section>` with a
 * heading, a mount `<div>` carrying the widget's data attributes and `data-details-id` naming its
 * own Details JSON block. The page's shim tag says `data-auto-mount="false"`; the static,
 * CSP-clean `/gallery.js` (public/gallery.js) mounts each state with
 * `window.RefundWidgets.mount(name, element, { search, apiBase: '/gallery-api' })` and drives the
 * real UI to the states that need an action (open a modal, finish a refund, submit a claim). The
 * API base goes to `mount` from the page's own script, not on the tag: a tag's `data-api-base`
 * must be a base built into the shim (docs/security.md "Bases fixed at build time"), and no
 * build lists the gallery's.
 *
 * Every call of the gallery goes to the gallery-only namespace `/gallery-api/…`, answered here
 * from the pristine fixtures: reads never see the demo bookings' refunds, and committing POSTs are
 * answered as accepted without storing anything, so the gallery never changes the dev host's state.
 */
'use strict';

const path = require('path');
const { randomBytes } = require('crypto');
const express = require('express');
const { createBackend, queryValue } = require('./backend');
const { isHttpError, send } = require('./backend/answers');
const { dryRunOf, refundStatusOf, statusOf } = require('./backend/fixtures');
const views = require('./views');

/** Prefix of the gallery's API namespace (the `apiBase` public/gallery.js passes to `mount`). */
const GALLERY_API = '/gallery-api';
/**
 * The `Journey-Id` of the gallery's refused-photo state: its uploads are refused as the reference
 * backend refuses a duplicate (409 with its text; docs/uploads.md "On the reference backend").
 */
const GALLERY_REFUSED_JOURNEY = 'gallery-refused-photo';
const DUPLICATE_TEXT = 'You have already added this photo.';
const MAX_GALLERY_REPORTS = 100;

/** @typedef {import('./backend/types').BookingState} BookingState */
/** @typedef {import('./backend/types').LookupState} LookupState */
/**
 * One state of the gallery (see {@link galleryStates}).
 *
 * @typedef {object} GalleryState
 * @property {string} group
 * @property {string} slug
 * @property {string} title
 * @property {string} widget remote name
 * @property {string | null} booking fixture state name
 * @property {{ view?: string, detailsId?: string, journeyId?: string | true, delayRepayUrl?: string }} attrs
 * @property {string} search
 * @property {string} drive
 * @property {string} expect
 * @property {boolean} modal
 */

/** @param {number} pence */
const pounds = (pence) => `£${(pence / 100).toFixed(2)}`;
/**
 * The body of a planned failure, or ''.
 * @param {unknown} answer a fixture's answer
 */
const httpErrorBody = (answer) => (isHttpError(answer) ? String(answer.httpError.body ?? '') : '');
/** @param {string} reason */
const unavailableSentence = (reason) => `We can't process an automatic refund for this journey because ${reason}.`;
/** The six-month page's sentence beneath its modal (widgets/refund/texts.ts `sixMonthsPanelBody`). */
const SIX_MONTHS_PANEL_TEXT =
  'Your booking is more than 6 months old, so we cannot refund it online. Our support team can still look at it for you: contact them and quote your booking reference.';

/**
 * The picker's amount line for a lookup's first journey, with how it is made (the replacement dry
 * run's `refundValue` and `adminFee`; widgets/refund/replacement/texts.ts `breakdown`), or the
 * confirm button's text when the fixture plans no dry run for it.
 *
 * @param {LookupState | undefined} lookup
 * @returns {string}
 */
function pickerBreakdown(lookup) {
  const first = lookup && Array.isArray(lookup.answer) ? lookup.answer[0]?.journeyList?.[0] : undefined;
  const dryRun = first ? lookup?.dryRuns?.[String(first.journeyID)] : undefined;
  if (!dryRun || 'httpError' in dryRun || dryRun.refundValue <= 0) return 'Confirm replacement';
  const amount = pounds(dryRun.refundValue);
  return dryRun.adminFee > 0
    ? `Your refund with this replacement: ${amount} ${pounds(dryRun.refundValue + dryRun.adminFee)} refund, less the ${pounds(dryRun.adminFee)} admin fee = ${amount}`
    : `Your refund with this replacement: ${amount} ${amount} refund, with no admin fee`;
}

/**
 * How each `expect.panel` of fixtures/bookings.json shows on the refund page (the text a section waits for).
 *
 * @param {BookingState} state
 * @returns {string | null}
 */
function panelText(state) {
  const panel = state.expect?.panel;
  // A dry run that failed for want of an answer (docs/decisions.md "An outage is not a decision").
  if (state.expect?.dryRunOutage) return "We couldn't check your refund just now. Please try again later.";
  if (panel === 'instant') return `You will receive ${pounds(dryRunOf(state)?.refundValue ?? 0)}`;
  if (panel === 'replacement') return 'Refund with a replacement journey';
  if (panel === 'unavailable') return 'A refund is not available for the ticket and refund method you have chosen.';
  if (panel === 'manual') return 'Further evidence is needed for printed tickets';
  if (panel === 'error' || panel === 'six-months-modal') return String(state.expect?.message ?? '');
  return null;
}

/**
 * The gallery's states, in page order. Each: `group` (an h2), `slug` (unique), `title`, `widget`
 * (remote name), `booking` (fixture state), optional `attrs` (extra data attributes), `search`
 * (the query the widget reads), `drive` (what public/gallery.js does after mounting), `expect`
 * (text the mount point shows once the state is reached), `modal` (the state is a modal dialog).
 *
 * @param {Record<string, BookingState>} bookings fixtures/bookings.json
 * @param {Record<string, LookupState>} lookups fixtures/lookups.json
 * @returns {GalleryState[]}
 */
function galleryStates(bookings, lookups) {
  /** @type {GalleryState[]} */
  const states = [];
  // A dev host started over other fixtures (tests do) shows only the states its fixtures have.
  /** @param {string | undefined} drive */
  const lookupOf = (drive) => (drive?.startsWith('lookup:') ? drive.slice('lookup:'.length) : null);
  /** @param {Omit<GalleryState, 'attrs' | 'search' | 'drive' | 'modal'> & Partial<GalleryState>} state */
  const add = (state) => {
    if (state.booking && !bookings[state.booking]) return;
    const lookupName = lookupOf(state.drive);
    if (lookupName && !lookups[lookupName]) return;
    states.push({ attrs: {}, search: '', drive: '', modal: false, ...state });
  };
  /**
   * @param {string} name
   * @param {string} [extra]
   */
  const query = (name, extra = '') =>
    bookings[name]
      ? `BookingReference=${encodeURIComponent(bookings[name].bookingReference)}&Email=${encodeURIComponent(bookings[name].email)}${extra}`
      : '';
  /** @param {string} name */
  const ref = (name) => lookups[name]?.bookingReference ?? name;

  // Refund panels: one per fixture state. A redirecting state would take the gallery page away,
  // and the six-month state is a modal (below).
  for (const [name, state] of Object.entries(bookings)) {
    const text = panelText(state);
    if (!text || state.expect?.panel === 'six-months-modal') continue;
    add({
      group: 'Refund panels',
      slug: `refund-${name}`,
      title: `Refund panel: ${name} (${state.expect?.panel})`,
      widget: 'refund',
      booking: name,
      search: query(name),
      expect: text,
    });
  }
  add({
    group: 'Refund panels',
    slug: 'refund-covid',
    title: 'Refund panel: covid-full-refund with covid19=true',
    widget: 'refund',
    booking: 'covid-full-refund',
    search: query('covid-full-refund', '&covid19=true'),
    expect: 'You asked for this refund because of Covid-19.',
  });
  add({
    group: 'Refund panels',
    slug: 'refund-no-protected-reference-pressed',
    title: 'Accept refund pressed without a protected reference',
    widget: 'refund',
    booking: 'no-protected-reference',
    search: query('no-protected-reference'),
    drive: 'accept-refund',
    expect: 'We cannot complete this refund online. Please contact our support team and quote your booking reference.',
  });
  // The six-month page once its modal is closed: no refund action, the support contact
  // (docs/decisions.md "The refund page's words and amounts"). public/gallery.js mounts it after
  // the other modals and closes its modal.
  add({
    group: 'Refund panels',
    slug: 'refund-six-months-closed',
    title: 'Six-month page after Close (the support contact, no refund action)',
    widget: 'refund',
    booking: 'six-months',
    search: query('six-months'),
    drive: 'six-months-close',
    expect: SIX_MONTHS_PANEL_TEXT,
  });
  add({
    group: 'Refund panels',
    slug: 'replacement-form-errors',
    title: 'Provide replacement journey: empty Continue (error summary)',
    widget: 'refund',
    booking: 'replacement',
    search: query('replacement'),
    drive: 'replacement-empty',
    expect: 'There is a problem',
  });
  add({
    group: 'Refund panels',
    slug: 'replacement-no-eligible',
    title: `Provide replacement journey: ${ref('no-eligible')} (no-eligible)`,
    widget: 'refund',
    booking: 'replacement',
    search: query('replacement'),
    drive: 'lookup:no-eligible',
    expect: 'No matching eligible journeys. Journeys must have been purchased prior to your original departure time.',
  });

  // The separate "Refund unavailable" page view, one per unavailable reason.
  for (const [name, state] of Object.entries(bookings)) {
    if (!state.expect?.unavailableReason) continue;
    add({
      group: 'Refund unavailable page',
      slug: `unavailable-page-${name}`,
      title: `Refund unavailable page: ${name}`,
      widget: 'refund',
      booking: name,
      attrs: { view: 'unavailable' },
      search: query(name),
      expect: unavailableSentence(String(state.expect.unavailableReason)),
    });
  }

  // Finished views, each repeating the amount (docs/decisions.md "The refund page's words and amounts").
  add({
    group: 'Finished views',
    slug: 'finished-refund',
    title: 'Refund request accepted (instant-bus, Accept refund)',
    widget: 'refund',
    booking: 'instant-bus',
    search: query('instant-bus'),
    drive: 'accept-refund',
    expect: `Refund request acceptedWe are refunding ${pounds(dryRunOf(bookings['instant-bus'])?.refundValue ?? 0)}.`,
  });
  add({
    group: 'Finished views',
    slug: 'finished-deferral',
    title: 'Deferred refund request accepted (defer-only, Defer replacement)',
    widget: 'refund',
    booking: 'defer-only',
    search: query('defer-only'),
    drive: 'defer',
    expect: `Deferred refund request acceptedWe are keeping ${pounds(
      (bookings['defer-only'] && refundStatusOf(bookings['defer-only'])?.ticketsReplaceValue) ?? 0,
    )} for you for 12 months, with no admin fee.`,
  });
  add({
    group: 'Finished views',
    slug: 'finished-claim',
    title: 'Claim submitted (printed, one photo)',
    widget: 'manualClaim',
    booking: 'printed',
    attrs: { journeyId: true },
    search: query('printed'),
    drive: 'submit-claim',
    expect: 'Claim submitted',
  });
  add({
    group: 'Finished views',
    slug: 'finished-disruption-delayed',
    title: 'Disruption Finished view: delayed',
    widget: 'disruption',
    booking: 'disruption-waived',
    attrs: { view: 'finished' },
    search: query('disruption-waived', '&Reason=delayed'),
    expect: 'Claim Delay Repay on the website or app of the train company that ran your train',
  });
  add({
    group: 'Finished views',
    slug: 'finished-disruption-delayed-link',
    title: 'Disruption Finished view: delayed, with data-delay-repay-url (a link)',
    widget: 'disruption',
    booking: 'disruption-waived',
    attrs: { view: 'finished', delayRepayUrl: views.DELAY_REPAY_URL },
    search: query('disruption-waived', '&Reason=delayed'),
    expect: 'from the train company that ran your train',
  });
  add({
    group: 'Finished views',
    slug: 'finished-disruption-manual',
    title: 'Disruption Finished view: manual',
    widget: 'disruption',
    booking: 'disruption-waived',
    attrs: { view: 'finished' },
    search: query('disruption-waived', '&Reason=manual'),
    expect: 'Contact our customer services team',
  });

  // Page data errors (the refund status errors are refund panels above).
  add({
    group: 'Page data errors',
    slug: 'error-missing-details',
    title: 'Details JSON missing',
    widget: 'refund',
    booking: 'instant',
    attrs: { detailsId: 'gallery-details-not-on-this-page' },
    search: query('instant'),
    expect: 'Missing JSON data from DOM',
  });
  add({
    group: 'Page data errors',
    slug: 'error-missing-station-map',
    title: 'Station map missing (journey summary)',
    widget: 'journeySummary',
    booking: 'instant',
    drive: 'without-station-map',
    expect: 'We could not load the station names for this page. Please refresh the page or try again later.',
  });

  // The manual claim screen.
  for (const name of ['printed', 'printed-advance']) {
    add({
      group: 'Manual claim',
      slug: `manual-claim-${name}`,
      title: `Manual claim: ${name}`,
      widget: 'manualClaim',
      booking: name,
      search: query(name),
      expect: name === 'printed-advance' ? 'Replacement booking reference' : 'Further evidence required',
    });
  }
  add({
    group: 'Manual claim',
    slug: 'manual-claim-part-journey',
    title: 'Manual claim: a part-journey replacement (PartJourney=true)',
    widget: 'manualClaim',
    booking: 'printed',
    search: query('printed', '&PartJourney=true'),
    expect: 'Your replacement journey covers only part of this journey, so we check this refund by hand.',
  });
  add({
    group: 'Manual claim',
    slug: 'manual-claim-refused-photo',
    title: "Manual claim: a photo the server refuses (409 with the server's text)",
    widget: 'manualClaim',
    booking: 'printed',
    attrs: { journeyId: GALLERY_REFUSED_JOURNEY },
    search: query('printed'),
    drive: 'choose-photo',
    expect: DUPLICATE_TEXT,
  });

  // The disruption funnel.
  /** @type {(slug: string, title: string, booking: string, drive: string, expect: string) => void} */
  const funnel = (slug, title, booking, drive, expect) =>
    add({
      group: 'Disruption funnel',
      slug,
      title,
      widget: 'disruption',
      booking,
      search: query(booking),
      drive,
      expect,
    });
  funnel('disruption-first', 'First question', 'disruption-waived', '', 'Please pick the option which applies');
  funnel(
    'disruption-first-error',
    'First question: empty Continue',
    'disruption-waived',
    'disruption-empty',
    'There is a problem',
  );
  funnel(
    'disruption-second',
    'Second question (after Yes), with the Back link',
    'disruption-waived',
    'disruption-second',
    'What happened to your journey?',
  );
  funnel(
    'disruption-portion-all',
    'Which part: all three portions, with the Back link',
    'disruption-waived',
    'disruption-portion',
    'Both the outward and the return journey',
  );
  funnel(
    'disruption-portion-outward',
    'Which part: outward only (scope Out)',
    'disruption-outward-only',
    'disruption-portion',
    'For this booking, a disruption refund can only be claimed for this part of the journey.',
  );
  funnel(
    'disruption-no-option',
    'No disruption self refund (link to the manual claim)',
    'disruption-none',
    'disruption-second',
    'A disruption refund cannot be claimed online for this booking',
  );

  // The lookup form.
  /** @type {(slug: string, title: string, drive: string, expect: string, attrs?: GalleryState['attrs']) => void} */
  const lookup = (slug, title, drive, expect, attrs = {}) =>
    add({ group: 'Lookup form', slug, title, widget: 'lookup', booking: null, drive, expect, attrs });
  lookup('lookup-empty', 'Lookup form', '', 'Find your booking');
  lookup('lookup-errors', 'Lookup form: empty Continue (error summary)', 'lookup-empty-submit', 'There is a problem');
  lookup(
    'lookup-delay-repay',
    'Lookup form: disruption, delayed train',
    'lookup-delay-repay',
    'Claim Delay Repay on the website or app of the train company that ran your train',
  );
  lookup(
    'lookup-delay-repay-link',
    'Lookup form: disruption, delayed train, with data-delay-repay-url (a link)',
    'lookup-delay-repay',
    'from the train company that ran your train',
    { delayRepayUrl: views.DELAY_REPAY_URL },
  );
  lookup(
    'lookup-wheelchair',
    'Lookup form: wheelchair access',
    'lookup-wheelchair',
    'What stopped you from travelling?',
  );

  // The journey summary, one per kind of journey.
  for (const [name, to] of [
    ['instant', 'London Kings Cross to Edinburgh'],
    ['instant-tube', 'Doncaster to Milton Keynes'],
    ['instant-ship', 'London Waterloo to Yarmouth'],
    ['instant-bus', 'London Kings Cross to Norwich'],
  ]) {
    add({
      group: 'Journey summary',
      slug: `journey-${name}`,
      title: `Journey summary: ${name}`,
      widget: 'journeySummary',
      booking: name,
      expect: `Selected Journey: ${to}`,
    });
  }

  // Modals last: they open on top of the page, the last one on top.
  /** @type {(slug: string, title: string, booking: string, drive: string, expect: string) => void} */
  const modal = (slug, title, booking, drive, expect) =>
    add({
      group: 'Modals',
      slug,
      title,
      widget: 'refund',
      booking,
      search: query(booking),
      drive,
      expect,
      modal: true,
    });
  modal(
    'modal-advance-info',
    "About Advance tickets (the panel's link)",
    'replacement',
    'advance-info',
    'About Advance tickets',
  );
  modal('modal-appeal', 'How to appeal', 'instant', 'appeal', 'Please allow up to 5 working days for a reply.');
  modal(
    'modal-lookup-failed',
    `Lookup failed (${ref('lookup-error')})`,
    'replacement',
    'lookup:lookup-error',
    httpErrorBody(lookups['lookup-error']?.answer),
  );
  modal(
    'modal-picker',
    `Confirm replacement picker (${ref('candidates')}), with how the amount is made`,
    'replacement',
    'lookup:candidates',
    pickerBreakdown(lookups.candidates),
  );
  modal(
    'modal-picker-rejected',
    `Confirm replacement picker, dry run rejected (${ref('rejected')})`,
    'defer-only',
    'lookup:rejected',
    'Unable to use this journey: the replacement was booked after your original departure time',
  );
  modal(
    'modal-six-months',
    'Six-month modal (opens by itself)',
    'six-months',
    '',
    String(bookings['six-months']?.expect?.message ?? ''),
  );
  return states;
}

/**
 * The data attributes of a state's mount element (host contract, docs/host-contract.md "The widgets").
 *
 * @param {GalleryState} state
 * @param {Record<string, BookingState>} bookings
 * @returns {Record<string, string | number>}
 */
function mountAttributes(state, bookings) {
  const booking = state.booking ? bookings[state.booking] : null;
  const ref = booking ? encodeURIComponent(booking.bookingReference) : '';
  const gallery = `&gallery=1`;
  /** @type {Record<string, string | number>} */
  const attrs = {};
  if (booking) attrs['details-id'] = state.attrs.detailsId ?? `gallery-details-${state.slug}`;
  if (state.widget === 'refund') {
    attrs['refund-status-url'] = `${GALLERY_API}/Refund/Status?bookingReference=${ref}${gallery}`;
    if (state.attrs.view !== 'unavailable') {
      attrs['dry-run-url'] = `${GALLERY_API}/Refund/DryRun?bookingReference=${ref}${gallery}`;
    }
    attrs['appeals-email'] = views.APPEALS_EMAIL;
    attrs['support-email'] = views.SUPPORT_EMAIL;
    if (state.attrs.view) attrs.view = state.attrs.view;
  } else if (state.widget === 'disruption') {
    if (state.attrs.view) attrs.view = state.attrs.view;
    else attrs['refund-status-url'] = `${GALLERY_API}/Refund/Status?bookingReference=${ref}${gallery}`;
    attrs['support-email'] = views.SUPPORT_EMAIL;
    if (state.attrs.delayRepayUrl) attrs['delay-repay-url'] = state.attrs.delayRepayUrl;
  } else if (state.widget === 'manualClaim') {
    attrs['journey-id'] =
      typeof state.attrs.journeyId === 'string'
        ? state.attrs.journeyId
        : ((booking && refundStatusOf(booking)?.journeyID) ?? '');
    attrs['support-email'] = views.SUPPORT_EMAIL;
  } else if (state.widget === 'lookup') {
    attrs['support-email'] = views.SUPPORT_EMAIL;
    if (state.attrs.delayRepayUrl) attrs['delay-repay-url'] = state.attrs.delayRepayUrl;
  }
  return attrs;
}

/**
 * One state's `<section>`: heading, the mount point with its data attributes, and its Details block.
 *
 * @param {GalleryState} state
 * @param {Record<string, BookingState>} bookings
 * @param {Record<string, LookupState>} lookups
 * @param {number} index
 * @returns {string} HTML
 */
function stateSection(state, bookings, lookups, index) {
  const e = views.escapeHtml;
  /** @type {Record<string, string>} */
  const drive = {};
  if (state.drive.startsWith('lookup:')) {
    const lookup = lookups[state.drive.slice('lookup:'.length)];
    drive['gallery-lookup-reference'] = lookup.bookingReference;
    drive['gallery-lookup-email'] = lookup.email;
  }
  const attrs = Object.entries({ ...drive, ...mountAttributes(state, bookings) })
    .map(([name, value]) => ` data-${name}="${e(value)}"`)
    .join('');
  const booking = state.booking ? bookings[state.booking] : null;
  const ownDetails = booking && !state.attrs.detailsId;
  const details = ownDetails
    ? `\n<script type="application/json" id="gallery-details-${e(state.slug)}">${views.jsonForScript(booking.details)}</script>`
    : '';
  return `<section class="gallery-state${state.modal ? ' gallery-state--modal' : ''}" id="state-${e(state.slug)}" aria-labelledby="state-${e(state.slug)}-heading" data-gallery-state="pending">
<h3 class="gallery-state__heading" id="state-${e(state.slug)}-heading"><span class="gallery-state__number">${index + 1}.</span> ${e(state.title)}</h3>
<p class="gallery-state__meta">${e(state.widget)}${booking ? ` · ${e(state.booking)} · <code>${e(booking.bookingReference)}</code>` : ''}${state.drive ? ` · driven: <code>${e(state.drive)}</code>` : ''}</p>
<div class="gallery-state__mount" id="gallery-${e(state.slug)}" data-gallery-widget="${e(state.widget)}" data-gallery-search="${e(state.search)}" data-gallery-drive="${e(state.drive)}" data-expect="${e(state.expect)}"${state.modal ? ' data-gallery-modal="true"' : ''}${attrs}></div>${details}
</section>`;
}

/**
 * `/gallery`: the page. Sections are grouped under h2s; a status line says how many states have
 * settled; the shim tag mounts nothing by itself and sends every call to the gallery namespace.
 *
 * @param {{ states: GalleryState[], bookings: Record<string, BookingState>, lookups: Record<string, LookupState>,
 *   stations: Record<string, string> }} options
 * @returns {string} HTML
 */
function galleryPage({ states, bookings, lookups, stations }) {
  const e = views.escapeHtml;
  /** @type {Array<{ name: string, sections: string[] }>} */
  const groups = [];
  states.forEach((state, index) => {
    let group = groups.find((g) => g.name === state.group);
    if (!group) groups.push((group = { name: state.group, sections: [] }));
    group.sections.push(stateSection(state, bookings, lookups, index));
  });
  const toc = groups
    .map((g) => `<li><a href="#group-${e(slug(g.name))}">${e(g.name)}</a> (${g.sections.length})</li>`)
    .join('\n');
  const body = groups
    .map(
      (g) => `<h2 id="group-${e(slug(g.name))}">${e(g.name)}</h2>
${g.sections.join('\n')}`,
    )
    .join('\n');
  return views.layout({
    title: `States gallery - Example Rail`,
    head: `<meta name="max-admin-fee" content="5">\n<link rel="stylesheet" href="/gallery.css">\n`,
    main: `<h1>States gallery</h1>
<p class="gallery-count" id="gallery-count" data-count="${states.length}">${states.length} states</p>
<p>Every widget in every named state of the shared fixtures (<code>fixtures/bookings.json</code>,
<code>fixtures/lookups.json</code>), each in its own mount point under the host contract. Calls go to
the gallery's own namespace (<code>${GALLERY_API}</code>), which answers from the fixtures and stores nothing,
so the demo bookings are never changed. Modal states open on top of the page once everything else has
settled, in page order with the last one on top: close each with its own Close or Cancel button to see the
one beneath (Escape may close several at once: browsers group dialogs that opened without a click).
<code>self-refunds-disabled</code> redirects to <a href="/SelfRefundsUnavailable">/SelfRefundsUnavailable</a>,
so it is not mounted here.</p>
<p class="gallery-status" id="gallery-status" role="status">Loading the states…</p>
<nav aria-label="Gallery groups"><ul>
${toc}
</ul></nav>
${body}`,
    data: `${`<script type="application/json" id="station-names">${views.jsonForScript(stations)}</script>`}
<script src="${views.SHIM_URL}" data-auto-mount="false" defer></script>
<script src="/gallery.js" defer></script>
`,
    shim: false,
  });
}

/**
 * A heading's anchor: lower case, runs of other characters as `-`.
 * @param {string} text
 */
function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/**
 * The gallery's routes: the page at `/gallery` and the gallery-only API at `/gallery-api/…`.
 *
 * @param {object} options
 * @param {Record<string, BookingState>} options.bookings fixture states
 * @param {Record<string, LookupState>} options.lookups replacement bookings
 * @param {Record<string, string>} options.stations station names
 * @param {string} options.dataDir the dev host's data folder (the gallery's read-only store keeps
 *   an empty `gallery/` folder there and never writes to it)
 * @returns {import('express').Router}
 */
function createGalleryRouter({ bookings, lookups, stations, dataDir }) {
  // A store of its own over the same fixtures: never given a committing call, so it stays pristine.
  const store = createBackend({ bookings, lookups, dataDir: path.join(dataDir, 'gallery'), logger: { warn() {} } });
  const states = galleryStates(bookings, lookups);
  /** @type {Array<{ message: string, source: string }>} */
  const reports = [];
  const router = express.Router();
  const json = express.json({ limit: '100kb' });

  router.get('/gallery', (_req, res) =>
    res
      .status(200)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(galleryPage({ states, bookings, lookups, stations })),
  );

  const api = express.Router();
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  api.get('/Refund/Status', (req, res) => send(res, store.statusAnswer(queryValue(req.query, 'bookingReference'))));
  api.get('/Refund/DryRun', (req, res) => send(res, store.dryRunAnswer(queryValue(req.query, 'bookingReference'))));
  api.post('/api/LookupJourneys', json, (req, res) => send(res, store.lookupAnswer(req.body)));
  api.post('/api/ProcessRefundWithReplacement/DryRun', json, (req, res) =>
    send(res, store.replacementDryRunAnswer(req.body)),
  );
  // Committing calls: checked like the reference backend's where it reads no state, then accepted
  // without storing anything.
  api.post('/api/ProcessRefundWithReplacement', json, (req, res) => {
    const dryRun = store.replacementDryRunAnswer(req.body);
    if (dryRun.status !== 200 || !('json' in dryRun)) return send(res, dryRun);
    const { refundValue } = /** @type {import('./backend/types').DryRun} */ (dryRun.json);
    return send(res, { status: 200, json: { accepted: true, refundValue, gallery: true } });
  });
  api.post('/api/ProcessRefund', json, (req, res) => {
    const known = Object.values(bookings).some((state) => {
      const status = statusOf(state);
      return status !== null && status.protectedReference === req.body?.protectedReference;
    });
    if (!known) return send(res, { status: 400, json: { message: 'Unknown protected reference.' } });
    return send(res, { status: 200, json: { accepted: true, deferred: req.body.defer === true, gallery: true } });
  });
  api.post('/tickets/upload', (req, res) => {
    req.resume(); // the bytes are not kept
    req.on('end', () =>
      send(
        res,
        req.get('Journey-Id') === GALLERY_REFUSED_JOURNEY
          ? { status: 409, json: { message: DUPLICATE_TEXT } }
          : { status: 200, json: `gallery-${randomBytes(9).toString('base64url')}` },
      ),
    );
  });
  api.post('/tickets/delete/:uploadId', (_req, res) => res.status(204).end());
  api.post('/tickets/submit-claim', json, (req, res) => {
    const images = req.body?.Images;
    if (!Array.isArray(images) || images.length === 0) {
      return send(res, { status: 400, json: { message: 'A claim needs at least one image.' } });
    }
    return send(res, { status: 200, json: { claimId: 'gallery', gallery: true } });
  });
  // Error reports of the gallery (e.g. its missing station map) stay out of /__dev/error-reports.
  api.post('/report/error', express.json({ limit: '100kb', type: ['application/json', 'text/plain'] }), (req, res) => {
    reports.push({ message: String(req.body?.message ?? ''), source: String(req.body?.source ?? '') });
    if (reports.length > MAX_GALLERY_REPORTS) reports.shift();
    res.status(204).end();
  });
  api.get('/error-reports', (_req, res) => send(res, { status: 200, json: reports }));
  api.use((_req, res) => send(res, { status: 404, json: { message: 'Not found.' } }));
  router.use(GALLERY_API, api);
  return router;
}

module.exports = { createGalleryRouter, galleryStates, galleryPage, GALLERY_API, GALLERY_REFUSED_JOURNEY };
