import { Link } from '@cadence/shared-router';
import { EmptyState, StatusChip } from '@cadence/shared-ui';
import { useQuery } from '@cadence/shared-auth/query';
import { LoadError } from '../../shared/load-error.tsx';
import { browserTimeZone, formatInZone } from '../../shared/time-zone.ts';
import { usePracticeSettings } from '../../practice/practice-queries.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { listClientNotes, type ClientNote } from './api/client-notes.ts';
import { notePath } from './note-paths.ts';
import { notePreview } from './note-preview.ts';
import { NOTE_TEMPLATES } from './note-templates.ts';
import './notes.css';

/** A client's notes, newest session first (one query shared by the Notes tab and the overview). */
export function useClientNotes(clientId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: ['notes', userId, 'client', clientId],
    queryFn: () => listClientNotes(userId, clientId),
    enabled: userId !== '' && clientId !== '',
    meta: { failure: "Loading the client's notes failed" },
  });
}

/** "Tue, Nov 24, 2026" — the session's date, or when the note was started if its appointment is gone. */
export function noteSessionDate({ note, sessionStart }: ClientNote, timeZone: string): string {
  return formatInZone(sessionStart ?? note.$createdAt, timeZone, { show: 'date' });
}

/**
 * A client's Notes tab (issues #15, 37): their notes by session date, newest first, each with its
 * template, state and first words; continue a draft or read a signed note.
 */
export function ClientNotes({ clientId, limit }: { clientId: string; limit?: number }) {
  const timeZone = usePracticeSettings().data?.timeZone ?? browserTimeZone();
  const notes = useClientNotes(clientId);
  if (notes.isError) return <LoadError what="Loading the notes failed" onRetry={() => void notes.refetch()} />;
  if (notes.isPending) return <p className="note-signed__meta">Loading notes…</p>;
  if (notes.data.length === 0) return <EmptyState icon="notes" title="No notes yet">Notes are written from an appointment: open it on the schedule or in All Sessions.</EmptyState>;
  return (
    <ol className="client-notes">
      {notes.data.slice(0, limit).map((item) => {
        const { note, signed } = item;
        const date = noteSessionDate(item, timeZone);
        const preview = notePreview(note.content, note.template);
        const template = NOTE_TEMPLATES[note.template].name;
        return (
          <li key={note.$id} className="client-notes__item">
            <div className="client-notes__head">
              <Link to={notePath(note.appointmentId)} className="client-notes__date" aria-label={`${signed ? 'Read' : 'Continue'} the ${template} note of the session on ${date}`}>
                {date}
              </Link>
              <span className="client-notes__meta">{template} note</span>
              <StatusChip tone={signed ? 'success' : 'warning'} label={signed ? 'Signed' : 'Draft'} />
            </div>
            <p className="client-notes__preview">{preview || <span className="client-notes__meta">No text yet.</span>}</p>
          </li>
        );
      })}
    </ol>
  );
}
