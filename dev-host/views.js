// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
// The legacy site's server-rendered pages, embedding the widgets as an ASP.NET view would
// (docs/host-contract.md "A complete example page"); every value is escaped, no inline script or style.
'use strict';

const { createHash } = require('crypto');
const fs = require('fs');
const path = require('path');
const { refundStatusOf } = require('./backend/fixtures');
const { mountContent } = require('../build/mount-content');

/** @typedef {import('./backend/types').BookingState} BookingState */
/** @typedef {import('./backend/types').PageOptions} PageOptions */

const SITE_NAME = 'Example Rail';
const SHIM_URL = '/static/refund-widgets/host-shim.js';
/** The site's stylesheet, versioned by its content so a browser keeps it (app.js serves it `immutable`). */
const SITE_CSS = `/site.css?v=${createHash('sha256')
  .update(fs.readFileSync(path.join(__dirname, 'public', 'site.css')))
  .digest('hex')
  .slice(0, 8)}`;
const APPEALS_EMAIL = 'appeals@example.co.uk';
const SUPPORT_EMAIL = 'support@example.co.uk';
const DELAY_REPAY_URL =
  'https://www.nationalrail.co.uk/help-and-assistance/compensation-and-refunds/delay-repay-compensation/';
const MAX_ADMIN_FEE_POUNDS = '5';

/** @type {Record<string, string>} */
const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes a value (null/undefined: '') for HTML text or a quoted attribute. @param {unknown} value */
const escapeHtml = (value) => String(value ?? '').replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

/**
 * JSON safe inside `<script type="application/json">`: `<`, `>`, `&`, U+2028 and U+2029 escaped.
 * @param {unknown} value @returns {string}
 */
const jsonForScript = (value) =>
  JSON.stringify(value ?? null).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** @param {string} route @param {{ bookingReference: string, email: string }} state */
const bookingUrl = (route, state) =>
  `${route}?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;

/** @param {string} id @param {unknown} value */
const jsonBlock = (id, value) =>
  `<script type="application/json" id="${escapeHtml(id)}">${jsonForScript(value)}</script>`;

/**
 * The site's layout around `main`; with `shim`, the shim's tag after the `data` blocks; with
 * `csrfToken`, the `request-verification-token` meta (docs/host-contract.md "Sessions and tokens").
 * @param {{ title: string, main: string, head?: string, data?: string, shim?: boolean, csrfToken?: string }} options
 */
function layout({ title, main, head = '', data = '', shim = true, csrfToken = '' }) {
  const token = csrfToken ? `<meta name="request-verification-token" content="${escapeHtml(csrfToken)}">\n` : '';
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${SITE_CSS}">
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
 * A mount element with its attributes and server-rendered content (docs/host-contract.md "Content before the widget").
 * @param {string} id @param {string} widget @param {Record<string, string>} [attributes] @param {string} [supportEmail]
 */
function mount(id, widget, attributes = {}, supportEmail = SUPPORT_EMAIL) {
  const written = Object.entries(attributes).map(([name, value]) => ` ${name}="${escapeHtml(value)}"`);
  return `<div id="${id}"${written.join('')}>\n${mountContent(widget, { supportEmail })}\n</div>`;
}

/**
 * The URLs of a booking's first GETs, by mount attribute (docs/host-contract.md "The widgets").
 * @param {{ bookingReference: string }} state
 */
function firstGetUrls(state) {
  const ref = encodeURIComponent(state.bookingReference);
  return {
    'data-refund-status-url': `/Refund/Status?bookingReference=${ref}`,
    'data-dry-run-url': `/Refund/DryRun?bookingReference=${ref}`,
  };
}

/** @param {BookingState} state @param {{ view?: string }} [options] */
const refundMount = (state, { view } = {}) =>
  mount('refund-widget', 'refund', {
    ...firstGetUrls(state),
    'data-appeals-email': APPEALS_EMAIL,
    'data-support-email': SUPPORT_EMAIL,
    ...(view ? { 'data-view': view } : {}),
  });
const journeySummaryMount = () => mount('journey-summary-widget', 'journeySummary', {}, '');
/** @param {Record<string, string>} attributes */
const disruptionMount = (attributes) =>
  mount('disruption-widget', 'disruption', {
    ...attributes,
    'data-support-email': SUPPORT_EMAIL,
    'data-delay-repay-url': DELAY_REPAY_URL,
  });

/**
 * A page of one booking: heading, booking line and `body`, with Details and station names.
 * @param {PageOptions} options @param {string} heading @param {string} body HTML
 * @param {{ title?: string, head?: string }} [extra] title (default the heading), head HTML @returns {string} HTML
 */
function bookingPage({ state, stations, csrfToken }, heading, body, { title = heading, head = '' } = {}) {
  return layout({
    csrfToken,
    title: `${title} - ${SITE_NAME}`,
    head,
    main: `<h1>${heading}</h1>
