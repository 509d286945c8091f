import { createInstance } from '@module-federation/runtime';
import type { RemoteEntryExports, RemoteInfo } from '@module-federation/runtime/types';
import { describe, expect, it, vi } from 'vitest';
import { retryPlugin } from './retry-plugin.ts';

const plugin = retryPlugin([0, 0]);

describe('the retry runtime plugin', () => {
  it('loads a remoteEntry.js that failed again, without the failed load the runtime keeps under its key', async () => {
    const remoteInfo: RemoteInfo = { name: 'mf_content', entry: 'remoteEntry.js', type: 'global', entryGlobalName: 'mf_content', shareScope: 'default' };
    const exports: RemoteEntryExports = { get: () => async () => ({}), init: async () => {} };
    const globalLoading: Record<string, Promise<RemoteEntryExports | void> | undefined> = { 'mf_content:entry': Promise.resolve() };
    const seen: boolean[] = [];
    const getRemoteEntry = vi.fn(async () => {
      seen.push('mf_content:entry' in globalLoading);
      if (getRemoteEntry.mock.calls.length < 2) throw new Error('RUNTIME-008');
      return exports;
    });
    const result = await plugin.loadEntryError?.({
      getRemoteEntry,
      origin: createInstance({ name: 'retry-test', remotes: [] }),
      remoteInfo,
      globalLoading,
      uniqueKey: 'mf_content:entry',
    });
    expect(result).toBe(exports);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([false, false]);
  });
});
