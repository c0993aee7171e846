// ESLint: typescript-eslint with type information, plus the rules that keep dependencies
// pointing one way (engine ← solver ← extension; webview sees only src/protocol) and forbid
// import cycles anywhere.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** `no-restricted-imports` patterns that forbid importing the named parts of the tree. */
function forbid(parts, message) {
  return { regex: `(^|/)(${parts.join('|')})(/|$)`, message };
}
/** Forbids package and built-in imports other than those starting with one of `allowed`. */
const bare = (allowed, message) => ({ regex: `^(?!${['\\.', ...allowed].join('|')})`, message });

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', '.cache/', 'test-results/', '**/*.d.ts'] },
  js.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // No module may import, directly or through others, a module that imports it: each part of
    // the tree reads from the parts below it only. Type-only imports are left out (they leave no
    // trace at run time).
    files: ['**/*.ts', '**/*.mjs'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.mjs', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.mjs', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': ['error', { patterns: [
        bare([], 'the engine is pure: no packages, no Node, no vscode'),
        forbid(['solver', 'protocol', 'extension', 'webview'], 'the engine imports nothing of ours'),
      ] }],
    },
  },
  {
    files: ['src/solver/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        bare(['node:'], 'the solver uses only Node built-ins'),
        forbid(['extension', 'webview'], 'the solver imports only the engine and protocol types'),
      ] }],
    },
  },
  {
    files: ['src/webworker/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        bare([], 'the solver\'s Web Worker runs in a browser: no packages, no Node, no vscode'),
        forbid(['extension', 'webview'], 'the Web Worker imports only the engine, the solver and protocol types'),
      ] }],
    },
  },
  {
    files: ['src/extension/web/**/*.ts', 'src/extension/webExtension.ts', 'src/extension/activate.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^node:', message: 'the browser\'s extension host has no Node' },
        forbid(['webview'], 'the host talks to the webview only through messages'),
      ] }],
    },
  },
  {
    files: ['src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        bare([], 'protocol holds types only'),
        forbid(['engine', 'solver', 'extension', 'webview'], 'protocol imports nothing of ours'),
      ] }],
    },
  },
  {
    files: ['src/extension/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        forbid(['webview'], 'the host talks to the webview only through messages'),
        { regex: '^lit', message: 'Lit belongs to the webview' },
      ] }],
    },
  },
  {
    files: ['webview/**/*.ts'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        bare(['lit'], 'the webview bundles only Lit'),
        forbid(['engine', 'solver', 'extension'], 'the webview imports only src/protocol'),
      ] }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests reach into values they have just checked; the assertion is the guard.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
