// Shared jest settings: TypeScript through SWC into native ESM, with Nest's legacy decorators and metadata.
export function jestConfig({ roots, setupFiles = [] }) {
  return {
    testEnvironment: 'node',
    roots,
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform: {
      '^.+\\.tsx?$': [
        '@swc/jest',
        {
          jsc: {
            target: 'es2022',
            parser: { syntax: 'typescript', decorators: true, tsx: true },
            transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
            keepClassNames: true,
          },
          module: { type: 'es6' },
        },
      ],
    },
    moduleNameMapper: {
      '^@colouring/domain$': '<rootDir>/../domain/src/index.ts',
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    testMatch: ['**/*.test.ts'],
    setupFiles,
  };
}
