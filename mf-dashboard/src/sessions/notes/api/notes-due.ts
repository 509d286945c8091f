import { listDocumentPage, markedWithoutSignature, notesToWriteQueries, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { appointmentFromDocument, type AppointmentDocument } from '../../../schedule/appointment.ts';

/** How many "notes to write" Today lists in each group, recent and older (the counts cover them all). */
const SHOWN = 20;
/** Notes due longer than this are listed apart, under "Older than 30 days". */
export const OLDER_THAN_DAYS = 30;

const olderCutoff = (now: Date) => new Date(now.getTime() - OLDER_THAN_DAYS * 86_400_000);

const listAppointments = (queries: string[]) =>
  listDocumentPage<AppointmentDocument>({ ...practiceCollection('appointments'), queries });

export interface NotesDue {
  total: number;
  /** How many of them are older than OLDER_THAN_DAYS. */
  olderTotal: number;
  /** Newest first: up to SHOWN of the recent ones, then up to SHOWN of the older ones. */
  appointments: AppointmentDocument[];
}

const startedShows = (userId: string, now: Date) => [Query.equal('userId', userId), Query.equal('status', 'show'), Query.lessThan('start', now.toISOString())];

/**
 * Notes to write (issues #15, #37): attended sessions (status Show) that have started and whose
 * appointment does not say its note is signed (notesToWriteQueries, the account page's count too),
 * newest first — the last 30 days and the older ones apart, each with how many there are. Two reads.
 */
export async function unsignedNotesDue(userId: string, now: Date = new Date()): Promise<NotesDue> {
  const base = notesToWriteQueries(userId, now);
  const cutoff = olderCutoff(now).toISOString();
  const [recent, older] = await Promise.all([
    listAppointments([...base, Query.greaterThanEqual('start', cutoff), Query.orderDesc('start'), Query.limit(SHOWN)]),
    listAppointments([...base, Query.lessThan('start', cutoff), Query.orderDesc('start'), Query.limit(SHOWN)]),
  ]);
  const appointments = [...recent.documents, ...older.documents].filter((document) => ownedBy(document, userId)).map(appointmentFromDocument);
  return { total: recent.total + older.total, olderTotal: older.total, appointments };
}

/**
 * The attended, started sessions marked signed (noteState, which its owner can write) without a
 * signature from sign-note: notes still to write, shown as drafts. While the marks and the
 * signatures agree (a few counts, shared-auth's signed-marks) there are none and nothing more is read.
 */
export async function unverifiedSignedNotes(userId: string, now: Date = new Date()): Promise<NotesDue> {
  const unverified = await markedWithoutSignature(userId, now);
  if (unverified.length === 0) return { total: 0, olderTotal: 0, appointments: [] };
  const shown = unverified.slice(0, SHOWN);
  const found = (await listAppointments([...startedShows(userId, now), Query.equal('$id', shown), Query.limit(shown.length)])).documents;
  const appointments = found.filter((document) => ownedBy(document, userId)).map((document) => ({ ...appointmentFromDocument(document), noteState: 'draft' as const }));
  // Rare (a note marked signed through the API): the older count is of those read, at most SHOWN.
  const cutoff = olderCutoff(now).getTime();
  return { total: unverified.length, olderTotal: appointments.filter((appointment) => Date.parse(appointment.start) < cutoff).length, appointments };
}

/** Both together, newest first: up to SHOWN recent and SHOWN older ones, and the sums. */
export function mergeNotesDue(unsigned: NotesDue, unverified: NotesDue, now: Date = new Date()): NotesDue {
  const cutoff = olderCutoff(now).getTime();
  const all = [...unsigned.appointments, ...unverified.appointments].sort((a, b) => Date.parse(b.start) - Date.parse(a.start));
  const recent = all.filter((appointment) => Date.parse(appointment.start) >= cutoff).slice(0, SHOWN);
  const older = all.filter((appointment) => Date.parse(appointment.start) < cutoff).slice(0, SHOWN);
  return { total: unsigned.total + unverified.total, olderTotal: unsigned.olderTotal + unverified.olderTotal, appointments: [...recent, ...older] };
}

/** Notes to write: attended, started sessions without a signed note (a signature from sign-note). */
export async function notesDue(userId: string, now: Date = new Date()): Promise<NotesDue> {
  const [unsigned, unverified] = await Promise.all([unsignedNotesDue(userId, now), unverifiedSignedNotes(userId, now)]);
  return mergeNotesDue(unsigned, unverified);
}
