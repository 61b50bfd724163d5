// Two projects: pure unit tests (*.test.ts) and integration tests on real services (*.int.test.ts).
// The integration project needs DATABASE_URL and REDIS_URL, which `npm test` provisions.
const transform = { '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }] };
const common = {
  transform,
  transformIgnorePatterns: ['/node_modules/(?!(jose)/)'],
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
      testTimeout: 30000,
    },
  ],
};
