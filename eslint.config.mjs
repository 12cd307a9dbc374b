// ESLint flat config: JS + typescript-eslint recommended everywhere (app, server, tests, tools),
// plus our local "layers" plugin for the one-way import flow of src/ and the server's import rules (docs/ARCHITECTURE.md).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importFlow from './eslint-rules/import-flow.mjs';
import noBarrel from './eslint-rules/no-barrel.mjs';
import serverImports from './eslint-rules/server-imports.mjs';

const layers = { meta: { name: 'layers' }, rules: { 'import-flow': importFlow, 'no-barrel': noBarrel, 'server-imports': serverImports } };

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'coverage/**', '.swc/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // `any` only with a one-line comment saying why — write it as the disable directive's reason.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // The app: browser-like globals (Taro provides them on weapp), process.env.TARO_ENV, the layer flow.
    files: ['src/**/*.{ts,tsx,js,jsx}'],
    languageOptions: { globals: { ...globals.browser, process: 'readonly' } },
    plugins: { layers },
    rules: {
      'layers/import-flow': 'error',
      'layers/no-barrel': 'error',
    },
  },
  {
    // The server: a route never imports a route; server/src/domain (pure rules) imports neither Fastify nor the database.
    files: ['server/src/**/*.ts'],
    plugins: { layers },
    rules: { 'layers/server-imports': 'error' },
  },
  {
    files: ['types/**/*.d.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Node side: server, tools, build config, server and browser-driving tests.
    files: [
      'server/**',
      'scripts/**',
      'config/**',
      'bench/**',
      'tests/server/**',
      'tests/e2e/**',
      'tests/weapp/**',
      'eslint-rules/**',
      '*.{js,mjs,cjs,ts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['tests/unit/**', 'tests/component/**', 'tests/setup/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.browser, ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Scripts injected into the page by the browser tests run in the page, not in Node.
    files: ['tests/e2e/fake-native-host.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
);
