// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The states gallery (docs/gallery.md): `GET /gallery` renders every state listed in
 * fixtures/gallery.json on one host-contract page, each in its own `<section>` with a heading, a
 * mount `<div>` carrying the widget's data attributes and `data-details-id` naming its own Details
 * JSON block. The page's shim tag says `data-auto-mount="false"`; the static, CSP-clean
 * `/gallery.js` (public/gallery.js) mounts each state with
 * `window.RefundWidgets.mount(name, element, { search, apiBase: '/gallery-api' })` and drives the
 * real UI to the states that need an action (open a modal, finish a refund, submit a claim). The
 * API base goes to `mount` from the page's own script, not on the tag: a tag's `data-api-base`
 * must be a base built into the shim (docs/security.md "Bases fixed at build time"), and no build
 * lists the gallery's.
 *
 * The gallery holds no product text: a state names its widget, booking and drive, and what it
 * shows is checked by the tests from the widgets' own texts (test/galleryTexts.js).
 *
 * Every call of the gallery goes to `/gallery-api/…`, answered by the reference backend's own
 * routes (backend/routes.js, claims.js) over a backend of its own that keeps nothing its
 * committing calls change (`keep: false`): every booking keeps its fixture answers whatever the
 * gallery accepted, and the dev host's demo bookings are never touched. Its uploads and claims live
 * in `DATA_DIR/gallery/`, forgotten each time the page is loaded; the refused photo is the
 * backend's fault hook (claims.js `uploadFaults`).
 */
'use strict';

const path = require('path');
const express = require('express');
const { createBackend, createBackendRouter } = require('./backend');
const { send } = require('./backend/answers');
const { refundStatusOf } = require('./backend/fixtures');
const { createClaimsRouter } = require('./claims');
const views = require('./views');
const galleryData = require('../fixtures/gallery.json');

/** Prefix of the gallery's API namespace (the `apiBase` public/gallery.js passes to `mount`). */
const GALLERY_API = '/gallery-api';
/** The Details block the state without one names: no block of the page has this id. */
const MISSING_DETAILS_ID = 'gallery-details-not-on-this-page';

/** @typedef {import('./backend/types').BookingState} BookingState */
/** @typedef {import('./backend/types').LookupState} LookupState */
/**
 * One state of fixtures/gallery.json (docs/gallery.md "The states, as data"), with its group.
 *
 * @typedef {object} GalleryState
 * @property {string} group the heading (h2) it is listed under
 * @property {string} slug unique; the section's id is `state-<slug>`
 * @property {string} title its heading
 * @property {string} widget the remote's name
 * @property {string} [booking] a state of fixtures/bookings.json: its Details block, and its
 *   reference and e-mail in the query
 * @property {Record<string, string>} [query] more query parameters
 * @property {string} [view] the mount's `data-view`
 * @property {boolean} [detailsMissing] the mount names a Details block the page does not have
 * @property {boolean} [delayRepayLink] the mount has the dev host's `data-delay-repay-url`
 * @property {string} [replacementBooking] a state of fixtures/lookups.json the drive types into
 *   the replacement form
 * @property {string} [drive] what public/gallery.js does once the widget is mounted
 * @property {boolean} [modal] the state is a modal dialog, opened last
 * @property {'duplicate'} [uploadFault] the gallery's backend refuses every photo uploaded to the
 *   booking's journey so (claims.js `uploadFaults`)
 * @property {Array<string | { text: string, args: string[] }>} shows what the state shows, for
 *   the tests (test/galleryTexts.js)
 */

/** @type {import('express').RequestHandler} */
const letThrough = (_req, _res, next) => next();
/**
 * The session guards of the gallery's routes (auth.js has the demo's): every call goes through,
 * since the gallery's calls carry no session; the gallery exists only with the dev tools on.
 */
const OPEN_GUARDS = {
  status: letThrough,
  refund: letThrough,
  replacement: letThrough,
  upload: letThrough,
  deleteUpload: letThrough,
  submitClaim: letThrough,
  grant: () => '',
  throttle: async () => 0,
};

/**
 * The gallery's states, in page order: those of `data` whose booking and replacement booking the
 * fixtures have (a dev host started over other fixtures, as tests do, shows only those).
 *
 * @param {Record<string, BookingState>} bookings fixtures/bookings.json
 * @param {Record<string, LookupState>} lookups fixtures/lookups.json
 * @param {{ groups: Array<{ name: string, states: Array<Omit<GalleryState, 'group'>> }> }} [data]
 *   default fixtures/gallery.json
 * @returns {GalleryState[]}
 */
