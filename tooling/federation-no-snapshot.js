// The shell's stand-in for @module-federation/runtime-core's SnapshotHandler (tooling/rspack-app.mjs
// swaps it in for the shell's build only). The shell's runtime loads every remote by the remoteEntry.js
// that remotes.json names, never by a manifest, so the snapshot plugin is off
// (FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN); the runtime still builds a SnapshotHandler for
// preloadRemote (never called: load-remote.ts preloads a page's files itself) and reads two of its
// parts when a remote is registered again. Those two are kept; the manifest loading (~1.9 KB gzip of
// the runtime chunk) goes. tooling/remote-build.test.ts holds the chunk to its budget.
import { DisabledSnapshotHandler } from 'cadence-federation-disabled-snapshot';

export class SnapshotHandler extends DisabledSnapshotHandler {
  constructor() {
    super();
    // removeRemote (registerRemotes with force) forgets a remote's manifest here.
    this.manifestCache = new Map();
  }

  loadRemoteSnapshotInfo() {
    throw new Error('The shell loads remotes by their remoteEntry.js: no manifest snapshot');
  }
}

/** removeRemote reads the host's snapshot of a remote: with no manifests read there is none. */
export function getGlobalRemoteInfo() {
  return { hostGlobalSnapshot: undefined };
}
