import * as react from 'react';
import * as reactJsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as sharedAuth from '@cadence/shared-auth';
import * as sharedRouter from '@cadence/shared-router';
import * as sharedUi from '@cadence/shared-ui';
import * as zustand from 'zustand';

/** One entry of tooling/mf-shared.mjs `shared` (what the remotes' federation plugin is given). */
export interface SharedConfig {
  singleton: boolean;
  requiredVersion: string;
  version: string;
}

/**
 * The shell's own copy of each shared module, by share key: the very modules the shell renders
 * with, so a remote gets the shell's React, router context and auth store. A trailing-slash key
 * of the config ('react/') is provided by the subpaths remotes import ('react/jsx-runtime').
 */
export const sharedLibraries: Record<string, object> = {
  react,
  'react/jsx-runtime': reactJsxRuntime,
  'react-dom': reactDom,
  'react-dom/client': reactDomClient,
  '@cadence/shared-router': sharedRouter,
  zustand,
  '@cadence/shared-auth': sharedAuth,
  // The shell renders the primitives itself (nav, footer, landing), so remotes get its one copy.
  '@cadence/shared-ui': sharedUi,
  // Not the remote-only shares (REMOTE_ONLY_SHARES in tooling/mf-shared.mjs), such as the query cache.
};

/** The config a share key falls under: its own entry, else the trailing-slash key it starts with. */
export function configFor(key: string, config: Record<string, SharedConfig>): SharedConfig {
  const entry = config[key] ?? Object.entries(config).find(([prefix]) => prefix.endsWith('/') && key.startsWith(prefix))?.[1];
  if (!entry) throw new Error(`${key} is not in the federation shared config (tooling/mf-shared.mjs)`);
  return entry;
}

/** Each library the shell provides, with its version and singleton range (federation-runtime.ts hands them to createInstance). */
export function providedShares(config: Record<string, SharedConfig>, libraries: Record<string, object> = sharedLibraries) {
  return Object.fromEntries(
    Object.entries(libraries).map(([key, library]) => {
      const { singleton, requiredVersion, version } = configFor(key, config);
      return [key, { version, lib: () => library, shareConfig: { singleton, requiredVersion } }];
    }),
  );
}
