// Who is waiting in a video room (issue 34), for Today and the calendar's details: the therapist's
// rooms with someone waiting, read once (one list query on the rooms' userId index) and kept current
// over Appwrite Realtime (one socket per screen that shows it). The rooms are written only by the
// video-room function; the therapist reads their own.
import { appwrite, attempt, documentsChannel, executeFunction, getConfig, Query, subscribeLive } from '@cadence/shared-auth';
import { useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { VIDEO_COLLECTIONS } from '@cadence/shared-auth/video/collections';
import type { EnterAnswer } from '@cadence/shared-auth/video';
import { useEffect } from 'react';
import { useUserId } from '../../shared/use-user-id.ts';

/** appointmentId → since when its client has been waiting (ISO). */
export type WaitingRooms = ReadonlyMap<string, string>;

interface RoomRow { $id: string; userId?: string; appointmentId?: string; waitingSince?: string | null; endedAt?: string | null }

const waitingKey = (userId: string) => ['video-rooms', 'waiting', userId] as const;

/** Someone waits in this room (and it has not ended). */
const waitingIn = (room: RoomRow): string | null => (room.waitingSince && !room.endedAt ? room.waitingSince : null);

async function listWaiting(userId: string): Promise<WaitingRooms> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    databaseId: getConfig().databaseId, collectionId: VIDEO_COLLECTIONS.rooms,
    queries: [Query.equal('userId', userId), Query.isNotNull('waitingSince'), Query.limit(100)], total: false,
  }));
  const waiting = new Map<string, string>();
  for (const room of page.documents as unknown as RoomRow[]) {
    const since = waitingIn(room);
    if (since && room.userId === userId) waiting.set(room.appointmentId ?? room.$id, since);
  }
  return waiting;
}

export function useWaitingRooms(): WaitingRooms {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: waitingKey(userId), queryFn: () => listWaiting(userId), enabled: userId !== '', staleTime: 30_000 });
  useEffect(() => {
    if (!userId) return undefined;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Read again once live (the list may have loaded before the subscription was) and after each reconnect.
    const refresh = () => void queryClient.invalidateQueries({ queryKey: waitingKey(userId) });
    void subscribeLive<RoomRow>([documentsChannel(VIDEO_COLLECTIONS.rooms)], ({ payload }) => {
      if (payload.userId !== userId) return;
      queryClient.setQueryData<WaitingRooms>(waitingKey(userId), (old) => {
        const next = new Map(old ?? []);
        const since = waitingIn(payload);
        const id = payload.appointmentId ?? payload.$id;
        if (since) next.set(id, since);
        else next.delete(id);
        return next;
      });
    }, refresh).then((unsubscribe) => {
      if (cancelled) unsubscribe();
      else {
        stop = unsubscribe;
        refresh();
      }
    }, () => undefined);
    return () => { cancelled = true; stop?.(); };
  }, [userId, queryClient]);
  return query.data ?? EMPTY;
}

const EMPTY: WaitingRooms = new Map();

/** Lets the waiting client in (the room page then joins the call they are already in). */
export async function admitWaiting(appointmentId: string): Promise<string | null> {
  const answer = await executeFunction<EnterAnswer>('videoRoom', { action: 'admit', appointmentId }, { acceptRefusal: true });
  return answer.success === false ? (answer.error ?? 'That did not work. Please try again.') : null;
}
