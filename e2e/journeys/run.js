/**
 * Runs every journey (e2e/journeys/*.js) in one engine, as a node:test suite: one dev host, one
 * browser for the file, the fixtures restored before each journey (docs/testing.md "Engines").
 * Prints the engine's journey count and wall time at the end.
 */
const { describe, test, before, after, beforeEach } = require('node:test');
const { startHost } = require('../harness');
const { openEngine } = require('../engines');
const { openGate } = require('../engines/gate');

/** The journey modules, in order; `E2E_JOURNEYS=refund,phone` runs some of them while working. */
const MODULES = {
  refund: require('./refund'),
  replacement: require('./replacement'),
  unavailable: require('./unavailable'),
  'manual-claim': require('./manual-claim'),
  disruption: require('./disruption'),
  'journey-summary': require('./journey-summary'),
  'no-answer': require('./no-answer'),
  phone: require('./phone'),
};
const ONLY = process.env.E2E_JOURNEYS?.split(',');
const JOURNEYS = Object.entries(MODULES)
  .filter(([name]) => !ONLY || ONLY.includes(name))
  .map(([, journeys]) => journeys);

/**
 * Registers a suite with every journey in `engine` ('chromium', 'firefox' or 'webkit').
 * Each journey module gives `[title, (ctx) => Promise<void>]` pairs; `ctx` has `engine`, `host`
 * (the dev host, for /__dev/*) and `newPage(options)`.
 */
function runJourneys(engine) {
  const ctx = { engine: null, host: null, gate: null };
  const started = Date.now();
  let count = 0;
  describe(`journeys in ${engine}`, () => {
    before(async () => {
      ctx.host = await startHost();
      ctx.gate = await openGate(ctx.host.url);
      ctx.engine = await openEngine(engine, { gate: ctx.gate });
      console.log(`${ctx.engine.title}: ${ctx.engine.version}`);
    });
    beforeEach(async () => {
      ctx.gate.close(false);
      await fetch(`${ctx.host.url}/__dev/reset`, { method: 'POST' });
    });
    after(async () => {
      await ctx.engine?.close();
      await ctx.gate?.shut();
      await ctx.host?.close();
      console.log(`journeys in ${engine}: ${count} tests, ${((Date.now() - started) / 1000).toFixed(1)} s wall clock`);
    });
    for (const journeys of JOURNEYS) {
      for (const [title, journey] of journeys) {
        test(title, async (t) => {
          count += 1;
          const opened = [];
          const newPage = async (options) => {
            const page = await ctx.engine.newPage(options);
            opened.push(page);
            return page;
          };
          try {
            await journey({ engine: ctx.engine, host: ctx.host, newPage, t });
          } finally {
            await Promise.all(opened.map((page) => page.close().catch(() => undefined)));
          }
        });
      }
    }
  });
}

module.exports = { runJourneys };
