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

/**
 * Appwrite Realtime over the one client (same origin `/v1/realtime` through the app server): the
 * callback gets each event on these channels for documents the user may read. Answers the
 * unsubscribe. Each subscription has its own socket, so one screen's teardown (a remount) never
 * leaves the next one's subscription waiting on a socket being closed.
 */
export async function subscribeLive<T>(channels: string[], callback: (event: LiveEvent<T>) => void): Promise<() => void> {
  const realtime = new Realtime(appwrite().client);
  await realtime.subscribe<T>(channels, callback);
  return () => { void realtime.disconnect(); };
}
