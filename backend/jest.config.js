// Backend tests run in plain Node (jest-light-runner), not in jest's module sandbox: Nest 12 is ESM-only while
// some Nest packages (@nestjs/throttler, nestjs-pino) are CommonJS that require() it, which only Node itself can load.
// TypeScript is compiled on the fly by @swc-node/register, with decorator metadata, from backend/tsconfig.json.
export default {
  runner: 'jest-light-runner',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  testTimeout: 60000,
};
