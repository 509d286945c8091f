// The shell's side of Module Federation that lives in main.js: the live pointers of /remotes.json and
// the way to the federation runtime, which is its own chunk (federation-runtime.ts), downloaded only
// when a page needs a remote, so a shell-only page such as the landing page carries no federation code.
import { discoverRemotes, type RemotesFile } from './discover-remotes.ts';

let discovery: Promise<RemotesFile> | null = null;

/** The live pointers of /remotes.json, fetched once per page; a failed fetch is retried next time. */
export function preloadRemotes(): Promise<RemotesFile> {
  discovery ??= discoverRemotes().catch((error: unknown) => {
    discovery = null;
    throw error;
  });
  return discovery;
}

type Runtime = typeof import('./federation-runtime.ts');
let runtime: Promise<Runtime> | null = null;

/**
 * Starts downloading the federation runtime chunk (once; a failed download is tried again next time).
 * bootstrap.tsx calls it for a first page that needs a remote, so the chunk comes alongside
 * /config.json and /remotes.json instead of after the page has rendered.
 */
export function preloadFederationRuntime(): Promise<Runtime> {
  runtime ??= import(/* webpackChunkName: "federation-runtime" */ './federation-runtime.ts').catch((error: unknown) => {
    runtime = null;
    throw error;
  });
  return runtime;
}

/** Loads one exposed module ('mf_x/Page') through the federation runtime. */
export async function loadRemote<T>(id: string): Promise<T | null> {
  const [federation, remotes] = await Promise.all([preloadFederationRuntime(), preloadRemotes()]);
  return federation.loadRemote<T>(id, remotes);
}
