import { useLocation } from '@cadence/shared-router';
import { PageHeader, Skeleton } from '@cadence/shared-ui';
import { useClient } from '../../clients/client-record-queries.ts';
import { usePracticeSettings, useServices } from '../../practice/practice-queries.ts';
import { LoadError } from '../../shared/load-error.tsx';
import { browserTimeZone } from '../../shared/time-zone.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { NoteEditor } from './note-editor.tsx';
import { appointmentIdFromPath } from './note-paths.ts';
import { useAppointment, useNoteForAppointment } from './note-queries.ts';
import { isLocked, isSigned } from './progress-note.ts';
import { SignedNote } from './signed-note.tsx';
import './notes.css';

/** /dashboard/sessions/:appointmentId/note — the appointment's progress note: its draft, or the signed record. */
export function NotePage() {
  const appointmentId = appointmentIdFromPath(useLocation().pathname);
  const userId = useUserId();
  const appointment = useAppointment(appointmentId);
  const note = useNoteForAppointment(appointmentId);
  const client = useClient(appointment.data?.clientId ?? '');
  const settings = usePracticeSettings();
  const services = useServices({ includeArchived: true });
  const queries = [appointment, note, settings, services, ...(appointment.data ? [client] : [])];
  const failed = queries.find((query) => query.isError);

  if (failed) return <LoadError what="Loading the note failed" onRetry={() => void failed.refetch()} />;
  if (queries.some((query) => query.isPending)) {
    return (
      <div className="note-page">
        <PageHeader title="Progress note" />
        <Skeleton label="Loading the note" lines={8} />
      </div>
    );
  }
  if (!appointment.data || !client.data) {
    return (
      <div className="note-page">
        <PageHeader title="Note not found" description="There is no appointment here that belongs to you." />
      </div>
    );
  }
  const context = {
    appointment: appointment.data,
    client: client.data,
    service: services.data?.find((service) => service.$id === appointment.data?.serviceId),
    settings: settings.data ?? null,
    timeZone: settings.data?.timeZone ?? browserTimeZone(),
  };
  return (
    <div className="note-page">
      {note.data && isLocked(note.data.note) ? (
        <SignedNote note={note.data.note} signature={isSigned(note.data.note, note.data.signature) ? note.data.signature : null} {...context} />
      ) : (
        <NoteEditor key={appointmentId} userId={userId} server={note.data?.note ?? null} {...context} />
      )}
    </div>
  );
}