function galleryStates(bookings, lookups, data = /** @type {any} */ (galleryData)) {
  return data.groups.flatMap(({ name, states }) =>
    states
      .filter(
        (state) =>
          (state.booking === undefined || Object.hasOwn(bookings, state.booking)) &&
          (state.replacementBooking === undefined || Object.hasOwn(lookups, state.replacementBooking)),
      )
      .map((state) => ({ group: name, ...state })),
  );
}

/**
 * The query a state's widget reads: its booking's reference and e-mail, then its own parameters.
 *
 * @param {GalleryState} state
 * @param {Record<string, BookingState>} bookings
 * @returns {string}
 */
function searchOf(state, bookings) {
  const booking = state.booking === undefined ? undefined : bookings[state.booking];
  const query = new URLSearchParams(
    booking ? { BookingReference: booking.bookingReference, Email: booking.email } : undefined,
  );
  for (const [name, value] of Object.entries(state.query ?? {})) query.append(name, value);
  return query.toString();
}

/**
 * The journey a manual claim state uploads to: its booking's refund status journey.
 *
 * @param {BookingState | undefined} booking
 * @returns {string}
 */
function journeyOf(booking) {
  const journeyId = booking ? refundStatusOf(booking)?.journeyID : undefined;
  return journeyId === undefined ? '' : String(journeyId);
}

/**
 * The gallery backend's planned upload refusals (claims.js `uploadFaults`), by journey: those of
 * the states with an `uploadFault`.
 *
 * @param {GalleryState[]} states
 * @param {Record<string, BookingState>} bookings
 * @returns {Record<string, 'duplicate'>}
 */
function uploadFaultsOf(states, bookings) {
  /** @type {Record<string, 'duplicate'>} */
  const faults = {};
  for (const { uploadFault, booking } of states) {
    if (uploadFault !== undefined && booking !== undefined) faults[journeyOf(bookings[booking])] = uploadFault;
  }
  return faults;
}

/**
 * The data attributes of a state's mount element (host contract, docs/host-contract.md "The widgets").
 *
 * @param {GalleryState} state
 * @param {Record<string, BookingState>} bookings
 * @returns {Record<string, string>}
 */
