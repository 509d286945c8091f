import type { Models } from 'appwrite';
import { appwrite } from '../client/appwrite-client.ts';
import { attempt } from '../client/errors.ts';

export type LoginSession = Models.Session;

/** spec §7: the signed-in user's sessions (Devices). Each carries Appwrite's `current` flag. */
export async function getSessions(): Promise<LoginSession[]> {
  const list = await attempt(() => appwrite().account.listSessions());
  return list.sessions;
}

export async function getCurrentSession(): Promise<LoginSession> {
  return attempt(() => appwrite().account.getSession({ sessionId: 'current' }));
}

/** Terminates one session by id ('current' signs this browser out). */
export async function deleteSession(sessionId: string): Promise<void> {
  await attempt(() => appwrite().account.deleteSession({ sessionId }));
}

/** Ids of the sessions to terminate for "Terminate All Others": every one but the current. */
export function otherSessionIds(sessions: readonly Pick<LoginSession, '$id' | 'current'>[]): string[] {
  return sessions.filter((session) => !session.current).map((session) => session.$id);
}

/**
 * spec §2 Devices "Terminate All Others": deletes every session except the current one (Appwrite's
 * delete-all would end this one too). Returns the ids deleted.
 */
export async function deleteOtherSessions(): Promise<string[]> {
  const ids = otherSessionIds(await getSessions());
  for (const id of ids) await deleteSession(id);
  return ids;
}
