/** The note editor's route (issue #15): deep-linkable by appointment; nothing clinical in it. */
export const NOTE_ROUTE = 'sessions/:appointmentId/note';

export const notePath = (appointmentId: string) => `/dashboard/sessions/${encodeURIComponent(appointmentId)}/note`;

/** The appointment id in a note path, or '' (the dashboard's routes hand over the whole path). */
export function appointmentIdFromPath(pathname: string): string {
  const match = /^\/dashboard\/sessions\/([^/]+)\/note\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return '';
  }
}
