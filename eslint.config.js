// One lint config for the workspace. The boundary rules keep dependencies flowing one way:
// libraries → shared-auth → remotes → shell composes (STYLE.md "Layout shows the architecture").
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { remotes } from './tooling/remotes.mjs';

// Routing comes from @cadence/shared-router, the federation singleton holding just the names the
// apps use; a direct react-router import would bundle a second router beside the shared one.
const routerLibraries = {
  group: ['react-router', 'react-router/**', 'react-router-dom', 'react-router-dom/**'],
  message: 'Import routing from @cadence/shared-router (one router, shared and tree-shaken), never react-router directly.',
};
// The appwrite SDK runs only inside shared-auth: it is not a federation share, so a value import
// elsewhere would bundle a second SDK. Types are free.
const appwriteOutsideSharedAuth = {
  group: ['appwrite'],
  allowTypeImports: true,
  message: 'Use the Appwrite SDK through @cadence/shared-auth (the only runtime importer of appwrite); `import type` is fine.',
};
// Likewise TanStack Query: one cache, one copy, inside the @cadence/shared-auth/query singleton.
const queryOutsideSharedAuth = {
  group: ['@tanstack/react-query', '@tanstack/query-core'],
  allowTypeImports: true,
  message: 'Use queries through @cadence/shared-auth/query (the one query cache); `import type` is fine.',
};
// MemoryRouter is for unit tests; it is not in the shared chunk. Likewise shared-auth's seams
// (configureAppwrite, setConfig, …): app code gets its config from /config.json, never set by hand.
const routerTesting = {
  group: ['@cadence/shared-router/testing', '@cadence/shared-auth/testing'],
  message: 'The /testing entries are for unit tests only.',
};

/**
 * The import rule of one package folder (`production` patterns apply outside its unit tests; tests
 * may mount pages in a MemoryRouter and build SDK errors to feed them).
 */
function boundaries(folder, patterns, production = [], { ownsRouter = false } = {}) {
  const router = ownsRouter ? [] : [routerLibraries];
  const rule = (extra) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...patterns, ...router, ...extra] }] });
  return [
    { files: [`${folder}/**/*.{ts,tsx}`], rules: rule([...production, routerTesting]) },
    { files: [`${folder}/**/*.test.{ts,tsx}`, `${folder}/test/**/*.{ts,tsx}`], rules: rule([]) },
  ];
}

// Every remote the shell composes (tooling/remotes.mjs), by folder and by federation name, so a
// sixth remote is covered without editing this file.
const remoteDirs = Object.values(remotes).map((remote) => remote.dir);
const remoteModules = [...remoteDirs.map((dir) => `**/${dir}/**`), 'mf_*/**', 'mf_*'];
const remoteOrShell = {
  group: [...remoteModules, '**/shell/**', 'shell/**'],
  message: 'A remote never imports another remote or the shell; shared code belongs in @cadence/shared-auth.',
};
// The shell composes remotes at runtime through the federation runtime; it may name their types
// (the typed seam), never bundle their code.
const remoteCodeInShell = {
  group: remoteModules,
  allowTypeImports: true,
  message: 'The shell loads remotes at runtime (shell/src/remotes); only `import type` from a remote.',
};
// shared-ui is imported by its package name only (its exports are its public face), and it is the
// one importer of the icon library, so every screen draws the same icons, tree-shaken to those used.
const sharedUiByName = {
  regex: '^(\\.{1,2}/(.*/)?shared-ui/|@cadence/shared-ui/src/)',
  message: 'Import @cadence/shared-ui by its package name, never its files.',
};
const iconLibrary = {
  group: ['lucide-react', 'lucide-react/**'],
  message: 'Icons come from @cadence/shared-ui (the names Cadence uses), never from the icon library directly.',
};
// shared-ui is presentational only: no data, no auth, no routing, no app code.
const sharedUiPresentational = {
  group: ['@cadence/shared-auth', '@cadence/shared-auth/**', '@cadence/shared-router', '@cadence/shared-router/**', 'appwrite', 'zustand', '@tanstack/**'],
  message: 'shared-ui is presentational only: no data, no auth, no routing (pass what a primitive shows as props).',
};
const sharedAuth = { group: ['@cadence/shared-auth', '@cadence/shared-auth/**'], message: 'shared-router is routing only: no auth, no app code.' };

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
    files: ['shell/src/**/*.{ts,tsx}', 'shared-auth/src/**/*.{ts,tsx}', 'shared-ui/src/**/*.{ts,tsx}', ...remoteDirs.map((dir) => `${dir}/src/**/*.{ts,tsx}`)],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
  {
    // One date style (issue #37): the dashboard and the account area show every date and time through
    // @cadence/shared-auth's formatDate / formatTime / formatDateTime. Zone arithmetic (time-zone.ts,
    // calendar-dates.ts) still reads Intl's clock parts, never to show them.
    files: ['mf-dashboard/src/**/*.{ts,tsx}', 'mf-account/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'mf-dashboard/src/shared/time-zone.ts', 'mf-dashboard/src/schedule/calendar-dates.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          "CallExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
          // toLocaleString is also a number's (counts): only its date options are refused.
          "CallExpression[callee.property.name='toLocaleString'] > ObjectExpression > Property[key.name=/^(weekday|year|month|day|hour|minute|second|dateStyle|timeStyle|timeZone)$/]",
          "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
        ].map((selector) => ({ selector, message: 'Show dates and times with formatDate / formatTime / formatDateTime from @cadence/shared-auth (one date style).' })),
      ],
    },
  },
  ...boundaries('shell', [remoteCodeInShell, sharedUiByName, iconLibrary], [appwriteOutsideSharedAuth, queryOutsideSharedAuth]),
  ...remoteDirs.flatMap((dir) => boundaries(dir, [remoteOrShell, sharedUiByName, iconLibrary], [appwriteOutsideSharedAuth, queryOutsideSharedAuth])),
  ...boundaries('shared-auth', [{ ...remoteOrShell, message: 'shared-auth imports no remote and no shell code.' }, sharedUiByName, iconLibrary]),
  ...boundaries('shared-router', [{ ...remoteOrShell, message: 'shared-router imports no remote and no shell code.' }, sharedAuth, sharedUiByName, iconLibrary], [], { ownsRouter: true }),
  ...boundaries('shared-ui', [{ ...remoteOrShell, message: 'shared-ui imports no remote and no shell code.' }, sharedUiPresentational]),
);

