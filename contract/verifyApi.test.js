/**
 * @jest-environment node
 */
// @ts-check
/**
 * `npm run verify:api` (docs/host-contract.md "The API calls") against the reference backend on a free
 * port: every call of the pact passes; an answer with one field broken fails, naming the call, the
 * field and the expectation.
 */
'use strict';

const { execFile } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { startBackend } = require('../dev-host/backend-server');
const bookings = require('../fixtures/bookings.json');

/** The environment of the verifier, without a PACT_* filter that would leave calls out. */
const childEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PACT_')));
const { interactions } = require('./pacts/refund-widgets-retailer-api.json');

const quiet = { warn: () => undefined, info: () => undefined };

/**
 * Runs `npm run verify:api`'s script against a reference backend serving `fixtures`.
 *
 * @param {typeof bookings} [fixtures] the backend's bookings (default the demo bookings)
 * @returns {Promise<{ code: number, output: string }>}
 */
async function verifyAgainstBackend(fixtures) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-verify-'));
  const backend = await startBackend({
    port: 0,
    dataDir,
    devTools: true,
    logger: quiet,
    ...(fixtures ? { bookings: fixtures } : {}),
  });
  try {
    const args = [
      path.join(__dirname, 'verifyApi.js'),
      '--base-url',
      backend.url,
      '--reset-url',
      `${backend.url}/__dev/reset`,
    ];
    return await new Promise((resolve) => {
      execFile(process.execPath, args, { env: { ...childEnv, NO_COLOR: '1' } }, (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code) : 0, output: `${stdout}\n${stderr}` });
      });
    });
  } finally {
    await backend.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

test('the reference backend answers every call of the pact as the widgets expect', async () => {
  const { code, output } = await verifyAgainstBackend();
  expect({ code, tail: output.slice(-2000) }).toEqual({
    code: 0,
    tail: expect.stringContaining('answers every call as the widgets expect'),
  });
  expect(output.match(/returns a response which/g)).toHaveLength(interactions.length);
}, 60_000);

test('a broken field fails the run, naming the call, the field and the expectation', async () => {
  /** @type {any} an answer the backend's types forbid */
  const instant = structuredClone(bookings.instant);
  instant.status.refundStatus.ticketsRefundValue = '19420';
  const { code, output } = await verifyAgainstBackend({ ...bookings, instant });
  const failures = output.slice(output.indexOf('Failures:'));
  expect(code).toBe(1);
  expect(failures).toContain('GET the refund status of a booking with a refund');
  expect(failures).toMatch(/\$\.refundStatus\.ticketsRefundValue\S* -> Expected '19420' \(String\) to be an integer/);
  expect(output).toContain("1 of the widgets' calls did not answer as expected");
}, 60_000);
