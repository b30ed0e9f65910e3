// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Server-rendered pages of the emulated legacy site, written the way an ASP.NET view would embed
 * the widgets (docs/host-contract.md "The host contract"): mount divs with data attributes, Details and
 * station names as JSON blocks, one classic script tag. Every interpolated value is HTML-escaped;
 * JSON blocks escape `<`, `>`, `&`, U+2028 and U+2029 so no string can close the script element.
 * No inline scripts or styles: the pages work under the strict CSP of app.js.
 */
'use strict';

const { refundStatusOf } = require('./backend/fixtures');
const { mountContent } = require('../build/mount-content');

/** @typedef {import('./backend/types').BookingState} BookingState */
/** @typedef {import('./backend/types').PageOptions} PageOptions */

const SITE_NAME = 'Example Rail';
const SHIM_URL = '/static/refund-widgets/host-shim.js';
const APPEALS_EMAIL = 'appeals@example.co.uk';
const SUPPORT_EMAIL = 'support@example.co.uk';
/** The mounts' `data-delay-repay-url` (docs/host-contract.md): National Rail's Delay Repay page. */
const DELAY_REPAY_URL =
  'https://www.nationalrail.co.uk/help-and-assistance/compensation-and-refunds/delay-repay-compensation/';
const MAX_ADMIN_FEE_POUNDS = '5';

/** @type {Record<string, string>} */
const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes a value for HTML text or a double- or single-quoted attribute.
 *
 * @param {unknown} value any value; null/undefined become ''
 * @returns {string}
 */
