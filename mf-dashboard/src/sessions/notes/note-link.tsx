import { Link } from '@cadence/shared-router';
import { buttonClassName } from '@cadence/shared-ui';
import type { AppointmentDocument } from '../../schedule/appointment.ts';
import { notePath } from './note-paths.ts';

/** What the note link says for the appointment's note state: none, draft, signed. */
export const NOTE_LINK_TEXT = { none: 'Write note', draft: 'Continue note', signed: 'Read note' } as const;

/**
 * The appointment's note, everywhere an appointment is listed: Write note, Continue note (a draft)
 * or Read note (signed). In a list, `context` names the appointment ("Jane D., 10:00 AM").
 */
export function NoteLink({ appointment, context, primary = false }: { appointment: Pick<AppointmentDocument, '$id' | 'noteState'>; context?: string; primary?: boolean }) {
  const text = NOTE_LINK_TEXT[appointment.noteState];
  return (
    <Link className={buttonClassName(primary ? 'primary' : 'secondary', 'sm')} to={notePath(appointment.$id)} aria-label={context ? `${text}: ${context}` : undefined}>
      {text}
    </Link>
  );
}
