import { createInstance } from '@module-federation/runtime';
import type { RemoteEntryExports, RemoteInfo } from '@module-federation/runtime/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryPlugin } from './retry-plugin.ts';

const plugin = retryPlugin([0, 0]);
const manifest = 'https://cadence.test/remotes/mf-content/1/mf-manifest.json';

afterEach(() => vi.unstubAllGlobals());

/** The status of what the plugin's fetch hook answered (a Response, or nothing when it passes). */
async function statusOf(answer: Promise<Response> | Response | void | false | undefined): Promise<number | undefined> {
  const response = await answer;
  return response instanceof Response ? response.status : undefined;
}

describe('the retry runtime plugin', () => {
  it('fetches a manifest again after a server error or a network failure, and stops at the first answer', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await statusOf(plugin.fetch?.(manifest, {}))).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('takes a 4xx as the answer, and gives up with the last failure after its attempts', async () => {
    const notFound = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response('', { status: 404 }));
    vi.stubGlobal('fetch', notFound);
    expect(await statusOf(plugin.fetch?.(manifest, {}))).toBe(404);
    expect(notFound).toHaveBeenCalledTimes(1);

    const down = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', down);
    await expect(plugin.fetch?.(manifest, {})).rejects.toThrow('Failed to fetch');
    expect(down).toHaveBeenCalledTimes(3);
  });

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
