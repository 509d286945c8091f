import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import type { RemoteEntryExports } from '@module-federation/runtime/types';

/**
 * Waits before each further attempt: a blip (a deploy switching its pointer, a dropped connection)
 * passes unnoticed, while a real outage still shows the route's Retry within about a second.
 */
export const RETRY_DELAYS_MS: readonly number[] = [200, 600];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Cadence's retry as a federation runtime plugin (MF's own retry plugin is not published on the 2.x
 * line this project pins): a remote's remoteEntry.js is tried again after RETRY_DELAYS_MS before the
 * load fails and the route's error boundary offers Retry. (The runtime reads no manifest: remotes.json
 * names each remoteEntry.js.)
 */
export function retryPlugin(delays: readonly number[] = RETRY_DELAYS_MS): ModuleFederationRuntimePlugin {
  return {
    name: 'cadence-retry',
    // remoteEntry.js: the runtime calls this once its script failed to load (not when it ran and threw).
    // (The hook's declared result is a promise of one: the runtime awaits what this returns.)
    async loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }): Promise<Promise<RemoteEntryExports | undefined> | undefined> {
      let lastError: unknown = new Error(`${remoteInfo.entry} did not load`);
      for (const delay of delays) {
        await wait(delay);
        // The failed load is still cached under this key: drop it, or the next attempt would await it.
        delete globalLoading[uniqueKey];
        try {
          const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
          if (exports) return Promise.resolve(exports);
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError;
    },
  };
}