function mountAttributes(state, bookings) {
  const booking = state.booking === undefined ? undefined : bookings[state.booking];
  const statusQuery = `bookingReference=${encodeURIComponent(booking?.bookingReference ?? '')}&gallery=1`;
  /** @type {Record<string, string>} */
  const attrs = {};
  if (booking) attrs['details-id'] = state.detailsMissing ? MISSING_DETAILS_ID : `gallery-details-${state.slug}`;
  if (state.widget === 'refund') {
    attrs['refund-status-url'] = `${GALLERY_API}/Refund/Status?${statusQuery}`;
    if (state.view !== 'unavailable') attrs['dry-run-url'] = `${GALLERY_API}/Refund/DryRun?${statusQuery}`;
    attrs['appeals-email'] = views.APPEALS_EMAIL;
  } else if (state.widget === 'disruption' && !state.view) {
    attrs['refund-status-url'] = `${GALLERY_API}/Refund/Status?${statusQuery}`;
  } else if (state.widget === 'manualClaim') {
    attrs['journey-id'] = journeyOf(booking);
  }
  if (state.widget !== 'journeySummary') attrs['support-email'] = views.SUPPORT_EMAIL;
  if (state.view) attrs.view = state.view;
  if (state.delayRepayLink) attrs['delay-repay-url'] = views.DELAY_REPAY_URL;
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
  const booking = state.booking === undefined ? undefined : bookings[state.booking];
  const replacement = state.replacementBooking === undefined ? undefined : lookups[state.replacementBooking];
  /** @type {Record<string, string>} */
  const gallery = {
    'gallery-widget': state.widget,
    'gallery-search': searchOf(state, bookings),
    'gallery-drive': state.drive ?? '',
  };
  if (state.modal) gallery['gallery-modal'] = 'true';
  if (replacement) {
    gallery['gallery-lookup-reference'] = replacement.bookingReference;
    gallery['gallery-lookup-email'] = replacement.email;
  }
  const attrs = Object.entries({ ...gallery, ...mountAttributes(state, bookings) })
    .map(([name, value]) => ` data-${name}="${e(value)}"`)
    .join('');
  const details =
    booking && !state.detailsMissing
      ? `\n<script type="application/json" id="gallery-details-${e(state.slug)}">${views.jsonForScript(booking.details)}</script>`
      : '';
  const meta = [
    e(state.widget),
    booking ? `${e(state.booking)} · <code>${e(booking.bookingReference)}</code>` : '',
    replacement ? `replacement ${e(state.replacementBooking)} · <code>${e(replacement.bookingReference)}</code>` : '',
    state.drive ? `driven: <code>${e(state.drive)}</code>` : '',
    state.uploadFault ? `uploads refused: <code>${e(state.uploadFault)}</code>` : '',
  ].filter(Boolean);
  return `<section class="gallery-state${state.modal ? ' gallery-state--modal' : ''}" id="state-${e(state.slug)}" aria-labelledby="state-${e(state.slug)}-heading" data-gallery-state="pending">
<h3 class="gallery-state__heading" id="state-${e(state.slug)}-heading"><span class="gallery-state__number">${index + 1}.</span> ${e(state.title)}</h3>
<p class="gallery-state__meta">${meta.join(' · ')}</p>
<div class="gallery-state__mount" id="gallery-${e(state.slug)}"${attrs}></div>${details}
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
<p>Every widget in every named state of the shared fixtures (<code>fixtures/gallery.json</code> lists the
states, over <code>fixtures/bookings.json</code> and <code>fixtures/lookups.json</code>), each in its own
mount point under the host contract. Calls go to the gallery's own namespace (<code>${GALLERY_API}</code>),
answered by the reference backend over the fixtures as they are: it accepts what the states commit
and keeps none of it, so the demo bookings are never changed. Modal states open on top of the page once
everything else has settled, in page order with the last one on top: close each with its own close or
cancel button to see the one beneath (Escape may close several at once: browsers group dialogs that
opened without a click). <code>self-refunds-disabled</code> redirects to
<a href="/SelfRefundsUnavailable">/SelfRefundsUnavailable</a>, so it is not mounted here.</p>
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
 * The gallery's routes: the page at `/gallery` and the gallery's API at `/gallery-api/…`, the
 * reference backend's routes over a backend of its own (module docstring).
 *
 * @param {object} options
 * @param {Record<string, BookingState>} options.bookings fixture states
 * @param {Record<string, LookupState>} options.lookups replacement bookings
 * @param {Record<string, string>} options.stations station names
 * @param {string} options.dataDir the dev host's data folder: the gallery's uploads and claims go
 *   to its `gallery/` folder
 * @param {import('./backend/types').Logger} [options.logger]
 * @returns {import('express').Router}
 */
function createGalleryRouter({ bookings, lookups, stations, dataDir, logger = console }) {
  const states = galleryStates(bookings, lookups);
  const galleryDir = path.join(dataDir, 'gallery');
  const backend = createBackend({ bookings, lookups, dataDir: galleryDir, logger, keep: false });
  const claims = createClaimsRouter({
    dataDir: galleryDir,
    bookings,
    logger,
    guards: OPEN_GUARDS,
    uploadFaults: uploadFaultsOf(states, bookings),
  });
  const router = express.Router();

  router.get('/gallery', (_req, res) => {
    // Each showing of the page starts from the fixtures: no upload or report of an earlier one.
    backend.reset();
    claims.store.reset();
    res
      .status(200)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(galleryPage({ states, bookings, lookups, stations }));
  });

  const api = express.Router();
  // Its error reports are those its error states make on purpose: kept for /error-reports, not logged.
  api.use(createBackendRouter(backend, { logger, guards: OPEN_GUARDS, logReports: false }));
  api.use(claims);
  // The gallery's error reports (e.g. its missing station map), apart from /__dev/error-reports.
  api.get('/error-reports', (_req, res) =>
    send(res.set('Cache-Control', 'no-store'), { status: 200, json: backend.errorReports }),
  );
  api.use((_req, res) => send(res, { status: 404, json: { message: 'Not found.' } }));
  router.use(GALLERY_API, api);
  return router;
}

module.exports = { createGalleryRouter, galleryStates, GALLERY_API, MISSING_DETAILS_ID };
