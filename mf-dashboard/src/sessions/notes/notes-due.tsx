import { useState } from 'react';
import { Link } from '@cadence/shared-router';
import { Badge } from '@cadence/shared-ui';
import { useQuery } from '@cadence/shared-auth/query';
import type { ClientDocument } from '../../clients/api/client-document.ts';
import { shortClientName } from '../../schedule/schedule-view.ts';
import { formatInZone } from '../../shared/time-zone.ts';
import { LoadError } from '../../shared/load-error.tsx';
import { useUserId } from '../../shared/use-user-id.ts';
import { mergeNotesDue, OLDER_THAN_DAYS, unsignedNotesDue, unverifiedSignedNotes } from './api/notes-due.ts';
import type { AppointmentDocument } from '../../schedule/appointment.ts';
import { NoteLink } from './note-link.tsx';
import './notes.css';

/** A draft this many days old is highlighted. */
export const STALE_DRAFT_DAYS = 3;

/** How long the check for notes only marked signed is reused (it reads every signed note's id). */
const UNVERIFIED_STALE_MS = 5 * 60_000;

/**
 * Notes to write: the appointments not saying their note is signed (one quick read), joined once it
 * is done by those saying so without a signature from sign-note (a longer check, kept a while).
 */
export function useNotesDue() {
  const userId = useUserId();
  const unsigned = useQuery({
    queryKey: ['appointments', userId, 'notes-due'],
    queryFn: () => unsignedNotesDue(userId),
    enabled: userId !== '',
    meta: { failure: 'Loading notes to write failed' },
  });
  const unverified = useQuery({
    queryKey: ['appointments', userId, 'notes-due', 'unverified'],
    queryFn: () => unverifiedSignedNotes(userId),
    enabled: userId !== '',
    staleTime: UNVERIFIED_STALE_MS,
    meta: { failure: 'Checking signed notes failed' },
  });
  const data = unsigned.data && (unverified.data ? mergeNotesDue(unsigned.data, unverified.data) : unsigned.data);
  return { data, isError: unsigned.isError, refetch: () => Promise.all([unsigned.refetch(), unverified.refetch()]) };
}

export const daysSince = (start: string, now: number = Date.now()) => Math.max(0, Math.floor((now - Date.parse(start)) / 86_400_000));

const ago = (days: number) => (days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`);

/** The dashboard nav's count of notes to write (nothing when there are none). */
export function NotesDueBadge() {
  const due = useNotesDue();
  const total = due.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <Badge tone="warning" className="notes-due-badge">
      {total > 99 ? '99+' : total}
      <span className="ui-visually-hidden"> notes to write</span>
    </Badge>
  );
}

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
