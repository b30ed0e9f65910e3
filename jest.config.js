/** Jest: ts-jest (transpile only; `npm run typecheck` checks types), jsdom, tests beside the code. */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/host-shim', '<rootDir>/widgets', '<rootDir>/shared', '<rootDir>/fixtures'],
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
