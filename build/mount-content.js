// @ts-check
/**
 * The server-rendered content of each mount point (docs/host-contract.md "Content before the
 * widget"): what the traveller reads when the widget never mounts. The lookup mount holds a plain
 * GET form; every other mount holds the preamble, then a failure text that the host stylesheet
 * (host-shim/refund-widgets.css) shows after a delay, or at once without scripting.
 * The build writes it as `dist/preload/<widget>.mount.html` (placeholders `{data-…}`); the dev host
 * fills it in; the ASP.NET kit writes the same markup (RefundWidgetsHtml.MountContent).
 */
'use strict';

const fs = require('fs');
const path = require('path');

/** The texts, exact (the preamble is docs/product-rules.md's). */
const MOUNT_TEXTS = {
  preamble: 'Please wait while we load the data required to process your refund.',
  failed: 'Sorry, this part of the page could not be loaded. Please refresh the page or try again later.',
  noScript:
    'This part of the page needs JavaScript. Turn it on in your browser, or allow it for this site, then refresh the page.',
  contactBefore: 'If it still does not load, email',
  contactAfter: 'with your booking reference.',
  contactNoEmail: 'If it still does not load, contact our customer services team with your booking reference.',
  lookupHeading: 'Find your booking',
  lookupIntro: 'Enter your booking reference and the email address you booked with to see what you can get back.',
  bookingReferenceLabel: 'Booking reference',
  emailLabel: 'Email address',
  submit: 'Continue',
};

/** The lookup widget's default `data-action` (docs/host-contract.md "`lookup` (mount id `lookup-widget`)"). */
const DEFAULT_LOOKUP_ACTION = '/ConfirmRefund';

/** @type {Record<string, string>} */
const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** @param {unknown} value @returns {string} the value escaped for HTML text or a quoted attribute */
const escapeHtml = (value) => String(value ?? '').replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

/**
 * The content of a widget's mount `<div>`.
 *
 * @param {string} widget the widget's name (host-shim/widgets.json), e.g. `refund`
 * @param {{ action?: string, supportEmail?: string }} [values] the mount's `data-action` (lookup)
 *   and `data-support-email`, raw; a `{data-…}` placeholder is kept as written
 * @returns {string} HTML, every value escaped
 */
function mountContent(widget, { action, supportEmail } = {}) {
  const t = MOUNT_TEXTS;
  if (widget === 'lookup') {
    return [
      `<form class="rw-before" method="get" action="${escapeHtml(action || DEFAULT_LOOKUP_ACTION)}">`,
      `<h2>${t.lookupHeading}</h2>`,
      `<p>${t.lookupIntro}</p>`,
      `<p><label for="rw-before-booking-reference">${t.bookingReferenceLabel}</label><br>`,
      '<input id="rw-before-booking-reference" name="BookingReference" type="text" required autocomplete="off" autocapitalize="characters" spellcheck="false"></p>',
      `<p><label for="rw-before-email">${t.emailLabel}</label><br>`,
      '<input id="rw-before-email" name="Email" type="email" required autocomplete="email" spellcheck="false"></p>',
      `<button type="submit">${t.submit}</button>`,
      '</form>',
    ].join('\n');
  }
  const email = (supportEmail ?? '').trim();
  const contact = email
    ? `${t.contactBefore} <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a> ${t.contactAfter}`
    : t.contactNoEmail;
  return [
    '<div class="rw-before">',
    `<p class="rw-before__wait">${t.preamble}</p>`,
    '<div class="rw-before__failed" hidden>',
    `<p>${t.failed}</p>`,
    `<p class="rw-before__noscript" hidden>${t.noScript}</p>`,
    `<p>${contact}</p>`,
    '</div>',
    '</div>',
  ].join('\n');
}

/**
 * The snippet `dist/preload/<widget>.mount.html`: a comment saying how to fill it, then the content
 * with `{data-action}` or `{data-support-email}` placeholders.
 *
 * @param {{ name: string, mountId: string }} widget an entry of host-shim/widgets.json
 * @returns {string} HTML ending with a newline
 */
function mountSnippetFor({ name, mountId }) {
  const attribute = name === 'lookup' ? 'data-action' : 'data-support-email';
  const without =
    name === 'lookup'
      ? `without one, write ${DEFAULT_LOOKUP_ACTION}`
      : `without one, the last <p> reads "${MOUNT_TEXTS.contactNoEmail}"`;
  return `<!-- The ${name} widget's mount content, inside <div id="${mountId}" …></div> (docs/host-contract.md "Content before the widget").
     Replace {${attribute}} with the mount element's value, HTML-escaped (${without}). The widget replaces it when it mounts. -->
${mountContent(name, { action: `{${attribute}}`, supportEmail: `{${attribute}}` })}
`;
}

/**
 * Writes `dist/preload/<widget>.mount.html` for each widget.
 *
 * @param {string} distDir the build output folder
 * @param {{ name: string, mountId: string }[]} widgets host-shim/widgets.json
 * @returns {string[]} the files written, relative to dist/
 */
function writeMountSnippets(distDir, widgets) {
  fs.mkdirSync(path.join(distDir, 'preload'), { recursive: true });
  return widgets.map((widget) => {
    const relative = `preload/${widget.name}.mount.html`;
    fs.writeFileSync(path.join(distDir, relative), mountSnippetFor(widget));
    return relative;
  });
}

module.exports = { mountContent, mountSnippetFor, writeMountSnippets, MOUNT_TEXTS };