<p class="site-booking">Booking reference <strong>${escapeHtml(state.bookingReference)}</strong></p>
${body}`,
    data: `${jsonBlock('refund-details', state.details)}\n${jsonBlock('station-names', stations)}\n`,
  });
}

/** A "Ticket refunds" page, with the fixture's `maxAdminFeePounds` or 5. @param {PageOptions} options @param {string} body */
const ticketRefundsPage = (options, body) =>
  bookingPage(options, 'Ticket refunds', body, {
    head: `<meta name="max-admin-fee" content="${escapeHtml(String(options.state.maxAdminFeePounds ?? MAX_ADMIN_FEE_POUNDS))}">\n`,
  });

/** What the journey picker shows for each state of fixtures/lookups.json (docs/demo-bookings.md "Replacement bookings"). */
/** @type {Record<string, string>} */
const PICKER_SHOWS = {
  candidates: '"Confirm replacement" with two journeys (a direct single; a return with a change and a bus leg)',
  rejected: '"Unable to use this journey: the replacement was booked after your original departure time"',
  'no-eligible': '"No matching eligible journeys. Journeys must have been purchased prior to …"',
  'lookup-error': '"Lookup failed" with the server\'s text (HTTP 503)',
};

/** The pages of a demo booking after its refund page. */
const OTHER_PAGES = [
  ['/JourneySummary', 'Journey'],
  ['/RefundUnavailable', 'Unavailable page'],
  ['/Demo/TwoWidgets', 'Two widgets'],
  ['/Home/Disruption', 'Disruption'],
];

/**
 * A table whose cells carry their column's heading in `data-label` (narrow screens show rows as cards).
 * @param {string} label @param {string[]} headings @param {string[][]} rows cells' HTML
 */
function table(label, headings, rows) {
  return `<div class="site-table-scroll" role="region" aria-label="${label}" tabindex="0">
<table class="site-table site-table--cards">
<thead><tr>${headings.map((heading) => `<th scope="col">${heading}</th>`).join('')}</tr></thead>
<tbody>
${rows.map((cells) => `<tr>\n${cells.map((html, i) => `<td data-label="${escapeHtml(headings[i])}">${html}</td>\n`).join('')}</tr>`).join('\n')}
</tbody>
</table>
</div>`;
}

/**
 * `/`: the lookup widget beside the demo bookings, then the replacement bookings.
 * @param {{ bookings: Record<string, BookingState>, lookups?: Record<string, import('./backend/types').LookupState>, csrfToken?: string, gallery?: boolean }} options
 * `gallery`: link the states gallery (dev tools on) @returns {string} HTML
 */
function startPage({ bookings, lookups = {}, csrfToken, gallery = false }) {
  const bookingRows = Object.entries(bookings).map(([name, state]) => [
    `${escapeHtml(state.label ?? name)}<br><span class="site-muted">${escapeHtml(name)}</span>`,
    `<code>${escapeHtml(state.bookingReference)}</code>`,
    escapeHtml(state.email),
    escapeHtml(state.expect?.panel ?? ''),
    `<a href="${escapeHtml(bookingUrl('/ConfirmRefund', state))}">Refund page</a><br>\n${OTHER_PAGES.map(
      ([route, text]) => `<a class="site-small" href="${escapeHtml(bookingUrl(route, state))}">${text}</a>`,
    ).join('\n')}`,
  ]);
  const lookupRows = Object.entries(lookups).map(([name, lookup]) => [
    `<span class="site-muted">${escapeHtml(name)}</span>`,
    `<code>${escapeHtml(lookup.bookingReference)}</code>`,
    escapeHtml(lookup.email),
    escapeHtml(PICKER_SHOWS[name] ?? lookup.label ?? ''),
  ]);
  return layout({
    csrfToken,
    title: `Rail refunds - ${SITE_NAME}`,
    main: `<h1>Rail refunds</h1>
