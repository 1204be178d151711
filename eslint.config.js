// ESLint over domain, backend, frontend and the scripts: TypeScript, React with its hooks, accessibility of JSX, and no
// import cycles. Formatting is Prettier's (`npm run lint` checks both); eslint-config-prettier turns off rules it owns.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/build/',
      'var/',
      '**/.cache/',
      'backend/assets/',
      'frontend/public/',
      '**/playwright-report/',
      '**/test-results/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  { languageOptions: { globals: globals.node } },
  // CommonJS configuration files (dependency-cruiser reads only CommonJS) load modules with require().
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['backend/tsconfig.json', 'frontend/tsconfig.json', 'domain/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['frontend/app/**/*.{ts,tsx}'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    languageOptions: { ...react.configs.flat.recommended.languageOptions, globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: 'detect' } },
  },
  {
    files: ['frontend/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['frontend/app/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  prettier,
);
