// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Idempotency-Key replay of the reference backend's committing calls (ProcessRefund, the
 * replacement, submit-claim) and of uploads, in one place for backend.js and claims.js
 * (docs/security.md "Sessions and antiforgery on the reference backend"; docs/architecture.md
 * "Exactly once").
 *
 * A saved answer is found only for the same session, the same path and the same key: another
 * session using the same key gets its request decided as new, so an answer never tells whether
 * a key exists elsewhere. Answers live in a `Map`, so any key, `__proto__` included, is just a key.
 *
 * Only answers the server decided and acted on are saved: 2xx. A refusal is decided again on a
 * retry, so a malformed body never takes a place. A saved answer is kept 24 hours, then forgotten
 * (docs/host-contract.md "Idempotency-Key: what the API keeps"); a session keeps at most
 * {@link MAX_ANSWERS_PER_SESSION}, the store {@link MAX_ANSWERS}, the oldest going first. Answers
 * are kept in the order saved, so expiry looks only at the oldest.
 */
'use strict';

const { createHash } = require('crypto');

const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
const KEY_MESSAGE = `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`;
const REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';
/** How long a saved answer is kept, in milliseconds: 24 hours (docs/host-contract.md). */
const ANSWER_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Saved answers per session, and in all (docs/reference-backend.md "Limits"). */
const MAX_ANSWERS_PER_SESSION = 100;
const MAX_ANSWERS = 10_000;

/**
 * @param {unknown} value
 * @returns {any}
 */
const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * A fingerprint of a request body: SHA-256 of its JSON with object keys sorted, so two equal
 * bodies give the same fingerprint whatever their key order.
 *
 * @param {unknown} value a parsed JSON body
 * @returns {string} 64 hex digits
 */
function fingerprint(value) {
  /**
   * @param {unknown} v
   * @returns {unknown}
   */
  const sorted = (v) =>
    Array.isArray(v)
      ? v.map(sorted)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted(/** @type {Record<string, unknown>} */ (v)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(sorted(value ?? null)))
    .digest('hex');
}

/**
 * The Map key of a saved answer: scope, path and key, unambiguous whatever characters they hold.
 *
 * @param {string | null} scope
 * @param {string} path
 * @param {string} key
 * @returns {string}
 */
const entryKey = (scope, path, key) => JSON.stringify([scope, path, key]);

/**
 * Whether an answer is saved and replayed (docs/host-contract.md "Idempotency-Key: what the API
 * keeps"): a 2xx, which the server decided and acted on.
 *
 * @param {number} status an HTTP status
 * @returns {boolean} false for every status but 2xx
 */
function isDefinite(status) {
  return status >= 200 && status <= 299;
}

/**
 * Creates the saved answers of one store.
 *
 * @param {object} [options]
 * @param {() => number} [options.now] the clock, in milliseconds since the epoch (default
 *   `Date.now`); tests pass their own to move time on
 * @returns {{
 *   run: (request: { scope: string | null, path: string, key: string | undefined, body: unknown },
 *     decide: () => { status: number, json?: unknown }) => { status: number, json?: unknown, decided: boolean },
 *   forget: (answer: { path: string, json: unknown }) => number,
 *   toJSON: () => object[],
 *   load: (saved: unknown) => void,
 *   clear: () => void,
 *   size: number,
 * }} `run` answers a request once per (scope, path, key) for 24 hours; `forget` drops the saved
 *   answers on a path whose body is `json`; `toJSON` lists the saved answers for a state file and
 *   `load` reads such a list back; `clear` forgets them all
 */
