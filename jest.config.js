/**
 * Jest: ts-jest (transpile only; `npm run typecheck` checks types), jsdom, tests beside the code.
 * Projects: "london" (jsdom), "node" (the dev host's HTTP tests, the build's plugins) and "auckland" (below).
 * Time zones (docs/testing.md): every test runs in Europe/London, whatever the caller's shell says;
 * the tests of time formatting and of the views that show times run a second time in
 * Pacific/Auckland (project "auckland"), far from London, so a time shifted by the machine's zone
 * fails there or on London's clock changes.
 */

// Pinned here, not in the caller's shell: the workers Jest starts inherit it; the node project
// (dev host) keeps it; the jsdom projects set their own zone per file (timeZoneEnvironment).
process.env.TZ = 'Europe/London';

const ts = {
  '^.+\\.tsx?$': [
    'ts-jest',
    {
      tsconfig: {
        isolatedModules: true,
        jsx: 'react-jsx',
        module: 'commonjs',
        esModuleInterop: true,
        resolveJsonModule: true,
      },
    },
  ],
};

/** What both projects share. */
const common = {
  testEnvironment: '<rootDir>/test/timeZoneEnvironment.js',
  transform: ts,
  moduleNameMapper: {
    '^@rw/page-runtime$': '<rootDir>/shared/runtime/index.ts',
    '\\.css$': '<rootDir>/test/styleStub.js',
    '\\.(svg|png|jpe?g|gif)$': '<rootDir>/test/fileStub.js',
  },
  // Mock Service Worker's Node build in jsdom (docs/testing.md "Faking the API").
  resolver: '<rootDir>/test/nodeExportsResolver.js',
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  snapshotSerializers: ['<rootDir>/test/stableIds.js'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
};

/**
 * The dev host's HTTP tests, the fixtures' checks, the build's plugins and the bench's report run in
 * node (real fetch, no DOM).
 */
const NODE_TESTS = [
  '<rootDir>/dev-host/**/*.test.js',
  '<rootDir>/fixtures/fixtures.test.js',
  '<rootDir>/build/**/*.test.js',
  '<rootDir>/bench/**/*.test.js',
];

/** The tests of time formatting and of the views that show times (run in both zones). */
const TIME_TESTS = [
  '<rootDir>/shared/format/**/*.test.ts',
  '<rootDir>/shared/journey/**/*.test.{ts,tsx}',
  '<rootDir>/widgets/journey-summary/**/*.test.tsx',
];

module.exports = {
  // Only failures and the summary (docs/testing.md "Quiet output"): a passing run prints a few lines.
  reporters: [['summary', { summaryThreshold: 0 }]],
  // Three workers on CI's two cores: measured 64 s (2 workers: 70 s; Jest's default of one: 100 s+).
  // Not worker threads: the time-zone projects need a process per worker (TZ is process-wide).
  maxWorkers: 3,
  projects: [
    {
      ...common,
      displayName: 'london',
      testEnvironmentOptions: { timeZone: 'Europe/London' },
      roots: [
        '<rootDir>/host-shim',
        '<rootDir>/dev-host',
        '<rootDir>/widgets',
        '<rootDir>/shared',
        '<rootDir>/fixtures',
        '<rootDir>/contract',
        '<rootDir>/test',
      ],
      testMatch: ['**/*.test.ts', '**/*.test.tsx', '**/*.test.js'],
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, '/dev-host/', '/fixtures/fixtures\\.test\\.js$'],
    },
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      roots: ['<rootDir>/dev-host', '<rootDir>/fixtures', '<rootDir>/build', '<rootDir>/bench'],
      testMatch: NODE_TESTS,
    },
    {
      ...common,
      displayName: 'auckland',
      testEnvironmentOptions: { timeZone: 'Pacific/Auckland' },
      roots: ['<rootDir>/shared', '<rootDir>/widgets'],
      testMatch: TIME_TESTS,
    },
  ],
};
