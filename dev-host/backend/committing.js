// @ts-check
/**
 * A committing POST run once (docs/architecture.md "Exactly once"; docs/reference-backend.md):
 * the reference backend's one path for ProcessRefund and the replacement refund.
 */
'use strict';

const { isDefinite } = require('../idempotency');
const { clone } = require('./answers');

/**
 * @typedef {{ path: string, body: unknown, idempotencyKey: string | null, time: string }} RecordedRequest
 * @typedef {{ status: number, json: unknown, accepted?: boolean, reference?: string }} Decided
 * @typedef {{ idempotency: ReturnType<typeof import('../idempotency').createIdempotency>,
 *   requests: RecordedRequest[], save: () => void, saveSoon: () => void }} CommittingStore
 */

/**
 * Runs a committing POST once per session, path and Idempotency-Key (../idempotency.js): a
 * repeated key with the same body returns the first answer and changes nothing; with another body
 * it is refused (422). `decide` changes the state and returns `{ status, json, accepted? }`;
 * accepted requests are recorded in `store.requests`. Saves at once when accepted, else soon when
 * another 2xx answer was saved; a refusal writes nothing.
 *
 * @param {CommittingStore | null} store where answers and requests are kept; null: keep nothing,
 *   only `decide`'s answer
 * @param {{ path: string, body: unknown, idempotencyKey: string | undefined, session: string | null }} request
 *   the route, the parsed JSON body, the Idempotency-Key header and the session's id (the key's scope)
 * @param {() => Decided} decide
 * @returns {{ status: number, json: unknown }}
 */
function committing(store, { path, body, idempotencyKey, session }, decide) {
  if (!store) {
    const { status, json } = decide();
    return { status, json };
  }
  const answer = /** @type {Decided & { decided: boolean }} */ (
    store.idempotency.run({ scope: session, path, key: idempotencyKey, body }, decide)
  );
  if (answer.decided && answer.accepted) {
    store.requests.push({
      path,
      body: clone(body),
      idempotencyKey: idempotencyKey ?? null,
      time: new Date().toISOString(),
    });
    store.save();
  } else if (answer.decided && idempotencyKey !== undefined && isDefinite(answer.status)) store.saveSoon();
  return { status: answer.status, json: answer.json };
}

module.exports = { committing };
