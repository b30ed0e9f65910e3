// @ts-check
// Dev host (never shipped in dist/): the states gallery, docs/gallery.md. `GET /gallery` renders
// fixtures/gallery.json; `/gallery-api/…` is the reference backend over one that keeps nothing.
'use strict';

const path = require('path');
const express = require('express');
const { createBackend, createBackendRouter } = require('./backend');
const { send } = require('./backend/answers');
const { refundStatusOf } = require('./backend/fixtures');
const { createClaimsRouter } = require('./claims');
const views = require('./views');
const galleryData = require('../fixtures/gallery.json');

/** The `apiBase` public/gallery.js gives `mount` (a tag's base must be built in: docs/security.md). */
const GALLERY_API = '/gallery-api';
/** The `detailsMissing` state's Details block: no block of the page has this id. */
const MISSING_DETAILS_ID = 'gallery-details-not-on-this-page';

/** @typedef {import('./backend/types').BookingState} BookingState */
/** @typedef {import('./backend/types').LookupState} LookupState */
/**
 * A state of fixtures/gallery.json with its group's name (docs/gallery.md "The states, as data").
 * @typedef {{ group: string, slug: string, title: string, widget: string, booking?: string,
 *   query?: Record<string, string>, view?: string, detailsMissing?: boolean, delayRepayLink?: boolean,
 *   replacementBooking?: string, drive?: string, modal?: boolean, uploadFault?: 'duplicate',
 *   shows: Array<string | { text: string, args: string[] }> }} GalleryState
 */

/** @type {import('express').RequestHandler} */
const pass = (_req, _res, next) => next();
/** The gallery's calls carry no session: its guards let every call through. */
const OPEN_GUARDS = {
  status: pass,
  refund: pass,
  replacement: pass,
  upload: pass,
  deleteUpload: pass,
  submitClaim: pass,
  grant: () => '',
  throttle: async () => 0,
};

/**
 * The states of fixtures/gallery.json whose bookings the fixtures have, in page order.
 * @param {Record<string, BookingState>} bookings
 * @param {Record<string, LookupState>} lookups
 * @returns {GalleryState[]}
 */
function galleryStates(bookings, lookups) {
  /** @type {Array<{ name: string, states: Array<Omit<GalleryState, 'group'>> }>} */
  const groups = /** @type {any} */ (galleryData).groups;
  return groups.flatMap(({ name, states }) =>
    states
      .filter(
        ({ booking, replacementBooking: other }) =>
          (!booking || Object.hasOwn(bookings, booking)) && (!other || Object.hasOwn(lookups, other)),
      )
      .map((state) => ({ group: name, ...state })),
  );
}

/**
 * `/gallery` and the gallery's API at `/gallery-api/…`, its uploads and claims in `dataDir/gallery/`.
 * @param {{ bookings: Record<string, BookingState>, lookups: Record<string, LookupState>,
 *   stations: Record<string, string>, dataDir: string, logger?: import('./backend/types').Logger }} options
 * @returns {import('express').Router}
 */
