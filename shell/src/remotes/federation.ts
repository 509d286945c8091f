// The shell's side of Module Federation. Remotes are built as classic containers (tooling/rspack-app.mjs):
// a remoteEntry.js that defines a global `{ init(shareScope), get(module) }` and carries its own small
// chunk loader and share negotiation, so the shell needs no federation runtime at all: it loads that
// script, hands every container one share scope holding the shell's own modules, and asks for a page.
// A remote route therefore costs the remoteEntry (~5 KB gzip) and one round trip for it; /remotes.json is
// fetched while the shell starts (bootstrap.tsx), before any route asks for a remote.
import { discoverRemotes, type RemotesFile } from './discover-remotes.ts';
import { providedShares } from './provided-shares.ts';

/** One version of a shared module in a share scope, as the containers' runtime reads and writes it. */
interface ShareScopeEntry {
  get: () => (() => unknown) | Promise<() => unknown>;
  from: string;
  eager: boolean;
  /** Set once a consumer took this copy; a loaded singleton is never replaced by another version. */
  loaded?: 1;
}
type ShareScope = Record<string, Record<string, ShareScopeEntry>>;

interface Container {
  init(shareScope: ShareScope): void | Promise<void>;
  get(module: string): Promise<() => unknown>;
}

/** The file every remote is built to (tooling/rspack-app.mjs), beside its mf-manifest.json. */
const REMOTE_ENTRY = 'remoteEntry.js';

// One scope for every container: the shell's copies are marked loaded, so a remote's singleton
// consumes them and never replaces them (one React, one router context, one auth store). Shares the
// shell does not provide (REMOTE_ONLY_SHARES) are registered by each remote that has them; the scope
// keeps one copy per version, and once a remote has used it every later consumer gets that copy.
const shareScope: ShareScope = Object.fromEntries(
  Object.entries(providedShares(__FEDERATION_SHARED__)).map(([key, { version, lib }]) => [
    key,
    { [version]: { get: () => lib, from: 'shell', eager: true, loaded: 1 } },
  ]),
);

let discovery: Promise<RemotesFile> | null = null;

/** The live pointers of /remotes.json, fetched once per page; a failed fetch is retried next time. */
export function preloadRemotes(): Promise<RemotesFile> {
  discovery ??= discoverRemotes().catch((error: unknown) => {
    discovery = null;
    throw error;
  });
  return discovery;
}

const containers = new Map<string, Promise<Container>>();

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`${url} did not load`));
    };
    document.head.append(script);
  });
}

/** The remote's container, initialised with the shared scope; a failed load is retried next time. */
function container(name: string, manifestUrl: string): Promise<Container> {
  const url = new URL(REMOTE_ENTRY, new URL(manifestUrl, document.baseURI)).href;
  let loading = containers.get(url);
  if (!loading) {
    loading = loadScript(url).then(async () => {
      const loaded = (globalThis as unknown as Record<string, Container | undefined>)[name];
      if (!loaded || typeof loaded.get !== 'function') throw new Error(`${url} defined no container ${name}`);
      await loaded.init(shareScope);
      return loaded;
    });
    loading.catch(() => containers.delete(url));
    containers.set(url, loading);
  }
  return loading;
}

/** Loads one exposed module ('mf_x/Page'): its remote's container, then the module's chunks. */
export async function loadRemote<T>(id: string): Promise<T | null> {
  const [name = '', ...rest] = id.split('/');
  const remotes = await preloadRemotes();
  const pointer = remotes[name];
  if (!pointer) throw new Error(`remotes.json has no remote ${name}`);
  const factory = await (await container(name, pointer.entry)).get(`./${rest.join('/')}`);
  return factory() as T;
}
