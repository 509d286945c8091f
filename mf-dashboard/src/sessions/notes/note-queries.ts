import { useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { getAppointment } from '../../schedule/api/get-appointment.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { getNoteForAppointment } from './api/get-note.ts';
import { lastSignedNote } from './api/last-signed-note.ts';
import { listAddenda } from './api/list-addenda.ts';

export const noteKeys = {
  all: (userId: string) => ['notes', userId] as const,
  forAppointment: (userId: string, appointmentId: string) => ['notes', userId, 'appointment', appointmentId] as const,
  last: (userId: string, clientId: string, appointmentId: string) => ['notes', userId, 'last', clientId, appointmentId] as const,
  addenda: (userId: string, noteId: string) => ['notes', userId, 'addenda', noteId] as const,
};

export function useAppointment(appointmentId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: ['appointments', userId, 'one', appointmentId],
    queryFn: () => getAppointment(userId, appointmentId),
    enabled: userId !== '' && appointmentId !== '',
    meta: { failure: 'Loading the appointment failed' },
  });
}

/** The appointment's note as stored: read once when the editor opens (the editor owns it from there). */
export function useNoteForAppointment(appointmentId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: noteKeys.forAppointment(userId, appointmentId),
    queryFn: () => getNoteForAppointment(userId, appointmentId),
    enabled: userId !== '' && appointmentId !== '',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { failure: 'Loading the note failed' },
  });
}

export function useLastSignedNote(clientId: string, appointmentId: string, enabled: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: noteKeys.last(userId, clientId, appointmentId),
    queryFn: () => lastSignedNote(userId, clientId, appointmentId),
    enabled: enabled && userId !== '' && clientId !== '',
    meta: { failure: 'Loading the last note failed' },
  });
}

export function useAddenda(noteId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: noteKeys.addenda(userId, noteId),
    queryFn: () => listAddenda(userId, noteId),
    enabled: userId !== '' && noteId !== '',
    meta: { failure: 'Loading the addenda failed' },
  });
}

export function useRefreshNote() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: noteKeys.all(userId) }), queryClient.invalidateQueries({ queryKey: ['appointments', userId] })]);
}
