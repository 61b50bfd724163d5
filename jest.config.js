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

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/*.test.ts'], testPathIgnorePatterns: ['\\.int\\.test\\.ts$'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['**/*.int.test.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/tests/support/integration-setup.ts'],
    },
  ],
};
