// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend's store keeps what a committing call changed across a restart, and writes
 * nothing when nothing changed (docs/reference-backend.md, docs/architecture.md "Exactly once").
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { createStore } = require('./store');

const REFUND = { protectedReference: 'P1', journeyId: 700101 };
const SESSION = 'session-1';

let dataDir;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-store-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A decide function answering `answer` and counting its calls. */
const deciding = (answer) => jest.fn(() => answer);

/** A committing ProcessRefund of REFUND in SESSION with `key`, decided as `answer`. */
const commit = (store, key, answer) => store.committing('/api/ProcessRefund', REFUND, key, SESSION, deciding(answer));

describe('the store of the reference backend', () => {
  it('records an accepted request and saves it: a store started again over the folder replays it', () => {
    const first = createStore({ dataDir });
    const accept = deciding({ status: 200, json: { ok: true }, accepted: true });
    expect(first.committing('/api/ProcessRefund', REFUND, 'key-1', SESSION, accept)).toEqual({
      status: 200,
      json: { ok: true },
    });
    const again = createStore({ dataDir });
    expect(again.requests).toEqual([
      expect.objectContaining({ path: '/api/ProcessRefund', body: REFUND, idempotencyKey: 'key-1' }),
    ]);
    const decideAgain = deciding({ status: 500, json: {} });
    expect(again.committing('/api/ProcessRefund', REFUND, 'key-1', SESSION, decideAgain)).toEqual({
      status: 200,
      json: { ok: true },
    });
    expect(decideAgain).not.toHaveBeenCalled();
  });

  it('neither saves nor writes a refusal sent with an Idempotency-Key: the key is decided again', () => {
    const first = createStore({ dataDir });
    const save = jest.spyOn(first, 'save');
    commit(first, 'key-2', { status: 400, json: { message: 'No.' } });
    first.flush();
    expect(save).not.toHaveBeenCalled();
    expect(first.idempotency.size).toBe(0);
    const decideAgain = deciding({ status: 200, json: {}, accepted: true });
    expect(first.committing('/api/ProcessRefund', REFUND, 'key-2', SESSION, decideAgain)).toEqual({
      status: 200,
      json: {},
    });
    expect(decideAgain).toHaveBeenCalledTimes(1);
  });

  it('writes nothing for a refusal without a key, nor for a replayed answer', () => {
    const store = createStore({ dataDir });
    commit(store, 'key-3', { status: 200, json: {}, accepted: true });
    const save = jest.spyOn(store, 'save');
    commit(store, undefined, { status: 400, json: {} });
    commit(store, 'key-3', { status: 500, json: {} });
    expect(save).not.toHaveBeenCalled();
    expect(fs.existsSync(path.join(dataDir, 'state.json'))).toBe(true);
  });

  it('keeps nothing with keep: false: every call is decided afresh, nothing recorded, no file read or written', () => {
    const kept = createStore({ dataDir });
    commit(kept, 'key-4', { status: 200, json: {}, accepted: true });
    const before = fs.readFileSync(path.join(dataDir, 'state.json'), 'utf8');

    const store = createStore({ dataDir, keep: false });
    expect(store.requests).toEqual([]);
    const accept = jest.fn(() => {
      store.recordRefund('KXB7HT2N', { time: 'now', deferred: false, journeyId: 700101 });
      return { status: 200, json: { accepted: true }, accepted: true, reference: 'KXB7HT2N' };
    });
    for (let i = 0; i < 2; i += 1) {
      expect(store.committing('/api/ProcessRefund', REFUND, 'key-4', SESSION, accept)).toEqual({
        status: 200,
        json: { accepted: true },
      });
    }
    expect(accept).toHaveBeenCalledTimes(2);
    expect(store.isRefunded('KXB7HT2N')).toBe(false);
    expect(store.refunded).toEqual({});
    expect(store.requests).toEqual([]);
    store.reset();
    expect(fs.readFileSync(path.join(dataDir, 'state.json'), 'utf8')).toBe(before);
    expect(fs.readdirSync(dataDir)).toEqual(['state.json']);
  });

  it('creates no folder with keep: false', () => {
    const missing = path.join(dataDir, 'never-made');
    const store = createStore({ dataDir: missing, keep: false });
    store.addErrorReport({ message: 'kept in memory', source: 'test' });
    expect(store.errorReports).toEqual([{ message: 'kept in memory', source: 'test', receivedAt: expect.any(String) }]);
    expect(fs.existsSync(missing)).toBe(false);
  });

  it('records an accepted refund with the default keep', () => {
    const store = createStore({ dataDir });
    store.recordRefund('KXB7HT2N', { time: 'now', deferred: true, journeyId: 700101 });
    expect(store.isRefunded(' kxb7ht2n ')).toBe(true);
  });
});
