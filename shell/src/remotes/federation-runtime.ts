// The shell's Module Federation 2 runtime, in its own chunk (load-remote.ts imports it when a page first
// needs a remote). The shell is not built with the federation plugin (tooling/rspack-app.mjs): it
// creates its instance here, provides its own copies of the shared modules (provided-shares.ts), and
// hands the runtime core to the remotes, which are built to use the host's instead of bundling one
// (externalRuntime): one runtime on the page.
import { createInstance } from '@module-federation/runtime';
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import type { RemotesFile } from './discover-remotes.ts';
import { providedShares } from './provided-shares.ts';
import { retryPlugin } from './retry-plugin.ts';

const federation = createInstance({
  name: 'shell',
  remotes: [],
  shared: providedShares(__FEDERATION_SHARED__),
  // A remote that is down must not hold up the others (reference/module-federation.md §1.1).
  shareStrategy: 'loaded-first',
  plugins: [injectExternalRuntimeCore(), retryPlugin()],
});

const registered = new Map<string, string>();

/**
 * Loads one exposed module, registering its remote's remoteEntry.js first (the one remotes.json names,
 * copied there from the remote's versioned mf-manifest.json at deploy, so the runtime reads no manifest:
 * no round trip for it and no snapshot code in this chunk). load-remote.ts preloads the page's own
 * files alongside the entry.
 */
export function loadRemote<T>(id: string, remotes: RemotesFile): Promise<T | null> {
  const [name = ''] = id.split('/');
  const pointer = remotes[name];
  if (!pointer) return Promise.reject(new Error(`remotes.json has no remote ${name}`));
  const entry = new URL(pointer.remoteEntry, document.baseURI).href;
  if (registered.get(name) !== entry) {
    federation.registerRemotes([{ name, entry }], { force: registered.has(name) });
    registered.set(name, entry);
  }
  return federation.loadRemote<T>(id);
}
