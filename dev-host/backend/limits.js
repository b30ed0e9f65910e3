// @ts-check
// Per-client (`req.ip`) and per-booking rate limits in fixed windows of 60 s, over
// rate-limiter-flexible (docs/reference-backend.md "Limits").
'use strict';

// Its two modules, not its index, which loads every store it supports (a third of a second).
const RateLimiterMemory = require('rate-limiter-flexible/lib/RateLimiterMemory');
const RateLimiterRes = require('rate-limiter-flexible/lib/RateLimiterRes');

/** Per window of 60 s: reports per client; proofs of a booking per client and per booking reference. */
const LIMITS = { vitalsPerClient: 120, errorsPerClient: 60, proofsPerClient: 120, proofsPerBooking: 60 };
/** How long a refusal waits before it is sent, ms. */
const REFUSAL_DELAY_MS = 250;

/** @type {(points: number) => (key: string) => Promise<number>} per key; takes a point: 0, or the seconds to wait */
const createLimit = (points) => {
  const limiter = new RateLimiterMemory({ points, duration: 60 });
  return async (key) => {
    try {
      await limiter.consume(key, 1);
      return 0;
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      return Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
    }
  };
};

/** @type {(res: import('express').Response, seconds: number, options?: { json?: boolean }) => void} 429, delayed */
function tooMany(res, seconds, { json = true } = {}) {
  const message = 'Too many requests. Please wait a minute and try again.';
  setTimeout(() => {
    if (!res.socket || res.socket.destroyed) return;
    res.status(429).set({ 'Retry-After': String(seconds), 'Cache-Control': 'no-store' });
    if (json) res.json({ message });
    else res.type('text/plain').send(message);
  }, REFUSAL_DELAY_MS);
}

/** @type {(points: number) => import('express').RequestHandler} per client, before the body is read */
function perClient(points) {
  const take = createLimit(points);
  return async (req, res, next) => {
    const wait = await take(req.ip ?? '');
    return wait > 0 ? tooMany(res, wait) : next();
  };
}

/** @returns {(client: string, reference: string) => Promise<number>} takes one proof: 0, or the seconds to wait */
function createProofThrottle() {
  const byClient = createLimit(LIMITS.proofsPerClient);
  const byBooking = createLimit(LIMITS.proofsPerBooking);
  return async (client, reference) => (await byClient(client)) || byBooking(reference);
}

module.exports = { LIMITS, REFUSAL_DELAY_MS, perClient, createProofThrottle, tooMany };
