import { appwrite, attempt, Query } from '@cadence/shared-auth';
import type { Models } from 'appwrite';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { appointmentFromDocument, type AppointmentDocument } from '../../../schedule/appointment.ts';
import { signedAppointmentIds } from './note-signatures.ts';

/** How many "notes to write" Today lists (the count covers them all). */
const SHOWN = 20;
/** Appwrite's most documents in one read (and most values in one equal query). */
const PAGE = 5000;
const VALUES = 100;

const list = (queries: string[]) =>
  attempt(() => appwrite().databases.listDocuments<AppointmentDocument>({ ...practiceCollection('appointments'), queries })) as Promise<Models.DocumentList<AppointmentDocument>>;

/** Ids of the attended, started sessions whose appointment says its note is signed (5,000 a read). */
async function claimedSigned(base: string[]): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await list([...base, Query.equal('noteState', 'signed'), Query.select(['$id']), Query.orderAsc('$id'), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])]);
    ids.push(...page.documents.map((document) => document.$id));
    if (page.documents.length < PAGE) return ids;
    cursor = page.documents[page.documents.length - 1]!.$id;
  }
}

/**
 * Notes to write (issue #15): attended sessions (status Show) that have started and have no signed
 * note yet, oldest first — the userId + status + start index — with how many there are. An
 * appointment only saying its note is signed (noteState, which its owner can write) counts as signed
 * only when sign-note's signature of its note exists.
 */
export async function notesDue(userId: string, now: Date = new Date()): Promise<{ total: number; appointments: AppointmentDocument[] }> {
  const base = [Query.equal('userId', userId), Query.equal('status', 'show'), Query.lessThan('start', now.toISOString())];
  const [unsigned, claimed] = await Promise.all([
    list([...base, Query.notEqual('noteState', 'signed'), Query.orderAsc('start'), Query.limit(SHOWN)]),
    claimedSigned(base),
  ]);
  const signed = claimed.length > 0 ? await signedAppointmentIds(userId) : new Set<string>();
  const unverified = claimed.filter((id) => !signed.has(id));
  const found = [...unsigned.documents];
  for (let first = 0; first < Math.min(unverified.length, SHOWN); first += VALUES) {
    const chunk = unverified.slice(first, Math.min(first + VALUES, SHOWN));
    found.push(...(await list([...base, Query.equal('$id', chunk), Query.limit(chunk.length)])).documents);
  }
  const appointments = found
    .filter((document) => ownedBy(document, userId))
    .map(appointmentFromDocument)
    .map((appointment) => (signed.has(appointment.$id) || appointment.noteState !== 'signed' ? appointment : { ...appointment, noteState: 'draft' as const }))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
    .slice(0, SHOWN);
  return { total: unsigned.total + unverified.length, appointments };
}