<p>Get a refund for tickets you no longer need. You will need your booking reference and the email
address you booked with.</p>
<div class="site-columns">
<section class="site-columns__main" aria-label="Find your booking">
${mount('lookup-widget', 'lookup', { 'data-support-email': SUPPORT_EMAIL, 'data-delay-repay-url': DELAY_REPAY_URL })}
</section>
<section class="site-columns__side" aria-labelledby="demo-bookings">
<h2 id="demo-bookings">Demo bookings</h2>
<p class="site-note">These bookings come from the fixtures of this dev host. Each reaches one panel, page or error.
Type one into the form, or follow its links.</p>
</section>
</div>
${table('Demo bookings table', ['Booking', 'Reference', 'Email', 'Expected', 'Pages'], bookingRows)}
<h2 id="replacement-bookings">Replacement bookings (type these into Provide replacement journey)</h2>
<p>These are not refund-page bookings: on <code>replacement</code> or <code>defer-only</code>, open "Provide
replacement journey" and enter one of them.</p>
${table('Replacement bookings table', ['Replacement booking', 'Reference', 'Email', 'What the picker shows'], lookupRows)}
<h2>Other pages</h2>
<ul>
<li><a href="/SelfRefundsUnavailable">Self-service refunds unavailable</a></li>${
      gallery ? '\n<li><a href="/gallery">States gallery</a>: every widget in every named state on one page</li>' : ''
    }
</ul>`,
  });
}

/** `/ConfirmRefund`, or `/RefundUnavailable` with `view: 'unavailable'`. @param {PageOptions} options */
const refundPage = (options) =>
  ticketRefundsPage(
    options,
    `${refundMount(options.state, { view: options.view })}
<aside class="site-aside"><p>Advance tickets have their own refund rules.
<a href="#advance-info" data-launch="advance-info">About Advance tickets</a></p></aside>`,
  );

/** `/JourneySummary`. @param {PageOptions} options */
const journeySummaryPage = (options) => bookingPage(options, 'Your journey', journeySummaryMount());

/** `/Demo/TwoWidgets`: the refund and journey summary widgets. @param {PageOptions} options */
const twoWidgetsPage = (options) =>
  ticketRefundsPage(
    options,
    `<div class="site-columns">
<section class="site-columns__main" aria-label="Refund">
${refundMount(options.state)}
</section>
<section class="site-columns__side" aria-label="Journey">
${journeySummaryMount()}
</section>
</div>`,
  );

/** `/ManualRefund` (docs/host-contract.md "The widgets"). @param {PageOptions} options */
const manualRefundPage = (options) =>
  bookingPage(
    options,
    'Manual refund',
    mount('manual-claim-widget', 'manualClaim', {
      'data-journey-id': String(refundStatusOf(options.state)?.journeyID ?? ''),
      'data-support-email': SUPPORT_EMAIL,
    }),
  );

/** `/Home/Disruption`. @param {PageOptions} options */
const disruptionPage = (options) =>
  bookingPage(
    options,
    'Was your journey disrupted?',
    disruptionMount({ 'data-refund-status-url': firstGetUrls(options.state)['data-refund-status-url'] }),
    { title: 'Disruption' },
  );

/** `/Home/Disruption/Finished`: the disruption widget's outcome page. @param {PageOptions} options */
const disruptionFinishedPage = (options) =>
  bookingPage(options, 'Disruption', disruptionMount({ 'data-view': 'finished' }));

/** `/SelfRefundsUnavailable`: a static page. @param {{ csrfToken?: string }} [options] */
const selfRefundsUnavailablePage = ({ csrfToken } = {}) =>
  layout({
    csrfToken,
    title: `Self-service refunds unavailable - ${SITE_NAME}`,
    main: `<h1>Self-service refunds are currently unavailable</h1>
<p>We cannot process refunds online at the moment. Your tickets are still valid and your booking has not changed.</p>
<p>To ask for a refund, email <a href="mailto:${escapeHtml(SUPPORT_EMAIL)}">${escapeHtml(SUPPORT_EMAIL)}</a>
with your booking reference, or try again later.</p>
<p><a href="/">Back to the start</a></p>`,
  });

/** An error page, without the shim. @param {{ heading: string, message: string, back?: string }} options */
const errorPage = ({ heading, message, back = 'Back to the start' }) =>
  layout({
    title: `${heading} - ${SITE_NAME}`,
    main: `<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/">${back}</a></p>`,
    shim: false,
  });

const bookingNotFoundPage = () =>
  errorPage({
    heading: 'Booking not found',
    message: 'We could not find a booking with that reference and email address.',
    back: 'Try again',
  });

module.exports = {
  layout,
  escapeHtml,
  jsonForScript,
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
  SITE_CSS,
  APPEALS_EMAIL,
  SUPPORT_EMAIL,
  DELAY_REPAY_URL,
};
