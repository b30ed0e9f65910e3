/**
 * The widgets' API contract (contract/pacts/) verified through the ASP.NET site's forwarding, session
 * and antiforgery, as a host team runs it (docs/aspnet.md "Check your API"): each state opens its
 * booking's page on the site, and every call goes to the site, which forwards it to the reference
 * backend. No browser.
 */
'use strict';

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { execFile } = require('child_process');
const path = require('path');
const { startHost, DIST } = require('../../../e2e/harness');
const { startAspNetHost } = require('../run');

/** The environment of the verifier, without a PACT_* filter that would leave calls out. */
const childEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PACT_')));
const { interactions } = require('../../../contract/pacts/refund-widgets-retailer-api.json');

const env = {};
before(async () => {
  env.backend = await startHost();
  env.site = await startAspNetHost({ backendUrl: env.backend.url, distDir: DIST });
});
after(async () => {
  await env.site?.close();
  await env.backend?.close();
});

test('npm run verify:api passes against the ASP.NET site', async () => {
  const script = path.join(__dirname, '..', '..', '..', 'contract', 'verifyApi.js');
  const args = [
    script,
    '--base-url',
    env.site.url,
    '--page',
    '/ConfirmRefund?BookingReference={bookingReference}&Email={email}',
    '--reset-url',
    `${env.backend.url}/__dev/reset`,
  ];
  const { code, output } = await new Promise((resolve) => {
    execFile(process.execPath, args, { env: { ...childEnv, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, output: `${stdout}\n${stderr}` });
    });
  });
  assert.equal(code, 0, output.slice(output.indexOf('Failures:')));
  assert.match(output, /answers every call as the widgets expect/);
  assert.equal(output.match(/returns a response which/g)?.length, interactions.length);
});
