import { Link } from '@cadence/shared-router';
import { buttonClassName } from '@cadence/shared-ui';
import { useQuery } from '@cadence/shared-auth/query';
import type { AppointmentDocument, NoteState } from '../../schedule/appointment.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { signatureOfAppointment } from './api/note-signatures.ts';
import { notePath } from './note-paths.ts';

/** What the note link says for the appointment's note state: none, draft, signed. */
export const NOTE_LINK_TEXT = { none: 'Write note', draft: 'Continue note', signed: 'Read note' } as const;

/**
 * The appointment's note state as the dashboard shows it: an appointment saying its note is signed
 * (noteState, which its owner can write) shows signed only once sign-note's signature of the note
 * is found; without one it is a draft. The signatures of a list's appointments are read together.
 */
export function useNoteState(appointment: Pick<AppointmentDocument, '$id' | 'noteState'>): NoteState {
  const userId = useUserId();
  const claimed = appointment.noteState === 'signed';
  const signature = useQuery({
    queryKey: ['notes', userId, 'appointment-signature', appointment.$id],
    queryFn: () => signatureOfAppointment(userId, appointment.$id),
    enabled: claimed && userId !== '',
    staleTime: Infinity,
  });
  if (!claimed) return appointment.noteState;
  return signature.data ? 'signed' : 'draft';
}

/**
 * The appointment's note, everywhere an appointment is listed: Write note, Continue note (a draft)
 * or Read note (signed). In a list, `context` names the appointment ("Jane D., 10:00 AM").
 */
export function NoteLink({ appointment, context, primary = false }: { appointment: Pick<AppointmentDocument, '$id' | 'noteState'>; context?: string; primary?: boolean }) {
  const text = NOTE_LINK_TEXT[useNoteState(appointment)];
  return (
    <Link className={buttonClassName(primary ? 'primary' : 'secondary', 'sm')} to={notePath(appointment.$id)} aria-label={context ? `${text}: ${context}` : undefined}>
      {text}
    </Link>
  );
}
