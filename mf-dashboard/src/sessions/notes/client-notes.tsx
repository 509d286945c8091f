import { Link } from '@cadence/shared-router';
import { EmptyState, StatusChip } from '@cadence/shared-ui';
import { useQuery } from '@cadence/shared-auth/query';
import { LoadError } from '../../shared/load-error.tsx';
import { browserTimeZone, formatInZone } from '../../shared/time-zone.ts';
import { usePracticeSettings } from '../../practice/practice-queries.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { listClientNotes } from './api/client-notes.ts';
import { notePath } from './note-paths.ts';
import { NOTE_TEMPLATES } from './note-templates.ts';
import './notes.css';

/** A client's Notes tab (issue #15): their notes newest first, each with its state; open, continue or read. */
export function ClientNotes({ clientId }: { clientId: string }) {
  const userId = useUserId();
  const timeZone = usePracticeSettings().data?.timeZone ?? browserTimeZone();
  const notes = useQuery({
    queryKey: ['notes', userId, 'client', clientId],
    queryFn: () => listClientNotes(userId, clientId),
    enabled: userId !== '' && clientId !== '',
    meta: { failure: "Loading the client's notes failed" },
  });
  if (notes.isError) return <LoadError what="Loading the notes failed" onRetry={() => void notes.refetch()} />;
  if (notes.isPending) return <p className="note-signed__meta">Loading notes…</p>;
  if (notes.data.length === 0) return <EmptyState icon="notes" title="No notes yet">Notes are written from an appointment: open it on the schedule or in All Sessions.</EmptyState>;
  return (
    <ol className="notes-due__list">
      {notes.data.map(({ note, signed }) => {
        const when = formatInZone((signed ? note.signedAt : null) ?? note.$createdAt, timeZone);
        return (
          <li key={note.$id} className="notes-due__item">
            <span>
              <strong>{NOTE_TEMPLATES[note.template].name} note</strong> · {signed ? `signed ${when}` : `draft started ${when}`}{' '}
              <StatusChip tone={signed ? 'success' : 'warning'} label={signed ? 'Signed' : 'Draft'} />
            </span>
            <Link to={notePath(note.appointmentId)} aria-label={`${signed ? 'Read' : 'Continue'} the ${NOTE_TEMPLATES[note.template].name} note of ${when}`}>
              {signed ? 'Read' : 'Continue'}
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
