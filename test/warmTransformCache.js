/**
 * Jest `globalSetup` of the jsdom projects (jest.config.js): transpiles every TypeScript file of
 * the project's roots once, in Jest's main process, into Jest's transform cache, before the
 * workers start (docs/testing.md "Speed").
 *
 * Without it, on a cold cache (a fresh clone, CI) each of the three workers loads TypeScript,
 * warms it up and transpiles the files its tests need, the shared ones three times over: 40 s of
 * CPU more than a warm run on two cores. Here it is done once, in one warmed-up process. The
 * cache key is the one the workers compute (same project config, same caller flags), so a file
 * already cached costs a hash, and a file this misses is transpiled by the worker as before.
 *
 * @param {unknown} _globalConfig Jest's global config (unused)
 * @param {import('@jest/types').Config.ProjectConfig} projectConfig the project's config
 * @returns {Promise<void>}
 */
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const { createScriptTransformer } = require('@jest/transform');
const { globsToMatcher } = require('jest-util');

/** What jest-runtime passes for a module required by a test (jest-runtime, defaultTransformOptions). */
const CALLER = {
  isInternalModule: false,
  supportsDynamicImport: typeof vm.SyntheticModule === 'function',
  supportsExportNamespaceFrom: false,
  supportsStaticESM: false,
  supportsTopLevelAwait: false,
};

const SKIP = /(^|\/)(node_modules|dist)(\/|$)|\.d\.ts$/;
const TEST = /\.test\.tsx?$/;

module.exports = async function warmTransformCache(_globalConfig, projectConfig) {
  const transformer = await createScriptTransformer(projectConfig);
  const runs = globsToMatcher(projectConfig.testMatch);
  for (const root of projectConfig.roots) {
    for (const name of fs.readdirSync(root, { recursive: true })) {
      const file = path.join(root, name);
      // The project's own tests and every module they may import; other projects' tests are theirs.
      if (/\.tsx?$/.test(name) && !SKIP.test(name) && (!TEST.test(name) || runs(file))) {
        transformer.transform(file, CALLER);
      }
    }
  }
};
