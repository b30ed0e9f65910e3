// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Idempotency-Key replay of the reference backend's committing calls (ProcessRefund, the
 * replacement, submit-claim), in one place for backend.js and claims.js (docs/security.md
 * "Second review: the reference backend and dev host"; docs/architecture.md "Exactly once").
 *
 * A saved answer is found only for the same session, the same path and the same key: another
 * session using the same key gets its request decided as new, so an answer never tells whether
 * a key exists elsewhere. Answers live in a `Map`, so any key, `__proto__` included, is just a key.
 */
'use strict';

const { createHash } = require('crypto');

const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
const KEY_MESSAGE = `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`;
const REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';

const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * A fingerprint of a request body: SHA-256 of its JSON with object keys sorted, so two equal
 * bodies give the same fingerprint whatever their key order.
 *
 * @param {unknown} value a parsed JSON body
 * @returns {string} 64 hex digits
 */
function fingerprint(value) {
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

/** The Map key of a saved answer: scope, path and key, unambiguous whatever characters they hold. */
const entryKey = (scope, path, key) => JSON.stringify([scope, path, key]);

/**
 * Creates the saved answers of one store.
 *
 * @returns {{
 *   run: (request: { scope: string | null, path: string, key: string | undefined, body: unknown },
 *     decide: () => { status: number, json?: unknown }) => { status: number, json?: unknown, decided: boolean },
 *   toJSON: () => object[],
 *   load: (saved: unknown) => void,
 *   clear: () => void,
 *   size: number,
 * }} `run` answers a committing request once per (scope, path, key); `toJSON` lists the saved
 *   answers for a state file and `load` reads such a list back; `clear` forgets them all
 */
function createIdempotency() {
  /** entryKey → { scope, path, key, fingerprint, status, body } */
  const answers = new Map();
  return {
    /**
     * Runs `decide` for a committing request unless this session already sent this key to this
     * path (docs/security.md "What a production API must check", item 6):
     *
     * - a key that is empty or longer than 255 characters: 400, nothing decided;
     * - no key: `decide()`'s answer;
     * - a key seen with the same scope, path and body: the first answer again, nothing decided;
     * - a key seen with the same scope and path but another body: 422, nothing decided;
     * - otherwise (another session, another path, a new key): `decide()`'s answer, saved.
     *
     * @param {object} request
     * @param {string | null} request.scope the session the request came in (a stable session id), or null
     * @param {string} request.path the route, e.g. `/api/ProcessRefund`
     * @param {string | undefined} request.key the `Idempotency-Key` header
     * @param {unknown} request.body the parsed JSON body
     * @param {() => { status: number, json?: unknown }} decide changes the state and answers
     * @returns {{ status: number, json?: unknown, decided: boolean }} the answer, with every field
     *   `decide` returned when it ran; `decided` tells whether it ran
     */
    run({ scope, path, key, body }, decide) {
      if (key !== undefined && (key.trim() === '' || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)) {
        return { status: 400, json: { message: KEY_MESSAGE }, decided: false };
      }
      const id = key === undefined ? null : entryKey(scope ?? null, path, key);
      const print = fingerprint(body);
      const first = id === null ? undefined : answers.get(id);
      if (first) {
        if (first.fingerprint !== print) return { status: 422, json: { message: REUSED_MESSAGE }, decided: false };
        return { status: first.status, json: clone(first.body), decided: false };
      }
      const answer = decide();
      if (id !== null) {
        answers.set(id, {
          scope: scope ?? null,
          path,
          key,
          fingerprint: print,
          status: answer.status,
          body: clone(answer.json),
        });
      }
      return { ...answer, decided: true };
    },
    /** The saved answers as a list of entries (for a state file), oldest first. */
    toJSON() {
      return [...answers.values()].map((entry) => ({ ...entry }));
    },
    /**
     * Reads back what {@link toJSON} wrote. Anything else, such as the plain object keyed by path
     * and key that older state files hold (answers without a session), is ignored, as are entries
     * of the wrong shape.
     *
     * @param {unknown} saved the `idempotency` field of a state file
     */
    load(saved) {
      answers.clear();
      if (!Array.isArray(saved)) return;
      for (const entry of saved) {
        if (
          entry === null ||
          typeof entry !== 'object' ||
          !(entry.scope === null || typeof entry.scope === 'string') ||
          typeof entry.path !== 'string' ||
          typeof entry.key !== 'string' ||
          typeof entry.fingerprint !== 'string' ||
          !Number.isInteger(entry.status)
        ) {
          continue;
        }
        const { scope, path, key, fingerprint: print, status, body } = entry;
        answers.set(entryKey(scope, path, key), { scope, path, key, fingerprint: print, status, body });
      }
    },
    /** Forgets every saved answer. */
    clear() {
      answers.clear();
    },
    /** How many answers are saved. */
    get size() {
      return answers.size;
    },
  };
}

module.exports = { createIdempotency, fingerprint, MAX_IDEMPOTENCY_KEY_LENGTH };
