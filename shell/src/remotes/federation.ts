// The shell's Module Federation runtime, in its own chunk: loaded by load-remote.ts when a page
// first needs a remote, so shell-only pages (the landing page) never download it. The shell is not
// built with the federation plugin (tooling/rspack-app.mjs); it creates its instance here, provides
// its own copies of the shared modules (provided-shares.ts), and hands the runtime to the remotes,
// which are built to use the host's runtime instead of bundling one (externalRuntime).
import { createInstance } from '@module-federation/enhanced/runtime';
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import { discoverRemotes } from './discover-remotes.ts';
import { providedShares } from './provided-shares.ts';

const federation = createInstance({
  name: 'shell',
  remotes: [],
  shared: providedShares(__FEDERATION_SHARED__),
  // A remote that is down must not block the others (reference/module-federation.md §1.1).
  shareStrategy: 'loaded-first',
  plugins: [injectExternalRuntimeCore()],
});

let registration: Promise<void> | null = null;

/** Registers the live pointers of /remotes.json once; a failed discovery is retried next time. */
function registerRemotes(): Promise<void> {
  registration ??= discoverRemotes()
    .then((remotes) => federation.registerRemotes(Object.entries(remotes).map(([name, { entry }]) => ({ name, entry }))))
    .catch((error: unknown) => {
      registration = null;
      throw error;
    });
  return registration;
}

export async function loadRemote<T>(id: string): Promise<T | null> {
  await registerRemotes();
  return federation.loadRemote<T>(id);
}
