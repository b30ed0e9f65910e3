// @ts-check
/**
 * `npm run verify:api -- --base-url <url>`: replays the widgets' consumer contract
 * (contract/pacts/, written by contract/api.pact.test.ts) against a running API and reports each call
 * that does not answer as the widgets expect (docs/host-contract.md "The API calls").
 *
 * Options: `--base-url` (required), `--states <file.json>` (state name → `{ bookingReference, email }`;
 * default the demo bookings of fixtures/), `--page <path>` (open each booking's session by GETting
 * this page, `{bookingReference}` and `{email}` filled in, as a browser would; default
 * `POST /api/Session` of docs/host-contract.md "Sessions and tokens"), `--reset-url <url>` (POSTed
 * before each call, e.g. the reference backend's `/__dev/reset`), `--pact <file>`.
 */
'use strict';

const { randomBytes, randomUUID } = require('crypto');
const path = require('path');
const fs = require('fs');
const { Verifier } = require('@pact-foundation/pact');

const PACT = path.join(__dirname, 'pacts', 'refund-widgets-retailer-api.json');
/** A 1×1 GIF; its colour is made random so each photo a state uploads is a new one. */
const GIF = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
/** State-name suffixes: what a state does beyond opening its booking (docs/host-contract.md "The API calls"). */
const LOOKED_UP = ' looked up';
const UPLOADED = ' with a photo uploaded';

/** @param {string} state a provider state's name @returns {string} the booking it names */
const bookingOf = (state) => state.replace(LOOKED_UP, '').replace(UPLOADED, '');

/**
 * Reads `--name value` options.
 *
 * @param {string[]} argv
 * @returns {Record<string, string>}
 * @throws Error on an option without its value
 */
function parseOptions(argv) {
  /** @type {Record<string, string>} */
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(argv[i]);
    const value = match?.[2] ?? argv[(i += match?.[2] === undefined ? 1 : 0)];
    if (!match || value === undefined) throw new Error(`Unexpected argument ${argv[i] ?? argv[i - 1]}`);
    options[match[1]] = value;
  }
  return options;
}

/**
 * The demo bookings and replacement bookings as provider states: name → reference and e-mail.
 *
 * @returns {Record<string, { bookingReference: string, email: string }>}
 */
function demoStates() {
  const all = { ...require('../fixtures/bookings.json'), ...require('../fixtures/lookups.json') };
  return Object.fromEntries(
    Object.entries(all).map(([name, { bookingReference, email }]) => [name, { bookingReference, email }]),
  );
}

/**
 * One interaction's browser: its cookies, the page's token and the values the contract injects.
 *
 * @typedef {{ cookies: Map<string, string>, token: string, values: Record<string, string | number>, open: boolean }} Visit
 */

/** @returns {Visit} */
const newVisit = () => ({ cookies: new Map(), token: '', values: {}, open: false });

/**
 * Keeps the cookies an answer sets.
 *
 * @param {Visit} visit
 * @param {Response} answer
 */
