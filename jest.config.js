/** One jest run across every workspace; sources are used directly (no build needed to test). */
const swc = [
  '@swc/jest',
  { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
];

const moduleNameMapper = {
  '^@pfs/proto/(common|identity|ledger|categorization|tax|bills|documents|assistant|webhooks)$':
    '<rootDir>/proto/gen/pfs/$1/v1/$1.ts',
  // Further files of a package: @pfs/proto/ledger/v1/expenses → proto/gen/pfs/ledger/v1/expenses.ts
  '^@pfs/proto/(\\w+)/v1/(\\w+)$': '<rootDir>/proto/gen/pfs/$1/v1/$2.ts',
  '^@pfs/kit/tracing$': '<rootDir>/services/kit/src/tracing.ts',
  '^@pfs/kit/ports$': '<rootDir>/services/kit/src/ports.ts',
  '^@pfs/kit$': '<rootDir>/services/kit/src/index.ts',
  '^@pfs/(identity|ledger|categorization|bills|tax|documents|assistant|webhooks|standalone)$':
    '<rootDir>/services/$1/src/index.ts',
  '^@pfs/gateway$': '<rootDir>/gateway/src/index.ts',
};

const common = {
  rootDir: __dirname,
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper,
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};

module.exports = {
  // Integration tests start real servers; hooks share this timeout (it is not a per-project option).
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/test/unit/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/test/integration/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      globalSetup: '<rootDir>/tools/testing/embedded-postgres-setup.mjs',
      globalTeardown: '<rootDir>/tools/testing/embedded-postgres-teardown.mjs',
    },
    {
      ...common,
      displayName: 'distributed',
      testMatch: ['<rootDir>/**/test/distributed/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
    },
  ],
};
