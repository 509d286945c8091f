/** The video room's route (issue 34): by appointment id, nothing clinical in it. */
export const VIDEO_ROUTE = 'sessions/:appointmentId/video';

export const videoPath = (appointmentId: string) => `/dashboard/sessions/${encodeURIComponent(appointmentId)}/video`;

/** The appointment id in a video room path, or ''. */
export function appointmentIdFromVideoPath(pathname: string): string {
  const match = /^\/dashboard\/sessions\/([^/]+)\/video\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return '';
  }
}

/** A room opens 30 minutes before the start and closes 4 hours after it (the video-room function's rule). */
export function roomOpen(start: string, now = Date.now()): boolean {
  const at = Date.parse(start);
  return now >= at - 30 * 60_000 && now <= at + 4 * 3_600_000;
}
