// The one Module Federation `shared` configuration every app uses (ARCHITECTURE.md "Composition").
// Versions come from the pnpm catalog, so a bump there moves every build at once.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const workspaceFile = fileURLToPath(new URL('../pnpm-workspace.yaml', import.meta.url));

/** @returns {Record<string, string>} package name → exact version pinned in the catalog */
export function catalogVersions() {
  const text = readFileSync(workspaceFile, 'utf8');
  const block = text.split(/^catalog:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  const versions = {};
  for (const line of block.split('\n')) {
    const match = /^\s+'?([^':\s]+)'?:\s*'?([^'\s#]+)'?/.exec(line);
    if (match) versions[match[1]] = match[2];
  }
  return versions;
}

const versions = catalogVersions();
/** A catalog package's singleton config: the pinned version, required as a caret range. */
const fromCatalog = (name) => {
  const version = versions[name];
  if (!version) throw new Error(`${name} is not pinned in the pnpm catalog`);
  return { singleton: true, requiredVersion: `^${version}`, version };
};

/** A workspace package's: its own package.json version (a real semver, never workspace:*). */
const fromWorkspace = (dir) => {
  const { version } = JSON.parse(readFileSync(fileURLToPath(new URL(`../${dir}/package.json`, import.meta.url)), 'utf8'));
  return { singleton: true, requiredVersion: `^${version}`, version };
};

// Singletons with explicit semver ranges: a range, not `workspace:*`, so the runtime can
// negotiate (reference/module-federation.md §3). Trailing-slash keys share subpaths such as
// react/jsx-runtime and react-dom/client, which would otherwise load a second React.
export const shared = {
  react: fromCatalog('react'),
  'react/': fromCatalog('react'),
  'react-dom': fromCatalog('react-dom'),
  'react-dom/': fromCatalog('react-dom'),
  // The router is shared through @cadence/shared-router, never as react-router itself: a shared
  // module is provided whole, and the wrapper re-exports only what the apps use, so react-router is
  // tree-shaken inside that one chunk (bench: `pnpm bench`). Still one router context.
  '@cadence/shared-router': fromWorkspace('shared-router'),
  zustand: fromCatalog('zustand'),
  // shared-auth is the one runtime importer of the appwrite SDK (eslint keeps it so), so appwrite
  // is not shared: it is bundled, tree-shaken to what shared-auth uses, inside shared-auth's chunk.
  '@cadence/shared-auth': fromWorkspace('shared-auth'),
  // The one query cache (TanStack Query inside), loaded with the first remote that needs it.
  '@cadence/shared-auth/query': fromWorkspace('shared-auth'),
  // The design system's primitives and icons: one copy per page, whichever remote loads first.
  '@cadence/shared-ui': fromWorkspace('shared-ui'),
};

/**
 * Shares the shell never loads, so it does not provide them (shell/src/remotes/provided-shares.ts
 * provides every other): the remotes that use them negotiate one copy among themselves (the first
 * loaded provides it), so these keep their fallback in a production remote. The query cache is one
 * of them — the shell renders no server state, and providing it would put TanStack Query on the
 * landing page.
 */
export const REMOTE_ONLY_SHARES = ['@cadence/shared-auth/query'];