function keepCookies(visit, answer) {
  for (const line of answer.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    if (at > 0) visit.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
}

/** @param {Visit} visit */
const cookieHeader = (visit) => [...visit.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * Sends one request as the page would, keeping the cookies it sets.
 *
 * @param {Visit} visit
 * @param {string} url
 * @param {RequestInit & { headers?: Record<string, string> }} [init]
 * @returns {Promise<Response>}
 * @throws Error when the answer is not 2xx (naming the state step)
 */
async function call(visit, url, init = {}) {
  const post = init.method === 'POST';
  const headers = {
    ...(visit.cookies.size ? { Cookie: cookieHeader(visit) } : {}),
    ...(post ? { 'X-Requested-With': 'XMLHttpRequest', RequestVerificationToken: visit.token } : {}),
    ...init.headers,
  };
  const answer = await fetch(url, { ...init, headers, redirect: 'manual' });
  keepCookies(visit, answer);
  if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${answer.status}: ${await answer.text()}`);
  return answer;
}

/**
 * Opens the session of `booking` as the host's page does: `POST /api/Session` and a new `rw_csrf`
 * token (docs/host-contract.md "Sessions and tokens"), or GETting `page` and reading its token meta.
 *
 * @param {Visit} visit
 * @param {string} base
 * @param {{ bookingReference: string, email: string }} booking
 * @param {string | undefined} page
 */
async function openSession(visit, base, booking, page) {
  if (page) {
    const url = page.replace('{bookingReference}', encodeURIComponent(booking.bookingReference));
    const html = await (
      await call(visit, new URL(url.replace('{email}', encodeURIComponent(booking.email)), base).href)
    ).text();
    const meta = /<meta\s+name="request-verification-token"\s+content="([^"]+)"/.exec(html);
    if (!meta) throw new Error(`${url} has no <meta name="request-verification-token">`);
    visit.token = meta[1]
      .replace(/&#x2B;/g, '+')
      .replace(/&#x2F;/g, '/')
      .replace(/&#x3D;/g, '=');
  } else {
    visit.token = randomBytes(24).toString('base64url');
    visit.cookies.set('rw_csrf', visit.token);
    await call(visit, `${base}/api/Session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(booking),
    });
  }
  visit.open = true;
}

/**
 * The values a booking's refund status gives the contract: its journey and protected references.
 *
 * @param {Visit} visit
 * @param {string} base
 * @param {string} reference
 */
async function readStatus(visit, base, reference) {
  const answer = await fetch(`${base}/Refund/Status?bookingReference=${encodeURIComponent(reference)}`, {
    headers: { Cookie: cookieHeader(visit) },
  });
  const body = answer.ok ? await answer.json().catch(() => null) : null;
  const status = body?.refundStatus;
  if (!status) return;
  visit.values.journeyId = status.journeyID;
  if (body.protectedReference) visit.values.protectedReference = body.protectedReference;
  const replacement = body.replacementProtectedReference ?? body.protectedReference;
  if (replacement) visit.values.replacementProtectedReference = replacement;
}

/**
 * Uploads a new photo for the visit's journey; the upload id is the value `uploadId`.
 *
 * @param {Visit} visit
 * @param {string} base
 */
async function uploadPhoto(visit, base) {
  const photo = Buffer.from(GIF, 'base64');
  randomBytes(3).copy(photo, 13);
  const form = new FormData();
  form.append('file', new Blob([photo], { type: 'image/gif' }), 'ticket.gif');
  const answer = await call(visit, `${base}/tickets/upload`, {
    method: 'POST',
    headers: { 'Journey-Id': String(visit.values.journeyId), 'Idempotency-Key': randomUUID() },
    body: form,
  });
  const text = await answer.text();
  let id = text;
  try {
    const parsed = JSON.parse(text);
    id = typeof parsed === 'string' ? parsed : parsed.id;
  } catch {
    // Plain text: the id as sent.
  }
  visit.values.uploadId = id;
}

/**
 * Looks the replacement booking up in the visit's session; the first journey with a refund status is
 * the value `replacementJourneyId`.
 *
 * @param {Visit} visit
 * @param {string} base
 * @param {{ bookingReference: string, email: string }} booking
 */
