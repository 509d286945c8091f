import type { TabChannel, TabMessage } from './idle-timer.ts';

const isMessage = (value: unknown): value is TabMessage =>
  typeof value === 'object' && value !== null && ['activity', 'limit', 'signed-out'].includes((value as { type?: unknown }).type as string);

/**
 * The signed-in tabs of this browser talking to each other (issue 17: activity in any tab keeps
 * every tab alive; signing out in one signs out all). BroadcastChannel where the browser has it;
 * otherwise localStorage, whose `storage` event reaches the other tabs of the origin (the key is
 * rewritten with a fresh nonce each time, since an unchanged value fires no event).
 */
export function openTabChannel(name: string): TabChannel & { close(): void } {
  const listeners = new Set<(message: TabMessage) => void>();
  const deliver = (value: unknown) => {
    if (isMessage(value)) for (const listener of listeners) listener(value);
  };

  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent) => deliver(event.data);
    return {
      post: (message) => channel.postMessage(message),
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: () => channel.close(),
    };
  }

  const key = `cadence.${name}`;
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key || !event.newValue) return;
    try {
      deliver((JSON.parse(event.newValue) as { message?: unknown }).message);
    } catch {
      // Not ours.
    }
  };
  globalThis.addEventListener?.('storage', onStorage);
  return {
    post: (message) => {
      try {
        globalThis.localStorage?.setItem(key, JSON.stringify({ message, nonce: `${Date.now()}-${Math.random()}` }));
      } catch {
        // No storage: this tab is on its own.
      }
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => globalThis.removeEventListener?.('storage', onStorage),
  };
}
