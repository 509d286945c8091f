// The shell's side of Module Federation that lives in main.js: the live pointers of /remotes.json, the
// preloading of a remote page's files and the way to the federation runtime, which is its own chunk
// (federation-runtime.ts), downloaded only when a page needs a remote, so a shell-only page such as
// the landing page carries no federation code.
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

const preloaded = new Set<string>();

/**
 * One file fetched ahead: remoteEntry.js as a preload (the runtime's own script for it then takes the
 * response; a failure there is the first of its retries); a page's chunk as the script it is (it only
 * queues its modules for the container) and its CSS as the stylesheet, which the container's chunk
 * loading then finds instead of asking again. A failed one is removed and forgotten, so the file's own
 * load later (the retry, Retry) asks the network again instead of taking the failure.
 */
function fetchAhead(href: string, kind: 'entry' | 'page'): void {
  if (preloaded.has(href)) return;
  preloaded.add(href);
  const css = href.endsWith('.css');
  const element = kind === 'page' && !css ? document.createElement('script') : document.createElement('link');
  if (element instanceof HTMLScriptElement) element.src = href;
  else {
    element.rel = kind === 'entry' ? 'preload' : 'stylesheet';
    if (kind === 'entry') element.as = 'script';
    element.href = href;
  }
  element.onerror = () => {
    element.remove();
    preloaded.delete(href);
  };
  document.head.append(element);
}

/**
 * Starts fetching the files of one exposed page ('mf_x/Page') that remotes.json lists — its chunks and
 * CSS — and, with `entry`, its remote's remoteEntry.js, so they come alongside what the page waits for
 * first (the runtime chunk, the session check) instead of one after another.
 */
export function preloadRemotePage(id: string, { entry = false } = {}): void {
  const [name = '', page = ''] = id.split('/');
  preloadRemotes()
    .then((remotes) => {
      const pointer = remotes[name];
      if (!pointer) return;
      const base = new URL(pointer.remoteEntry, document.baseURI);
      if (entry) fetchAhead(base.href, 'entry');
      for (const file of pointer.pages[page] ?? []) fetchAhead(new URL(file, base).href, 'page');
    })
    .catch(() => {});
}

/** Loads one exposed module ('mf_x/Page') through the federation runtime, its page's files preloaded alongside. */
export async function loadRemote<T>(id: string): Promise<T | null> {
  preloadRemotePage(id);
  const [federation, remotes] = await Promise.all([preloadFederationRuntime(), preloadRemotes()]);
  return federation.loadRemote<T>(id, remotes);
}
