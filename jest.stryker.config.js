/**
 * Jest for mutation testing (stryker.config.mjs, docs/mutation-testing.md): the London project of
 * jest.config.js, limited to the tests of the modules that carry rules (unit tests and the dev
 * host's HTTP tests). The component tests of the widgets are left out: each would run for almost
 * every mutant of the API client and make a run hours long on two cores.
 */
const path = require('path');
const base = require('./jest.config.js');

const london = base.projects.find((project) => project.displayName === 'london');
const config = { ...london };
delete config.displayName;
// The London project leaves the dev host's tests to the node project; here they run too.
config.testPathIgnorePatterns = base.projects.find((project) => project.displayName === 'node').testPathIgnorePatterns;

module.exports = {
  ...config,
  rootDir: __dirname,
  // Instrumented code on a busy machine: a test gets 30 s (Stryker times mutants out on its own).
  testTimeout: 30000,
  roots: ['<rootDir>/host-shim', '<rootDir>/dev-host', '<rootDir>/widgets', '<rootDir>/shared'],
  // One environment for both kinds of test (Stryker wraps a single one); Stryker resolves the path
  // itself, without <rootDir>.
  testEnvironment: path.join(__dirname, 'test/strykerEnvironment.js'),
  testMatch: [
    '<rootDir>/shared/{api,hooks,format,runtime}/*.test.{ts,tsx}',
    '<rootDir>/shared/page/{pageDocument,readPageData,schemas}{,.*}.test.ts',
    '<rootDir>/host-shim/*.test.ts',
    '<rootDir>/widgets/refund/selectPanel.test.ts',
    '<rootDir>/widgets/*/validation.test.ts',
    '<rootDir>/widgets/refund/replacement/validation.test.ts',
    '<rootDir>/widgets/disruption/storage.test.ts',
    '<rootDir>/dev-host/{devHost,claims,replacement,refundDecision}.test.js',
    '<rootDir>/dev-host/backend/*.test.js',
  ],
};
