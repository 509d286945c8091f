// One lint config for the workspace. The boundary rules keep dependencies flowing one way:
// libraries → shared-auth → remotes → shell composes (STYLE.md "Layout shows the architecture").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const remoteOrShell = {
  group: ['**/mf-auth/**', '**/mf-account/**', '**/mf-dashboard/**', '**/mf-billing/**', '**/mf-content/**', 'mf_*/**', 'mf_*', '**/shell/**', 'shell/**'],
  message: 'A remote never imports another remote or the shell; shared code belongs in @cadence/shared-auth.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'deploy/**', '.data/**', '**/test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { window: 'readonly', document: 'readonly', console: 'readonly', process: 'readonly', fetch: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', globalThis: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-undef': 'off',
    },
  },
  {
    // Playwright fixtures that use no other fixture must still destructure an (empty) object.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['mf-*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [remoteOrShell] }] },
  },
  {
    files: ['shared-auth/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ ...remoteOrShell, message: 'shared-auth imports no remote and no shell code.' }] }],
    },
  },
);