function createIdempotency({ now = Date.now } = {}) {
  /** entryKey → { scope, path, key, fingerprint, status, body, savedAt (ms) }, oldest first. */
  const answers = new Map();
  /** scope → its entry keys, oldest first. @type {Map<string | null, Set<string>>} */
  const byScope = new Map();
  /** path and fingerprint of the answer's body → entry keys (for `forget`). @type {Map<string, Set<string>>} */
  const byAnswer = new Map();
  /**
   * @param {Map<any, Set<string>>} index
   * @param {unknown} name
   * @param {string} id
   */
  const unindex = (index, name, id) => {
    const ids = index.get(name);
    ids?.delete(id);
    if (ids?.size === 0) index.delete(name);
  };
  /** @param {string} id */
  const drop = (id) => {
    const entry = answers.get(id);
    if (!entry) return;
    answers.delete(id);
    unindex(byScope, entry.scope, id);
    unindex(byAnswer, entryKey(null, entry.path, fingerprint(entry.body)), id);
  };
  /**
   * Saves an entry last, then forgets the oldest beyond the caps.
   *
   * @param {{ scope: string | null, path: string, key: string, fingerprint: string, status: number,
   *   body: unknown, savedAt: number }} entry
   */
  const add = (entry) => {
    const id = entryKey(entry.scope, entry.path, entry.key);
    drop(id);
    answers.set(id, entry);
    const own = byScope.get(entry.scope) ?? new Set();
    byScope.set(entry.scope, own.add(id));
    const same = entryKey(null, entry.path, fingerprint(entry.body));
    byAnswer.set(same, (byAnswer.get(same) ?? new Set()).add(id));
    if (own.size > MAX_ANSWERS_PER_SESSION) drop(/** @type {string} */ (own.values().next().value));
    if (answers.size > MAX_ANSWERS) drop(/** @type {string} */ (answers.keys().next().value));
  };
  const clearAll = () => {
    answers.clear();
    byScope.clear();
    byAnswer.clear();
  };
  /** Forgets every answer saved more than 24 hours ago (one saved exactly 24 hours ago is kept): the oldest first. */
  const prune = () => {
    const oldest = now() - ANSWER_LIFETIME_MS;
    for (const [id, entry] of answers) {
      if (entry.savedAt >= oldest) break;
      drop(id);
    }
  };
  return {
    /**
     * Runs `decide` for a request unless this session already sent this key to this path in the
     * last 24 hours (docs/host-contract.md "Idempotency-Key: what the API keeps"; docs/security.md
     * "What a production API must check", item 6):
     *
     * - a key that is empty or longer than 255 characters: 400, nothing decided;
     * - no key: `decide()`'s answer;
     * - a key seen with the same scope, path and body: the first answer again, nothing decided;
     * - a key seen with the same scope and path but another body: 422, nothing decided;
     * - otherwise (another session, another path, a new key, a key whose answer expired or was
     *   not saved): `decide()`'s answer, saved when a 2xx ({@link isDefinite}).
     *
     * @param {object} request
     * @param {string | null} request.scope the session the request came in (a stable session id), or null
     * @param {string} request.path the route, e.g. `/api/ProcessRefund`
     * @param {string | undefined} request.key the `Idempotency-Key` header
     * @param {unknown} request.body what makes two requests with one key the same request: the
     *   parsed JSON body (an upload passes its Journey-Id)
     * @param {() => { status: number, json?: unknown }} decide changes the state and answers
     * @returns {{ status: number, json?: unknown, decided: boolean }} the answer, with every field
     *   `decide` returned when it ran; `decided` tells whether it ran
     */
    run({ scope, path, key, body }, decide) {
      if (key !== undefined && (key.trim() === '' || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)) {
        return { status: 400, json: { message: KEY_MESSAGE }, decided: false };
      }
      prune();
      const id = key === undefined ? null : entryKey(scope ?? null, path, key);
      const print = fingerprint(body);
      const first = id === null ? undefined : answers.get(id);
      if (first) {
        if (first.fingerprint !== print) return { status: 422, json: { message: REUSED_MESSAGE }, decided: false };
        return { status: first.status, json: clone(first.body), decided: false };
      }
      const answer = decide();
      if (key !== undefined && isDefinite(answer.status)) {
        add({
          scope: scope ?? null,
          path,
          key,
          fingerprint: print,
          status: answer.status,
          body: clone(answer.json),
          savedAt: now(),
        });
      }
      return { ...answer, decided: true };
    },
    /**
     * Forgets the saved answers on `path` whose body equals `json`, in every session: an upload
     * deleted forgets the answer that created it, so the same key uploads anew
     * (docs/host-contract.md "Idempotency-Key: what the API keeps").
     *
     * @param {{ path: string, json: unknown }} answer the path and the answer's body (an upload id)
     * @returns {number} how many answers were forgotten
     */
    forget({ path, json }) {
      const ids = [...(byAnswer.get(entryKey(null, path, fingerprint(json))) ?? [])];
      for (const id of ids) drop(id);
      return ids.length;
    },
    /** The saved answers as a list of entries (for a state file), oldest first, `savedAt` as an ISO time. */
    toJSON() {
      return [...answers.values()].map((entry) => ({ ...entry, savedAt: new Date(entry.savedAt).toISOString() }));
    },
    /**
     * Reads back what {@link toJSON} wrote, then forgets what is over 24 hours old. An entry
     * without `savedAt` (a state file written before answers expired) counts as saved now, so it
     * is kept 24 hours from this load; a `savedAt` later than now counts as now. Anything else,
     * such as the plain object keyed by path and key that older state files hold (answers without
     * a session), is ignored, as are entries of the wrong shape, with a `savedAt` that is not a
     * time, or with an answer that is not a 2xx.
     *
     * @param {unknown} saved the `idempotency` field of a state file
     */
    load(saved) {
      clearAll();
      if (!Array.isArray(saved)) return;
      const loadedAt = now();
      const entries = [];
      for (const entry of saved) {
        if (
          entry === null ||
          typeof entry !== 'object' ||
          !(entry.scope === null || typeof entry.scope === 'string') ||
          typeof entry.path !== 'string' ||
          typeof entry.key !== 'string' ||
          typeof entry.fingerprint !== 'string' ||
          !Number.isInteger(entry.status) ||
          !isDefinite(entry.status)
        ) {
          continue;
        }
        const savedAt =
          entry.savedAt === undefined ? loadedAt : typeof entry.savedAt === 'string' ? Date.parse(entry.savedAt) : NaN;
        if (Number.isNaN(savedAt)) continue;
        const { scope, path, key, fingerprint: print, status, body } = entry;
        entries.push({ scope, path, key, fingerprint: print, status, body, savedAt: Math.min(savedAt, loadedAt) });
      }
      // Oldest first, so that expiry and the caps find the oldest at the front.
      for (const entry of entries.sort((a, b) => a.savedAt - b.savedAt)) add(entry);
      prune();
    },
    /** Forgets every saved answer. */
    clear: clearAll,
    /** How many answers are saved. */
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