function escapeHtml(value) {
  return String(value ?? '').replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/**
 * Serialises a value as JSON safe inside `<script type="application/json">`: `<`, `>`, `&`,
 * U+2028 and U+2029 become `\uXXXX` escapes, so the text cannot end the element or start a comment.
 *
 * @param {unknown} value
 * @returns {string}
 */
function jsonForScript(value) {
  return JSON.stringify(value ?? null).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * `/Route?BookingReference=…&Email=…` with both values URI-encoded.
 *
 * @param {string} route
 * @param {{ bookingReference: string, email: string }} state
 * @returns {string}
 */
function bookingUrl(route, state) {
  return `${route}?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;
}

/**
 * A JSON data block.
 *
 * @param {string} id the element id
 * @param {unknown} value
 * @returns {string} HTML
 */
function jsonBlock(id, value) {
  return `<script type="application/json" id="${escapeHtml(id)}">${jsonForScript(value)}</script>`;
}

/**
 * The whole page: head with title and site stylesheet, the site header, main content, footer,
 * then the JSON blocks and the shim. Like a legacy site's shared layout, every content page
 * includes the shim (it downloads no widget when a page has no mount point); error pages do not.
 * With `csrfToken` the head carries `<meta name="request-verification-token">`, which the
 * widgets send back as the `RequestVerificationToken` header (docs/security.md).
 *
 * @param {{ title: string, main: string, head?: string, data?: string, shim?: boolean, csrfToken?: string }} options
 * @returns {string} HTML
 */
function layout({ title, main, head = '', data = '', shim = true, csrfToken = '' }) {
  const token = csrfToken ? `<meta name="request-verification-token" content="${escapeHtml(csrfToken)}">\n` : '';
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/site.css">
${token}${head}</head>
<body>
<header class="site-header">
<a class="site-header__brand" href="/">${escapeHtml(SITE_NAME)}</a>
<nav class="site-header__nav" aria-label="Site"><a href="/">Refunds</a> <a href="/SelfRefundsUnavailable">Help</a></nav>
</header>
<main class="site-main" id="main-content">
${main}
</main>
<footer class="site-footer">
<p>Dev host: a stand-in for the real legacy site and backend, for development and tests only.</p>
</footer>
${data}${shim ? `<script src="${SHIM_URL}" defer></script>\n` : ''}</body>
</html>
`;
}

/**
 * The Details and station-name blocks every widget page embeds.
 *
 * @param {BookingState} state
 * @param {Record<string, string>} stations
 * @returns {string} HTML
 */
function pageData(state, stations) {
  return `${jsonBlock('refund-details', state.details)}\n${jsonBlock('station-names', stations)}\n`;
}

/**
 * The URLs of a booking's first GETs, by the mount attribute that carries them (the refund and
 * disruption widgets; docs/host-contract.md "The widgets").
 *
 * @param {{ bookingReference: string }} state
 * @returns {{ 'data-refund-status-url': string, 'data-dry-run-url': string }}
 */
function firstGetUrls(state) {
  const ref = encodeURIComponent(state.bookingReference);
  return {
    'data-refund-status-url': `/Refund/Status?bookingReference=${ref}`,
    'data-dry-run-url': `/Refund/DryRun?bookingReference=${ref}`,
  };
}

/**
 * A mount's server-rendered content (docs/host-contract.md "Content before the widget"), between
 * newlines; with `supportEmail` the dev host's support address.
 *
 * @param {string} widget the widget's name
 * @param {{ supportEmail?: string }} [values]
 * @returns {string}
 */
const content = (widget, { supportEmail = SUPPORT_EMAIL } = {}) => `\n${mountContent(widget, { supportEmail })}\n`;

/**
 * The refund widget's mount element, exactly as docs/host-contract.md shows it.
 *
 * @param {BookingState} state a fixture state
 * @param {{ view?: string }} [options] `view: 'unavailable'` adds `data-view="unavailable"`
 * @returns {string}
 */
function refundMount(state, { view } = {}) {
  const urls = firstGetUrls(state);
  const attributes = [
    `data-refund-status-url="${escapeHtml(urls['data-refund-status-url'])}"`,
    `data-dry-run-url="${escapeHtml(urls['data-dry-run-url'])}"`,
    `data-appeals-email="${escapeHtml(APPEALS_EMAIL)}"`,
    `data-support-email="${escapeHtml(SUPPORT_EMAIL)}"`,
  ];
  if (view) attributes.push(`data-view="${escapeHtml(view)}"`);
  return `<div id="refund-widget" ${attributes.join(' ')}>${content('refund')}</div>`;
}

/**
 * The `max-admin-fee` meta of a booking's page: the fixture state's `maxAdminFeePounds` where it
 * has one (fixtures/README.md), else the dev host's default of 5 pounds.
 *
 * @param {{ maxAdminFeePounds?: number }} state
 * @returns {string} HTML
 */
const maxAdminFeeMeta = (state) =>
  `<meta name="max-admin-fee" content="${escapeHtml(String(state.maxAdminFeePounds ?? MAX_ADMIN_FEE_POUNDS))}">\n`;

/**
 * A line naming the booking, as the legacy views show above a widget.
 *
 * @param {{ bookingReference: string }} state
 * @returns {string} HTML
 */
function bookingLine(state) {
  return `<p class="site-booking">Booking reference <strong>${escapeHtml(state.bookingReference)}</strong></p>`;
}

/**
 * What the journey picker shows for each named state of fixtures/lookups.json (as
 * docs/demo-bookings.md "Replacement bookings" lists them); another state shows its `label`.
 */
/** @type {Record<string, string>} */
const PICKER_SHOWS = {
  candidates: '"Confirm replacement" with two journeys (a direct single; a return with a change and a bus leg)',
  rejected: '"Unable to use this journey: the replacement was booked after your original departure time"',
  'no-eligible': '"No matching eligible journeys. Journeys must have been purchased prior to …"',
  'lookup-error': '"Lookup failed" with the server\'s text (HTTP 503)',
};

/**
 * A table cell carrying its column's heading in `data-label`, which narrow screens show before the
 * value when each row becomes a card (site.css, docs/demo-bookings.md).
 *
 * @param {string} label
 * @param {string} html
 * @returns {string} HTML
 */
const cell = (label, html) => `<td data-label="${escapeHtml(label)}">${html}</td>`;

/**
 * `/`: the start page: the lookup widget (`lookup-widget`, default actions) beside the demo
 * bookings, then the replacement bookings to type into "Provide replacement journey".
 *
 * @param {{ bookings: Record<string, BookingState>, lookups?: Record<string, import('./backend/types').LookupState>, csrfToken?: string, gallery?: boolean }} options
 *   fixture states keyed by name; the replacement lookups keyed by name (fixtures/lookups.json);
 *   the page token; whether to link the states gallery (it exists only with the dev tools on)
 * @returns {string} HTML
 */
function startPage({ bookings, lookups = {}, csrfToken, gallery = false }) {
  const rows = Object.entries(bookings)
    .map(
      ([name, state]) => `<tr>
${cell('Booking', `${escapeHtml(state.label ?? name)}<br><span class="site-muted">${escapeHtml(name)}</span>`)}
${cell('Reference', `<code>${escapeHtml(state.bookingReference)}</code>`)}
${cell('Email', escapeHtml(state.email))}
${cell('Expected', escapeHtml(state.expect?.panel ?? ''))}
${cell(
  'Pages',
  `<a href="${escapeHtml(bookingUrl('/ConfirmRefund', state))}">Refund page</a><br>
<a class="site-small" href="${escapeHtml(bookingUrl('/JourneySummary', state))}">Journey</a>
<a class="site-small" href="${escapeHtml(bookingUrl('/RefundUnavailable', state))}">Unavailable page</a>
<a class="site-small" href="${escapeHtml(bookingUrl('/Demo/TwoWidgets', state))}">Two widgets</a>
<a class="site-small" href="${escapeHtml(bookingUrl('/Home/Disruption', state))}">Disruption</a>`,
)}
</tr>`,
    )
    .join('\n');
  const lookupRows = Object.entries(lookups)
    .map(
      ([name, lookup]) => `<tr>
${cell('Replacement booking', `<span class="site-muted">${escapeHtml(name)}</span>`)}
${cell('Reference', `<code>${escapeHtml(lookup.bookingReference)}</code>`)}
${cell('Email', escapeHtml(lookup.email))}
${cell('What the picker shows', escapeHtml(PICKER_SHOWS[name] ?? lookup.label ?? ''))}
</tr>`,
    )
    .join('\n');
  return layout({
    csrfToken,
    title: `Rail refunds - ${SITE_NAME}`,
    main: `<h1>Rail refunds</h1>
<p>Get a refund for tickets you no longer need. You will need your booking reference and the email
address you booked with.</p>
<div class="site-columns">
<section class="site-columns__main" aria-label="Find your booking">
<div id="lookup-widget" data-support-email="${escapeHtml(SUPPORT_EMAIL)}" data-delay-repay-url="${escapeHtml(DELAY_REPAY_URL)}">${content('lookup')}</div>
</section>
<section class="site-columns__side" aria-labelledby="demo-bookings">
<h2 id="demo-bookings">Demo bookings</h2>
<p class="site-note">These bookings come from the fixtures of this dev host. Each reaches one panel, page or error.
Type one into the form, or follow its links.</p>
</section>
</div>
<div class="site-table-scroll" role="region" aria-label="Demo bookings table" tabindex="0">
<table class="site-table site-table--cards">
<thead><tr><th scope="col">Booking</th><th scope="col">Reference</th><th scope="col">Email</th><th scope="col">Expected</th><th scope="col">Pages</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>
<h2 id="replacement-bookings">Replacement bookings (type these into Provide replacement journey)</h2>
<p>These are not refund-page bookings: on <code>replacement</code> or <code>defer-only</code>, open "Provide
replacement journey" and enter one of them.</p>
<div class="site-table-scroll" role="region" aria-label="Replacement bookings table" tabindex="0">
<table class="site-table site-table--cards">
<thead><tr><th scope="col">Replacement booking</th><th scope="col">Reference</th><th scope="col">Email</th><th scope="col">What the picker shows</th></tr></thead>
<tbody>
${lookupRows}
</tbody>
</table>
</div>
<h2>Other pages</h2>
<ul>
<li><a href="/SelfRefundsUnavailable">Self-service refunds unavailable</a></li>${
      gallery ? '\n<li><a href="/gallery">States gallery</a>: every widget in every named state on one page</li>' : ''
    }
</ul>`,
  });
}

/**
 * `/ConfirmRefund`: the refund page (or, with `view: 'unavailable'`, `/RefundUnavailable`).
 *
 * @param {PageOptions} options
 * @returns {string} HTML
 */
function refundPage({ state, stations, view, csrfToken }) {
  return ticketRefundsPage(
    { state, stations, csrfToken },
    `${refundMount(state, { view })}
<aside class="site-aside"><p>Advance tickets have their own refund rules.
<a href="#advance-info" data-launch="advance-info">About Advance tickets</a></p></aside>`,
  );
}

/**
 * A "Ticket refunds" page of a booking: its heading, booking line, the booking's
 * `max-admin-fee` and page data, around `body`.
 *
 * @param {PageOptions} options (csrfToken: see layout)
 * @param {string} body HTML after the booking line
 * @returns {string} HTML
 */
function ticketRefundsPage({ state, stations, csrfToken }, body) {
  return layout({
    csrfToken,
    title: `Ticket refunds - ${SITE_NAME}`,
    head: maxAdminFeeMeta(state),
    main: `<h1>Ticket refunds</h1>
${bookingLine(state)}
${body}`,
    data: pageData(state, stations),
  });
}

/**
 * `/JourneySummary`: only the journey summary widget.
 *
 * @param {PageOptions} options (csrfToken: see layout)
 * @returns {string} HTML
 */
function journeySummaryPage({ state, stations, csrfToken }) {
  return layout({
    csrfToken,
    title: `Your journey - ${SITE_NAME}`,
    main: `<h1>Your journey</h1>
${bookingLine(state)}
<div id="journey-summary-widget">${content('journeySummary', { supportEmail: '' })}</div>`,
    data: pageData(state, stations),
  });
}

/**
 * `/Demo/TwoWidgets`: the refund widget and the journey summary widget on one page.
 *
 * @param {PageOptions} options (csrfToken: see layout)
 * @returns {string} HTML
 */
function twoWidgetsPage({ state, stations, csrfToken }) {
  return ticketRefundsPage(
    { state, stations, csrfToken },
    `<div class="site-columns">
<section class="site-columns__main" aria-label="Refund">
${refundMount(state)}
</section>
<section class="site-columns__side" aria-label="Journey">
<div id="journey-summary-widget">${content('journeySummary', { supportEmail: '' })}</div>
</section>
</div>`,
  );
}

/**
 * `/ManualRefund`: the manual claim page (host contract: the `manual-claim-widget` mount with
 * `data-journey-id`, the refund status's journeyID, sent as the uploads' Journey-Id header, and
 * `data-support-email`; the widget reads `BookingReference`, `Email`, `Disruption` and `covid19`
 * from the query string itself).
 *
 * @param {PageOptions} options (csrfToken: see layout)
 * @returns {string} HTML
 */
function manualRefundPage({ state, stations, csrfToken }) {
  const journeyId = refundStatusOf(state)?.journeyID ?? '';
  return layout({
    csrfToken,
    title: `Manual refund - ${SITE_NAME}`,
    main: `<h1>Manual refund</h1>
${bookingLine(state)}
<div id="manual-claim-widget" data-journey-id="${escapeHtml(journeyId)}" data-support-email="${escapeHtml(SUPPORT_EMAIL)}">${content('manualClaim')}</div>`,
    data: pageData(state, stations),
  });
}

/**
 * `/Home/Disruption`: the disruption funnel (host contract: the `disruption-widget` mount with
 * `data-refund-status-url` and `data-support-email`, Details and station names; the widget reads
 * `BookingReference`, `Email` and the flags from the query string itself).
 *
 * @param {PageOptions} options (csrfToken: see layout)
 * @returns {string} HTML
 */
function disruptionPage({ state, stations, csrfToken }) {
  return layout({
    csrfToken,
    title: `Disruption - ${SITE_NAME}`,
    main: `<h1>Was your journey disrupted?</h1>
${bookingLine(state)}
<div id="disruption-widget" data-refund-status-url="${escapeHtml(firstGetUrls(state)['data-refund-status-url'])}" data-support-email="${escapeHtml(SUPPORT_EMAIL)}" data-delay-repay-url="${escapeHtml(DELAY_REPAY_URL)}">${content('disruption')}</div>`,
    data: pageData(state, stations),
  });
}

/**
 * `/Home/Disruption/Finished`: the disruption widget's outcome page (`data-view="finished"`): the
 * Delay Repay advice or the contact-customer-services instructions for the answer in the query's
 * `Reason` (else the one saved in the browser for the journey).
 *
 * @param {PageOptions} options (csrfToken: see layout)
 * @returns {string} HTML
 */
function disruptionFinishedPage({ state, stations, csrfToken }) {
  return layout({
    csrfToken,
    title: `Disruption - ${SITE_NAME}`,
    main: `<h1>Disruption</h1>
${bookingLine(state)}
<div id="disruption-widget" data-view="finished" data-support-email="${escapeHtml(SUPPORT_EMAIL)}" data-delay-repay-url="${escapeHtml(DELAY_REPAY_URL)}">${content('disruption')}</div>`,
    data: pageData(state, stations),
  });
}

/**
 * `/SelfRefundsUnavailable`: a static host page (no widget).
 * @param {{ csrfToken?: string }} [options]
 * @returns {string} HTML
 */
function selfRefundsUnavailablePage({ csrfToken } = {}) {
  return layout({
    csrfToken,
    title: `Self-service refunds unavailable - ${SITE_NAME}`,
    main: `<h1>Self-service refunds are currently unavailable</h1>
<p>We cannot process refunds online at the moment. Your tickets are still valid and your booking has not changed.</p>
<p>To ask for a refund, email <a href="mailto:${escapeHtml(SUPPORT_EMAIL)}">${escapeHtml(SUPPORT_EMAIL)}</a>
with your booking reference, or try again later.</p>
<p><a href="/">Back to the start</a></p>`,
  });
}

/**
 * The 404 page for a booking that is not found.
 * @returns {string} HTML
 */
function bookingNotFoundPage() {
  return layout({
    title: `Booking not found - ${SITE_NAME}`,
    main: `<h1>Booking not found</h1>
<p>We could not find a booking with that reference and email address.</p>
<p><a href="/">Try again</a></p>`,
    shim: false,
  });
}

/**
 * A generic error page (404 for unknown routes, 500 for failures).
 *
 * @param {{ heading: string, message: string }} options
 * @returns {string} HTML
 */
function errorPage({ heading, message }) {
  return layout({
    title: `${heading} - ${SITE_NAME}`,
    main: `<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/">Back to the start</a></p>`,
    shim: false,
  });
}

module.exports = {
  layout,
  escapeHtml,
  jsonForScript,
  refundMount,
  firstGetUrls,
  startPage,
  refundPage,
  journeySummaryPage,
  twoWidgetsPage,
  manualRefundPage,
  disruptionPage,
  disruptionFinishedPage,
  selfRefundsUnavailablePage,
  bookingNotFoundPage,
  errorPage,
  SHIM_URL,
  APPEALS_EMAIL,
  SUPPORT_EMAIL,
  DELAY_REPAY_URL,
};
