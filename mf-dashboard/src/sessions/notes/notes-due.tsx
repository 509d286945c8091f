import { useState } from 'react';
import { Link } from '@cadence/shared-router';
import { Badge } from '@cadence/shared-ui';
import type { ClientDocument } from '../../clients/api/client-document.ts';
import { shortClientName } from '../../clients/client-names.ts';
import { formatInZone } from '../../shared/time-zone.ts';
import { LoadError } from '../../shared/load-error.tsx';
import { OLDER_THAN_DAYS } from './api/notes-due.ts';
import { useNotesDue } from './use-notes-due.ts';
import type { AppointmentDocument } from '../../schedule/appointment.ts';
import { NoteLink } from './note-link.tsx';
import './notes.css';

/** A draft this many days old is highlighted. */
export const STALE_DRAFT_DAYS = 3;

export const daysSince = (start: string, now: number = Date.now()) => Math.max(0, Math.floor((now - Date.parse(start)) / 86_400_000));

const ago = (days: number) => (days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`);

/** Today's "Notes to write" card: attended sessions without a signed note, newest first; those older than 30 days apart. */
export function NotesDueCard({ clients, timeZone }: { clients: readonly ClientDocument[]; timeZone: string }) {
  const due = useNotesDue();
  const byId = new Map(clients.map((client) => [client.$id, client]));
  // Where "older than 30 days" starts, fixed when the card opens (as the reads' own cutoff is).
  const [cutoff] = useState(() => Date.now() - OLDER_THAN_DAYS * 86_400_000);
  const recent = due.data?.appointments.filter((appointment) => Date.parse(appointment.start) >= cutoff) ?? [];
  const older = due.data?.appointments.filter((appointment) => Date.parse(appointment.start) < cutoff) ?? [];
  const listed = recent.length + older.length;

  const list = (appointments: readonly AppointmentDocument[]) => (
    <ol className="notes-due__list">
      {appointments.map((appointment) => {
        const days = daysSince(appointment.start);
        const stale = appointment.noteState === 'draft' && days >= STALE_DRAFT_DAYS;
        const name = shortClientName(byId.get(appointment.clientId));
        const when = formatInZone(appointment.start, timeZone);
        return (
          <li key={appointment.$id} className={stale ? 'notes-due__item notes-due__item--stale' : 'notes-due__item'}>
            <span>
              <strong>{name}</strong> · {when} · {ago(days)}
              {stale && <Badge tone="warning">Draft for {days} days</Badge>}
            </span>
            <NoteLink appointment={appointment} context={`${name}, ${when}`} />
          </li>
        );
      })}
    </ol>
  );

  return (
    <section aria-labelledby="today-notes-due" className="notes-due">
      <h3 id="today-notes-due" className="today__subtitle">
        Notes to write{due.data ? ` (${due.data.total})` : ''}
      </h3>
      {due.isError ? (
        <LoadError what="Loading notes to write failed" onRetry={() => void due.refetch()} />
      ) : !due.data ? (
        <p className="today__hint">Loading…</p>
      ) : due.data.total === 0 ? (
        <p className="today__hint">All caught up: every attended session has a signed note.</p>
      ) : (
        <>
          {recent.length > 0 && list(recent)}
          {older.length > 0 && (
            <section aria-labelledby="today-notes-older" className="notes-due__older">
              <h4 id="today-notes-older" className="notes-due__older-title">
                Older than {OLDER_THAN_DAYS} days ({due.data.olderTotal})
              </h4>
              {list(older)}
            </section>
          )}
          {due.data.total > listed && (
            <p className="today__hint">
              <Link to="/dashboard/sessions?status=show&note=none">Attended sessions without a note, in All Sessions</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
