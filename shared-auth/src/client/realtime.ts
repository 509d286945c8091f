import { Realtime, type RealtimeResponseEvent } from 'appwrite';
import { appwrite } from './appwrite-client.ts';
import { getConfig } from '../config/config.ts';

/** One Realtime event: what Appwrite sends for a document the signed-in user may read. */
export type LiveEvent<T> = Pick<RealtimeResponseEvent<T>, 'events' | 'channels' | 'timestamp' | 'payload'>;

/** The channel of a collection's documents (`databases.<db>.collections.<id>.documents`), or one document's. */
export function documentsChannel(collectionId: string, documentId?: string): string {
  const base = `databases.${getConfig().databaseId}.collections.${collectionId}.documents`;
  return documentId ? `${base}.${documentId}` : base;
}

/** How long subscribeLive waits for the server to confirm the subscription before resolving anyway. */
export const LIVE_CONFIRM_MS = 10_000;

/** Appwrite's answer to a subscribe frame: `{type: 'response', data: {to: 'subscribe', success: true, subscriptions}}`. */
function confirmsSubscribe(data: unknown): boolean {
  if (typeof data !== 'string' || !data.includes('"subscribe"')) return false;
  try {
    const message = JSON.parse(data) as { type?: unknown; data?: { to?: unknown; success?: unknown } };
    return message.type === 'response' && message.data?.to === 'subscribe' && message.data.success === true;
  } catch {
    return false;
  }
}

/**
 * Appwrite Realtime over the one client (same origin `/v1/realtime` through the app server): the
 * callback gets each event on these channels for documents the user may read. Answers the
 * unsubscribe. Each subscription has its own socket, so one screen's teardown (a remount) never
 * leaves the next one's subscription waiting on a socket being closed.
 *
 * Resolves once the server has confirmed the subscription, so what a caller reads after it cannot
 * miss a change: the Web SDK's own `subscribe` resolves when the socket opens, before it even sends
 * its subscribe frame (it waits for the server's `connected`), and ignores Appwrite's answer to it.
 * After a dropped socket the SDK subscribes again; changes in the gap are not replayed, so
 * `onResubscribed` runs each time the server confirms again — read the state again there.
 */
export async function subscribeLive<T>(channels: string[], callback: (event: LiveEvent<T>) => void, onResubscribed?: () => void): Promise<() => void> {
  const realtime = new Realtime(appwrite().client);
  let confirmed = false;
  let resolveConfirmed = () => {};
  const confirmation = new Promise<void>((resolve) => { resolveConfirmed = resolve; });
  // Each socket the SDK opens (the first, and each after a reconnect) is its `socket` when it opens.
  realtime.onOpen(() => {
    const socket = (realtime as unknown as { socket?: WebSocket }).socket;
    socket?.addEventListener('message', (event: MessageEvent) => {
      if (!confirmsSubscribe(event.data)) return;
      if (!confirmed) {
        confirmed = true;
        resolveConfirmed();
      } else {
        onResubscribed?.();
      }
    });
  });
  await realtime.subscribe<T>(channels, callback);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([confirmation, new Promise<void>((resolve) => { timer = setTimeout(resolve, LIVE_CONFIRM_MS); })]);
  clearTimeout(timer);
  // Past the wait without an answer, a late confirmation counts as a new one: the caller reads again.
  confirmed = true;
  return () => { void realtime.disconnect(); };
}