function createGalleryRouter({ bookings, lookups, stations, dataDir, logger = console }) {
  const e = views.escapeHtml;
  const states = galleryStates(bookings, lookups);
  /** @param {GalleryState} state */
  const bookingOf = (state) => (state.booking === undefined ? undefined : bookings[state.booking]);
  /** @param {GalleryState} state @returns {string} the journey of its booking's refund status, or '' */
  const journeyOf = (state) => {
    const booking = bookingOf(state);
    return String((booking && refundStatusOf(booking)?.journeyID) ?? '');
  };

  /**
   * A state's `<section>`: heading, facts, and a mount point with its host contract attributes,
   * the `data-gallery-*` ones public/gallery.js reads, and its own Details block.
   * @param {GalleryState} state
   * @param {number} index
   */
  const section = (state, index) => {
    const booking = bookingOf(state);
    const replacement = state.replacementBooking === undefined ? undefined : lookups[state.replacementBooking];
    const search = new URLSearchParams(booking && { BookingReference: booking.bookingReference, Email: booking.email });
    for (const [name, value] of Object.entries(state.query ?? {})) search.append(name, value);
    const statusQuery = `bookingReference=${encodeURIComponent(booking?.bookingReference ?? '')}&gallery=1`;
    const refund = state.widget === 'refund';
    const attributes = {
      'gallery-widget': state.widget,
      'gallery-search': search.toString(),
      'gallery-drive': state.drive ?? '',
      'gallery-modal': state.modal && 'true',
      'gallery-lookup-reference': replacement?.bookingReference,
      'gallery-lookup-email': replacement?.email,
      'details-id': booking && (state.detailsMissing ? MISSING_DETAILS_ID : `gallery-details-${state.slug}`),
      'refund-status-url':
        (refund || (state.widget === 'disruption' && !state.view)) && `${GALLERY_API}/Refund/Status?${statusQuery}`,
      'dry-run-url': refund && state.view !== 'unavailable' && `${GALLERY_API}/Refund/DryRun?${statusQuery}`,
      'appeals-email': refund && views.APPEALS_EMAIL,
      'journey-id': state.widget === 'manualClaim' && journeyOf(state),
      'support-email': state.widget !== 'journeySummary' && views.SUPPORT_EMAIL,
      view: state.view,
      'delay-repay-url': state.delayRepayLink && views.DELAY_REPAY_URL,
    };
    const data = Object.entries(attributes)
      .map(([name, value]) => (typeof value === 'string' ? ` data-${name}="${e(value)}"` : ''))
      .join('');
    const details =
      booking && !state.detailsMissing
        ? `\n<script type="application/json" id="gallery-details-${e(state.slug)}">${views.jsonForScript(booking.details)}</script>`
        : '';
    const meta = [
      e(state.widget),
      booking && `${e(state.booking)} · <code>${e(booking.bookingReference)}</code>`,
      replacement && `replacement ${e(state.replacementBooking)} · <code>${e(replacement.bookingReference)}</code>`,
      state.drive && `driven: <code>${e(state.drive)}</code>`,
      state.uploadFault && `uploads refused: <code>${e(state.uploadFault)}</code>`,
    ];
    const id = `state-${e(state.slug)}`;
    return `<section class="gallery-state${state.modal ? ' gallery-state--modal' : ''}" id="${id}" aria-labelledby="${id}-heading" data-gallery-state="pending">
<h3 class="gallery-state__heading" id="${id}-heading"><span class="gallery-state__number">${index + 1}.</span> ${e(state.title)}</h3>
<p class="gallery-state__meta">${meta.filter(Boolean).join(' · ')}</p>
<div class="gallery-state__mount" id="gallery-${e(state.slug)}"${data}></div>${details}
</section>`;
  };

  /** @type {Map<string, string[]>} each group's sections */
  const groups = new Map();
  states.forEach((state, index) =>
    groups.set(state.group, [...(groups.get(state.group) ?? []), section(state, index)]),
  );
  /** @param {string} name */
  const anchor = (name) => `group-${e(name.toLowerCase().replace(/[^a-z0-9]+/g, '-'))}`;
  const toc = [...groups].map(
    ([name, sections]) => `<li><a href="#${anchor(name)}">${e(name)}</a> (${sections.length})</li>`,
  );
  const body = [...groups].map(
    ([name, sections]) => `<h2 id="${anchor(name)}">${e(name)}</h2>\n${sections.join('\n')}`,
  );
  const page = views.layout({
    title: `States gallery - Example Rail`,
    head: `<meta name="max-admin-fee" content="5">\n<link rel="stylesheet" href="/gallery.css">\n`,
    main: `<h1>States gallery</h1>
<p class="gallery-count" id="gallery-count" data-count="${states.length}">${states.length} states</p>
<p>Every widget in every named state of <code>fixtures/gallery.json</code>, each in its own mount point under the
host contract, answered by the reference backend at <code>${GALLERY_API}</code>, which keeps nothing. Modals open
last, stacked in page order: close each with its own button to see the next. <code>self-refunds-disabled</code>
redirects to <a href="/SelfRefundsUnavailable">/SelfRefundsUnavailable</a>, so it is not shown.</p>
<p class="gallery-status" id="gallery-status" role="status">Loading the states…</p>
<nav aria-label="Gallery groups"><ul>
${toc.join('\n')}
</ul></nav>
${body.join('\n')}`,
    data: `<script type="application/json" id="station-names">${views.jsonForScript(stations)}</script>
<script src="${views.SHIM_URL}" data-auto-mount="false" defer></script>
<script src="/gallery.js" defer></script>
`,
    shim: false,
  });

  const galleryDir = path.join(dataDir, 'gallery');
  const backend = createBackend({ bookings, lookups, dataDir: galleryDir, logger, keep: false });
  const uploadFaults = Object.fromEntries(
    states.flatMap((s) => (s.uploadFault ? [[journeyOf(s), s.uploadFault]] : [])),
  );
  const claims = createClaimsRouter({ dataDir: galleryDir, bookings, logger, guards: OPEN_GUARDS, uploadFaults });
  const router = express.Router();
  router.get('/gallery', (_req, res) => {
    // Each showing starts from the fixtures: no upload, claim or report of an earlier one.
    backend.reset();
    claims.store.reset();
    res.status(200).set('Cache-Control', 'no-store').type('html').send(page);
  });
  const api = express.Router();
  // Its error states report on purpose: kept for its own /error-reports, not logged.
  api.use(createBackendRouter(backend, { logger, guards: OPEN_GUARDS, logReports: false }));
  api.use(claims);
  api.get('/error-reports', (_req, res) =>
    send(res.set('Cache-Control', 'no-store'), { status: 200, json: backend.errorReports }),
  );
  api.use((_req, res) => send(res, { status: 404, json: { message: 'Not found.' } }));
  router.use(GALLERY_API, api);
  return router;
}

module.exports = { createGalleryRouter, galleryStates, GALLERY_API, MISSING_DETAILS_ID };
