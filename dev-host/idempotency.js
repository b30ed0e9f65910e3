// @ts-check
// Idempotency-Key replay of the reference backend's committing POSTs and uploads, by session, path
// and key (docs/host-contract.md "Idempotency-Key: what the API keeps"; docs/reference-backend.md "Limits").
'use strict';

const { createHash } = require('crypto');
const { isDeepStrictEqual } = require('util');

const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
const KEY_MESSAGE = `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`;
const REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';
const ANSWER_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MAX_ANSWERS_PER_SESSION = 100;
const MAX_ANSWERS = 10_000;

/** @typedef {{ scope: string | null, path: string, key: string, fingerprint: string, status: number, body: unknown, savedAt: number }} Entry */

/** @type {(value: unknown) => any} */
const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * SHA-256 (hex) of a JSON value with object keys sorted, so key order does not matter.
 * @param {unknown} value
 * @returns {string}
 */
function fingerprint(value) {
  /** @type {(v: any) => unknown} */
  const sorted = (v) =>
    Array.isArray(v)
      ? v.map(sorted)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted(v[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(sorted(value ?? null)))
    .digest('hex');
}

/** @type {(scope: string | null, path: string, key: string) => string} */
const entryKey = (scope, path, key) => JSON.stringify([scope, path, key]);

/** @type {(status: number) => boolean} whether an answer is saved and replayed: a 2xx */
const isDefinite = (status) => status >= 200 && status <= 299;

/**
 * The saved answers of one store, oldest first; each kept 24 hours, at most 100 per session and
 * 10,000 in all.
 * @param {{ now?: () => number }} [options] the clock in ms (default `Date.now`)
 */
function createIdempotency({ now = Date.now } = {}) {
  /** @type {Map<string, Entry>} */
  const answers = new Map();
  /** @type {Map<string | null, Set<string>>} scope → its entry keys, oldest first */
  const byScope = new Map();
  /** @param {string} id */
  const drop = (id) => {
    const entry = answers.get(id);
    if (!entry) return;
    answers.delete(id);
    const own = byScope.get(entry.scope);
    own?.delete(id);
    if (own?.size === 0) byScope.delete(entry.scope);
  };
  /** @param {Entry} entry saved last; then the oldest beyond the caps go */
  const add = (entry) => {
    const id = entryKey(entry.scope, entry.path, entry.key);
    drop(id);
    answers.set(id, entry);
    const own = byScope.get(entry.scope) ?? new Set();
    byScope.set(entry.scope, own.add(id));
    if (own.size > MAX_ANSWERS_PER_SESSION) drop(/** @type {string} */ (own.values().next().value));
    if (answers.size > MAX_ANSWERS) drop(/** @type {string} */ (answers.keys().next().value));
  };
  const clear = () => {
    answers.clear();
    byScope.clear();
  };
  // Drops answers saved more than 24 hours ago; one saved exactly 24 hours ago is kept.
  const prune = () => {
    const oldest = now() - ANSWER_LIFETIME_MS;
    for (const [id, entry] of answers) {
      if (entry.savedAt >= oldest) break;
      drop(id);
    }
  };
  return {
    /**
     * Runs `decide` unless this scope sent this key to this path: then the first answer again, or
     * 422 for another body. A bad key is 400. A 2xx that `decide` returns is saved.
     * @param {{ scope: string | null, path: string, key: string | undefined, body: unknown }} request
     *   `body` makes two requests with one key the same (an upload passes its Journey-Id)
     * @param {() => { status: number, json?: unknown }} decide
     * @returns {{ status: number, json?: unknown, decided: boolean }} with `decide`'s fields when it ran
     */
    run({ scope, path, key, body }, decide) {
      if (key !== undefined && (key.trim() === '' || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)) {
        return { status: 400, json: { message: KEY_MESSAGE }, decided: false };
      }
      prune();
      const print = fingerprint(body);
      const first = key === undefined ? undefined : answers.get(entryKey(scope ?? null, path, key));
      if (first) {
        if (first.fingerprint !== print) return { status: 422, json: { message: REUSED_MESSAGE }, decided: false };
        return { status: first.status, json: clone(first.body), decided: false };
      }
      const answer = decide();
      if (key !== undefined && isDefinite(answer.status)) {
        const { status } = answer;
        add({ scope: scope ?? null, path, key, fingerprint: print, status, body: clone(answer.json), savedAt: now() });
      }
      return { ...answer, decided: true };
    },
    /** @type {(answer: { path: string, json: unknown }) => number} forgets, in every scope, those with that body */
    forget: ({ path, json }) => {
      const ids = [...answers].filter(([, e]) => e.path === path && isDeepStrictEqual(e.body, json)).map(([id]) => id);
      ids.forEach(drop);
      return ids.length;
    },
    /** The entries for a state file, oldest first, `savedAt` as an ISO time. */
    toJSON() {
      return [...answers.values()].map((entry) => ({ ...entry, savedAt: new Date(entry.savedAt).toISOString() }));
    },
    /** @type {(saved: unknown) => void} reads `toJSON`'s list; a missing or future `savedAt` counts as now */
    load: (saved) => {
      clear();
      if (!Array.isArray(saved)) return;
      const loadedAt = now();
      /** @type {Entry[]} */
      const entries = [];
      for (const entry of saved) {
        const { scope, path, key, fingerprint: print, status, body, savedAt: at } = entry ?? {};
        const savedAt = at === undefined ? loadedAt : typeof at === 'string' ? Date.parse(at) : NaN;
        const strings = [path, key, print].every((value) => typeof value === 'string');
        if (!strings || !(scope === null || typeof scope === 'string') || !Number.isInteger(status)) continue;
        if (!isDefinite(status) || Number.isNaN(savedAt)) continue;
        entries.push({ scope, path, key, fingerprint: print, status, body, savedAt: Math.min(savedAt, loadedAt) });
      }
      for (const entry of entries.sort((a, b) => a.savedAt - b.savedAt)) add(entry);
      prune();
    },
    clear,
    get size() {
      return answers.size;
    },
  };
}

module.exports = {
  createIdempotency,
  fingerprint,
  isDefinite,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  ANSWER_LIFETIME_MS,
  MAX_ANSWERS_PER_SESSION,
};
