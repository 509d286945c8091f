import { appwrite, documentsChannel, executeFunction, getConfig, subscribeLive, type IceServer } from '@cadence/shared-auth';
import type { EnterAnswer, RoomBackend, RoomDocument } from '@cadence/shared-auth/video';
// The ids alone, not the call engine: the portal's home lists sessions with this module.
import { VIDEO_COLLECTIONS } from '@cadence/shared-auth/video/collections';

/** The video room's calls into shared-auth (the one Appwrite client and its Realtime socket). */
export function roomBackend(): RoomBackend {
  return {
    call: (body) => executeFunction<EnterAnswer>('videoRoom', body, { acceptRefusal: true }),
    live: (channels, callback, onResubscribed) => subscribeLive(channels, callback, onResubscribed),
    channel: documentsChannel,
    getRoom: (appointmentId) => appwrite().databases.getDocument({ databaseId: getConfig().databaseId, collectionId: VIDEO_COLLECTIONS.rooms, documentId: appointmentId })
      .then((doc) => doc as unknown as RoomDocument, () => null),
    iceServers: (getConfig().iceServers ?? []) as IceServer[] as RTCIceServer[],
  };
}

export interface VideoSession { appointmentId: string; start: string; end: string; practiceName: string; opensAt: string }

/** The login's telehealth sessions from 4 hours ago to a week ahead (video-room `mine`). */
export async function listVideoSessions(): Promise<VideoSession[]> {
  const answer = await executeFunction<{ success?: boolean; sessions?: VideoSession[] }>('videoRoom', { action: 'mine' });
  return answer.sessions ?? [];
}

export const videoPath = (appointmentId: string) => `/portal/video/${encodeURIComponent(appointmentId)}`;

export const appointmentIdFromPath = (pathname: string): string => {
  const raw = /^\/portal\/video\/([^/]+)/.exec(pathname)?.[1] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
};
