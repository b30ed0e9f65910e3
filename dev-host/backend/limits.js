// @ts-check
/**
 * Per-client and per-booking rate limits of the reference backend (docs/reference-backend.md
 * "Limits"), over rate-limiter-flexible's in-memory fixed windows. A client is `req.ip`: the
 * socket's address, or the address a trusted proxy forwarded (the `trustProxy` option).
 */
'use strict';

// The two modules used, not the package's index, which loads every store it supports (a third of a second).
const RateLimiterMemory = require('rate-limiter-flexible/lib/RateLimiterMemory');
const RateLimiterRes = require('rate-limiter-flexible/lib/RateLimiterRes');

/** Limits per window of 60 s (docs/reference-backend.md "Limits"). */
const LIMITS = {
  /** `POST /report/vitals` per client: a page view sends up to four. */
  vitalsPerClient: 120,
  /** `POST /report/error` per client. */
  errorsPerClient: 60,
  /** Proofs of a booking (page, LookupJourneys, `/api/Session`) per client. */
  proofsPerClient: 120,
  /** Proofs naming one booking reference, from any client. */
  proofsPerBooking: 60,
};
const WINDOW_S = 60;
/** How long a refusal for a limit waits before it is sent, ms. */
const REFUSAL_DELAY_MS = 250;

/**
 * A limit of `points` per window, per key.
 *
 * @param {number} points
 * @returns {(key: string) => Promise<number>} takes one point of `key`'s window: 0 when it was
 *   free, else the whole seconds until the window ends (the `Retry-After`)
 */
function createLimit(points) {
  const limiter = new RateLimiterMemory({ points, duration: WINDOW_S });
  return async (key) => {
    try {
      await limiter.consume(key, 1);
      return 0;
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      return Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
    }
  };
}

/**
 * Answers 429 with `Retry-After`, JSON `{ message }` or plain text, after {@link REFUSAL_DELAY_MS}:
 * a client past its limit waits, so on each connection it sends at most a few requests a second.
 *
 * @param {import('express').Response} res
 * @param {number} seconds
 * @param {{ json?: boolean }} [options]
 */
function tooMany(res, seconds, { json = true } = {}) {
  const message = 'Too many requests. Please wait a minute and try again.';
  setTimeout(() => {
    if (!res.socket || res.socket.destroyed) return;
    res.status(429).set({ 'Retry-After': String(seconds), 'Cache-Control': 'no-store' });
    if (json) res.json({ message });
    else res.type('text/plain').send(message);
  }, REFUSAL_DELAY_MS);
}

/**
 * Middleware: at most `points` requests per client (`req.ip`) per 60 s, else 429 with
 * `Retry-After`, before the body is read.
 *
 * @param {number} points
 * @returns {import('express').RequestHandler}
 */
function perClient(points) {
  const take = createLimit(points);
  return async (req, res, next) => {
    const wait = await take(req.ip ?? '');
    if (wait > 0) return tooMany(res, wait);
    return next();
  };
}

/**
 * The throttle of booking proofs: per client and per booking reference.
 *
 * @returns {(client: string, reference: string) => Promise<number>} takes one proof: 0 when
 *   allowed, else the seconds to wait
 */
function createProofThrottle() {
  const byClient = createLimit(LIMITS.proofsPerClient);
  const byBooking = createLimit(LIMITS.proofsPerBooking);
  return async (client, reference) => (await byClient(client)) || byBooking(reference);
}

module.exports = { LIMITS, REFUSAL_DELAY_MS, perClient, createProofThrottle, tooMany };
