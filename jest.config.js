/** Jest: ts-jest (transpile only; `npm run typecheck` checks types), jsdom, tests beside the code. */
module.exports = {
  // Two workers on CI's two cores (Jest's default keeps one core for itself: 100 s instead of 60 s).
  maxWorkers: 2,
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/host-shim', '<rootDir>/dev-host', '<rootDir>/widgets', '<rootDir>/shared', '<rootDir>/fixtures'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx', '**/*.test.js'],
  transform: {
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
  },
  moduleNameMapper: {
    '^@rw/page-runtime$': '<rootDir>/shared/runtime/index.ts',
    '\\.css$': '<rootDir>/shared/test/styleStub.js',
    '\\.(svg|png|jpe?g|gif)$': '<rootDir>/shared/test/fileStub.js',
  },
  setupFilesAfterEnv: ['<rootDir>/shared/test/setup.ts'],
  snapshotSerializers: ['<rootDir>/shared/test/stableIds.js'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
};
