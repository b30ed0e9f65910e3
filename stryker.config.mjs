/**
 * StrykerJS: mutation testing of the modules that carry rules (docs/mutation-testing.md).
 * `npm run test:mutation` runs it incrementally: only mutants in code or tests changed since
 * `stryker.incremental.json` (committed) are tested again; `-- --force` tests every mutant.
 */
export default {
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'jest.stryker.config.js', enableFindRelatedTests: false },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: 'stryker.incremental.json',
  concurrency: 2,
  timeoutMS: 10000,
  mutate: [
    'shared/api/*.ts',
    'shared/hooks/*.ts',
    // The page-data reader (shared/page/: pageDocument, readPageData, schemas).
    'shared/page/{pageDocument,readPageData,schemas}.ts',
    'shared/format/*.ts',
    'shared/runtime/*.ts',
    'host-shim/*.ts',
    'widgets/refund/selectPanel.ts',
    'widgets/*/validation.ts',
    'widgets/refund/replacement/validation.ts',
    'widgets/disruption/storage.ts',
    // The reference backend's decisions, whole files (docs/mutation-testing.md).
    'dev-host/backend/{refundRules,requests,committing,claimRules,uploadFiles}.js',
    '!**/*.test.*',
  ],
  ignoreStatic: true,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // break: the whole scope's score, rounded down (docs/mutation-testing.md "Score").
  thresholds: { high: 97, low: 95, break: 95 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
