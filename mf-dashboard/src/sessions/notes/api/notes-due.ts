import { listDocumentPage, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { appointmentFromDocument, type AppointmentDocument } from '../../../schedule/appointment.ts';
import { signedAppointmentIds } from './note-signatures.ts';

/** How many "notes to write" Today lists (the count covers them all). */
const SHOWN = 20;
/** Appwrite's most documents in one read. */
const PAGE = 5000;

const listAppointments = (queries: string[]) =>
  listDocumentPage<AppointmentDocument>({ ...practiceCollection('appointments'), queries });

/** Ids of the attended, started sessions whose appointment says its note is signed (5,000 a read). */
async function claimedSigned(base: string[]): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await listAppointments([...base, Query.equal('noteState', 'signed'), Query.select(['$id']), Query.orderAsc('$id'), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])]);
    ids.push(...page.documents.map((document) => document.$id));
    if (page.documents.length < PAGE) return ids;
    cursor = page.documents[page.documents.length - 1]!.$id;
  }
}

export interface NotesDue {
  total: number;
  appointments: AppointmentDocument[];
}

const startedShows = (userId: string, now: Date) => [Query.equal('userId', userId), Query.equal('status', 'show'), Query.lessThan('start', now.toISOString())];

/**
 * Notes to write (issue #15): attended sessions (status Show) that have started and whose
 * appointment does not say its note is signed, oldest first — the userId + status + start index —
 * with how many there are. One read.
 */
export async function unsignedNotesDue(userId: string, now: Date = new Date()): Promise<NotesDue> {
  const list = await listAppointments([...startedShows(userId, now), Query.notEqual('noteState', 'signed'), Query.orderAsc('start'), Query.limit(SHOWN)]);
  return { total: list.total, appointments: list.documents.filter((document) => ownedBy(document, userId)).map(appointmentFromDocument) };
}

/**
 * The attended, started sessions whose appointment says its note is signed (noteState, which its
 * owner can write) but whose note has no signature from sign-note: notes still to write, shown as
 * drafts. Reads every such appointment's id and every signature's appointment id (5,000 a read),
 * so it grows with the practice's signed notes (about 1.5 s at 10,000 on the emulator).
 */
export async function unverifiedSignedNotes(userId: string, now: Date = new Date()): Promise<NotesDue> {
  const base = startedShows(userId, now);
  const claimed = await claimedSigned(base);
  if (claimed.length === 0) return { total: 0, appointments: [] };
  const signed = await signedAppointmentIds(userId);
  const unverified = claimed.filter((id) => !signed.has(id));
  const shown = unverified.slice(0, SHOWN);
  const found = shown.length ? (await listAppointments([...base, Query.equal('$id', shown), Query.limit(shown.length)])).documents : [];
  const appointments = found.filter((document) => ownedBy(document, userId)).map((document) => ({ ...appointmentFromDocument(document), noteState: 'draft' as const }));
  return { total: unverified.length, appointments };
}

/** Both together: the oldest SHOWN of either, and the sum. */
export function mergeNotesDue(unsigned: NotesDue, unverified: NotesDue): NotesDue {
  const appointments = [...unsigned.appointments, ...unverified.appointments].sort((a, b) => Date.parse(a.start) - Date.parse(b.start)).slice(0, SHOWN);
  return { total: unsigned.total + unverified.total, appointments };
}

/** Notes to write: attended, started sessions without a signed note (a signature from sign-note). */
export async function notesDue(userId: string, now: Date = new Date()): Promise<NotesDue> {
  const [unsigned, unverified] = await Promise.all([unsignedNotesDue(userId, now), unverifiedSignedNotes(userId, now)]);
  return mergeNotesDue(unsigned, unverified);
}
