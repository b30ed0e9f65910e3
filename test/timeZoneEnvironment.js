/**
 * Jest environment: jsdom with the process time zone pinned for the duration of each test file
 * (docs/testing.md "Time zones"). The zone comes from the project's
 * `testEnvironmentOptions.timeZone` (an IANA name such as `Europe/London`). Node applies a change
 * of `process.env.TZ` at once to every `Date` of the worker, and a worker runs one file at a time,
 * so the zone is set in `setup` and the previous one put back in `teardown`. The test's own
 * `process.env.TZ` says the same, for tests that check which zone they run in.
 */
const { TestEnvironment: JsdomEnvironment } = require('jest-environment-jsdom');

const FETCH_API = [
  'Request',
  'Response',
  'Headers',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'BroadcastChannel',
];

class TimeZoneEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    const { timeZone, ...jsdomOptions } = config.projectConfig.testEnvironmentOptions;
    if (typeof timeZone !== 'string' || timeZone === '') {
      throw new Error('timeZoneEnvironment: set testEnvironmentOptions.timeZone (an IANA zone name)');
    }
    super({ ...config, projectConfig: { ...config.projectConfig, testEnvironmentOptions: jsdomOptions } }, context);
    this.timeZone = timeZone;
  }

  async setup() {
    await super.setup();
    // Mock Service Worker (test/api/server.ts) needs Node's Fetch API classes, which jsdom lacks.
    // fetch itself stays out: the product's fetch calls keep being stubbed by their tests.
    for (const name of FETCH_API) if (this.global[name] === undefined) this.global[name] = globalThis[name];
    // As in a browser, a Request resolves a relative URL against the page (axios's fetch adapter needs it).
    const page = this.global;
    this.global.Request = class Request extends globalThis.Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, page.location.href) : input, init);
      }
    };
    this.previousTimeZone = process.env.TZ;
    process.env.TZ = this.timeZone;
    this.global.process.env.TZ = this.timeZone;
  }

  async teardown() {
    if (this.previousTimeZone === undefined) delete process.env.TZ;
    else process.env.TZ = this.previousTimeZone;
    await super.teardown();
  }
}

module.exports = TimeZoneEnvironment;
