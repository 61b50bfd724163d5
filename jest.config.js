// Two projects: pure unit tests (*.test.ts) and integration tests on real services (*.int.test.ts).
// The integration project needs DATABASE_URL and REDIS_URL, which `npm test` provisions.
const transform = { '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }] };
const common = {
  transform,
  // ESM-only packages jest must compile to CommonJS (Node 20 jest cannot require ESM).
  transformIgnorePatterns: ['/node_modules/(?!(jose|@seriousme/openapi-schema-validator)/)'],
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
};

// Files that measure this machine's own pace (bursts against real rate-limit windows). `npm test` runs every other
// file first, two at a time (AISLE_TEST_PHASE=shared), then these alone (AISLE_TEST_PHASE=alone), so that no other
// file's load skews them; without the variable the integration project holds every file.
const ALONE = ['/tests/reliability/rate-limit-accuracy\\.int\\.test\\.ts$'];
const phase = process.env.AISLE_TEST_PHASE;
const integrationFiles =
  phase === 'alone'
    ? { testRegex: ALONE }
    : { testMatch: ['**/*.int.test.ts'], testPathIgnorePatterns: phase === 'shared' ? ALONE : [] };

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/*.test.ts'], testPathIgnorePatterns: ['\\.int\\.test\\.ts$'] },
    {
      ...common,
      displayName: 'integration',
      ...integrationFiles,
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/tests/support/integration-setup.ts'],
    },
  ],
};
