// @ts-check
// A committing POST run once per session, path and Idempotency-Key (docs/reference-backend.md "Code").
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
 * Runs `decide` unless its key was answered (../idempotency.js); with no store, just runs it. An
 * accepted request is recorded and saved at once; another saved 2xx is saved soon.
 * @type {(store: CommittingStore | null, request: { path: string, body: unknown, idempotencyKey: string | undefined,
 *   session: string | null }, decide: () => Decided) => { status: number, json: unknown }}
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
    const time = new Date().toISOString();
    store.requests.push({ path, body: clone(body), idempotencyKey: idempotencyKey ?? null, time });
    store.save();
  } else if (answer.decided && idempotencyKey !== undefined && isDefinite(answer.status)) store.saveSoon();
  return { status: answer.status, json: answer.json };
}

module.exports = { committing };