async function lookUp(visit, base, booking) {
  const answer = await call(visit, `${base}/api/LookupJourneys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(booking),
  });
  /** @type {Array<{ refundStatus: unknown, journeyList: Array<{ journeyID: number }> }>} */
  const items = await answer.json();
  const journey = items.find((item) => item.refundStatus)?.journeyList[0];
  if (journey) visit.values.replacementJourneyId = journey.journeyID;
}

/**
 * A handler per provider state named in the pact: `<booking>` opens its session (the first state of
 * a call) or names the replacement booking (a later one); `<booking> looked up` also looks it up;
 * `<booking> with a photo uploaded` also uploads a photo.
 *
 * @param {object} options
 * @param {string[]} options.names the states the pact names
 * @param {Record<string, { bookingReference: string, email: string }>} options.states
 * @param {string} options.base
 * @param {string | undefined} options.page
 * @param {() => Visit} options.visit the current interaction's visit
 * @returns {Record<string, () => Promise<Record<string, string | number>>>} each throws when `states` lacks its booking
 */
function stateHandlers({ names, states, base, page, visit }) {
  /** @type {Record<string, () => Promise<Record<string, string | number>>>} */
  const handlers = {};
  for (const name of names) {
    const bookingName = bookingOf(name);
    handlers[name] = async () => {
      const booking = states[bookingName];
      if (!booking) throw new Error(`No booking for the provider state "${bookingName}": add it to the --states file.`);
      const current = visit();
      if (current.open) {
        current.values.replacementBookingReference = booking.bookingReference;
        current.values.replacementEmail = booking.email;
        if (name.endsWith(LOOKED_UP)) await lookUp(current, base, booking);
      } else {
        await openSession(current, base, booking, page);
        Object.assign(current.values, { bookingReference: booking.bookingReference, email: booking.email });
        current.values.csrfToken = current.token;
        await readStatus(current, base, booking.bookingReference);
        if (name.endsWith(UPLOADED)) await uploadPhoto(current, base);
      }
      return { ...current.values };
    };
  }
  return handlers;
}

/**
 * Verifies the pact against `baseUrl`.
 *
 * @param {{ baseUrl: string, states?: Record<string, { bookingReference: string, email: string }>, page?: string,
 *   resetUrl?: string, pact?: string, logLevel?: 'error' | 'warn' | 'info' | 'debug' }} options
 * @returns {Promise<void>} resolves when every call answered as the contract expects
 * @throws Error listing the failures (the verifier prints each call, field and expectation)
 */
async function verifyApi({ baseUrl, states = demoStates(), page, resetUrl, pact = PACT, logLevel = 'error' }) {
  const base = baseUrl.replace(/\/+$/, '');
  /** @type {{ interactions: Array<{ providerStates?: Array<{ name: string }> }> }} */
  const contract = JSON.parse(fs.readFileSync(pact, 'utf8'));
  const names = [...new Set(contract.interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)))];
  const missing = [...new Set(names.map(bookingOf))].filter((name) => !states[name]);
  if (missing.length > 0) {
    console.warn(`verify:api: no booking for the states ${missing.join(', ')}: their calls will fail.`);
  }
  let visit = newVisit();
  await new Verifier({
    provider: 'retailer-api',
    providerBaseUrl: base,
    pactUrls: [pact],
    logLevel,
    changeOrigin: true,
    beforeEach: async () => {
      visit = newVisit();
      if (resetUrl) await fetch(resetUrl, { method: 'POST' });
    },
    stateHandlers: stateHandlers({ names, states, base, page, visit: () => visit }),
    requestFilter: (req, _res, next) => {
      if (visit.cookies.size) req.headers.cookie = cookieHeader(visit);
      next();
    },
  }).verifyProvider();
}

/**
 * One line for a failed run: how many calls failed (the verifier printed each), or the error's message.
 *
 * @param {Error} error
 * @returns {string}
 */
function failureSummary(error) {
  try {
    const { errors } = JSON.parse(error.message);
    return `${errors.length} of the widgets' calls did not answer as expected (listed above under "Failures").`;
  } catch {
    return error.message;
  }
}

if (require.main === module) {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
    if (!options['base-url']) throw new Error('--base-url <url> is required');
  } catch (error) {
    console.error(`verify:api: ${/** @type {Error} */ (error).message}`);
    process.exit(2);
  }
  verifyApi({
    baseUrl: options['base-url'],
    states: options.states ? JSON.parse(fs.readFileSync(options.states, 'utf8')) : undefined,
    page: options.page,
    resetUrl: options['reset-url'],
    pact: options.pact,
  }).then(
    () => console.log(`verify:api: ${options['base-url']} answers every call as the widgets expect.`),
    (error) => {
      console.error(`verify:api: ${failureSummary(error)}`);
      process.exitCode = 1;
    },
  );
}

module.exports = { verifyApi };
