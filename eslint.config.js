// Type-aware lint: a missing `await` in an API test is the most common false pass,
// so floating and misused promises are errors everywhere.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import playwright from 'eslint-plugin-playwright';
import prettier from 'eslint-config-prettier';
import { layerRules } from './layers.config.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'reports/',
      'test-results/',
      'playwright-report/',
      'generated/',
      // An independent counterpart, written by someone who never read the kit: its code is its own, never the kit's.
      'counterparts/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
      eqeqeq: 'error',
      // Playwright fixtures take their dependencies as an object pattern, which may be empty.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    files: ['suites/**/*.ts', 'fixtures/**/*.ts'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      'playwright/no-conditional-in-test': 'off',
      'playwright/no-skipped-test': ['error', { allowConditional: true }],
      'playwright/expect-expect': ['error', { assertFunctionPatterns: ['^expect[A-Z]', '^assert[A-Z]'] }],
    },
  },
  {
    files: ['scripts/**/*.ts', 'bench/**/*.ts', 'bench/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
  // Every arrow downward (layers.config.js).
  ...layerRules(),
  { files: ['eslint.config.js', 'layers.config.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { Buffer: 'readonly', process: 'readonly', console: 'readonly' } },
  },
  prettier,
);
