// The appointment's "note signed" mark (issue 35): noteState `signed`, which sign-note writes in
// the transaction that signs the note and records its signature in note_signatures (function-
// written, read("user:<id>") only, unique per appointment). Notes to write read the mark — one
// indexed query — but the therapist can write their own appointments, so the mark could be faked
// through the API (issue 15). Such a write does not hold (attendance-charges puts the mark back on
// the appointment's event, backend/functions/lib/note-mark.js), and until it is put back, or if it
// never is, the mark is trusted only while the marks and the signatures agree:
// counted window by window over appointment ids (Appwrite counts to 5,000), a few count reads, once
// a page load and again only after an appointment was marked. Only when a window disagrees are that practice's marks joined with
// the signatures, to name the appointments marked signed without a signature.
// Since sign-note records on each signature how far the marks were checked (backend/functions/lib/
// marks-check.js), a page load looks only at the marks written after the newest signature's point:
// the counts and the join are for a practice whose newest signature records none.
import { Query, type Models } from 'appwrite';
import { marksWithoutSignatureSince, newestMarksCheck, type ListRows, type Row } from '../../../backend/functions/lib/marks-check.js';
import { listDocumentPage } from '../client/document-pages.ts';
import { getConfig } from '../config/config.ts';
import { ownedBy } from './owned-by.ts';

const collection = (collectionId: string) => ({ databaseId: getConfig().databaseId, collectionId });

/** Appwrite's most documents in one read, and the most it counts. */
const PAGE = 5000;
/** Marks per window: one fewer than Appwrite counts, so a window holding more signatures than marks shows it. */
export const MARK_WINDOW = PAGE - 1;

interface MarkedAppointment extends Models.Document {
  userId: string;
}

interface SignatureIds extends Models.Document {
  userId: string;
  appointmentId: string;
}

const marked = (userId: string) => [Query.equal('userId', userId), Query.equal('noteState', 'signed')];
const after = (key: string, id: string | null) => (id === null ? [] : [Query.greaterThan(key, id)]);
const upTo = (key: string, id: string | null) => (id === null ? [] : [Query.lessThanEqual(key, id)]);

async function count(collectionId: string, queries: string[]): Promise<number> {
  return (await listDocumentPage({ ...collection(collectionId), queries: [...queries, Query.select(['$id']), Query.limit(1)] })).total;
}

/** The last id of each full window of marked appointments, in id order (one indexed read per window). */
async function windowEnds(userId: string, window: number): Promise<string[]> {
  const ends: string[] = [];
  for (;;) {
    const page = await listDocumentPage<MarkedAppointment>({
      ...collection('appointments'),
      queries: [...marked(userId), ...after('$id', ends.at(-1) ?? null), Query.select(['$id']), Query.orderAsc('$id'), Query.offset(window - 1), Query.limit(1)],
      total: false,
    });
    const end = page.documents[0];
    if (!end) return ends;
    ends.push(end.$id);
  }
}

/**
 * The marked appointment written last (the userId + noteState + $updatedAt index): a mark written
 * through the API, like any write, makes its appointment the newest, so while this is unchanged no
 * mark was added since the counts last agreed. (Only a server key sets $updatedAt by hand.)
 */
async function lastMarked(userId: string): Promise<string> {
  const page = await listDocumentPage<MarkedAppointment>({
    ...collection('appointments'), queries: [...marked(userId), Query.select(['$id']), Query.orderDesc('$updatedAt'), Query.limit(1)], total: false,
  });
  const last = page.documents[0];
  return last ? `${last.$updatedAt} ${last.$id}` : '';
}

/** Per therapist (and window), the last marked appointment when the marks last agreed with the signatures. */
const agreedAt = new Map<string, string>();

/**
 * Whether every appointment marked signed has a signature and every signature its mark: for each
 * window of marked appointment ids, the marks counted against the signatures of appointments in it —
 * or, when no appointment was marked since they last agreed here, one read. (A mark removed since
 * then puts its session back among notes to write, which the indexed query shows.)
 * `window` (≤ MARK_WINDOW) is smaller only in tests.
 */
export async function signedMarksAgree(userId: string, window: number = MARK_WINDOW): Promise<boolean> {
  const key = `${userId} ${window}`;
  const last = await lastMarked(userId);
  if (agreedAt.get(key) === last) return true;
  const agree = await countedMarksAgree(userId, window);
  if (agree) agreedAt.set(key, last);
  else agreedAt.delete(key);
  return agree;
}

async function countedMarksAgree(userId: string, window: number): Promise<boolean> {
  const ends = await windowEnds(userId, Math.min(window, MARK_WINDOW));
  const windows = [...ends, null].map((end, i) => ({ from: i === 0 ? null : ends[i - 1]!, to: end }));
  const agree = await Promise.all(windows.map(async ({ from, to }) => {
    const marks = to === null ? count('appointments', [...marked(userId), ...after('$id', from)]) : Promise.resolve(Math.min(window, MARK_WINDOW));
    const signatures = count('note_signatures', [Query.equal('userId', userId), ...after('appointmentId', from), ...upTo('appointmentId', to)]);
    const [m, s] = await Promise.all([marks, signatures]);
    return m === s;
  }));
  return agree.every(Boolean);
}

/** Every appointment id with a signed note of the therapist's (5,000 a read, ids only). */
async function signedAppointmentIds(userId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | null = null;
  for (;;) {
    const page: Models.DocumentList<SignatureIds> = await listDocumentPage<SignatureIds>({
      ...collection('note_signatures'),
      queries: [Query.equal('userId', userId), Query.select(['$id', 'userId', 'appointmentId']), Query.orderAsc('$id'), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
      total: false,
    });
    for (const signature of page.documents) if (signature.userId === userId) ids.add(signature.appointmentId);
    if (page.documents.length < PAGE) return ids;
    cursor = page.documents[page.documents.length - 1]!.$id;
  }
}

/** Ids of the attended, started sessions marked signed (5,000 a read). */
async function markedShows(userId: string, now: Date): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page: Models.DocumentList<MarkedAppointment> = await listDocumentPage<MarkedAppointment>({
      ...collection('appointments'),
      queries: [
        ...marked(userId), Query.equal('status', 'show'), Query.lessThan('start', now.toISOString()),
        Query.select(['$id', 'userId']), Query.orderAsc('$id'), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : []),
      ],
      total: false,
    });
    for (const appointment of page.documents) if (ownedBy(appointment, userId)) ids.push(appointment.$id);
    if (page.documents.length < PAGE) return ids;
    cursor = page.documents[page.documents.length - 1]!.$id;
  }
}

/** The attended, started sessions marked signed without a signature, by reading every mark and every signature. */
export async function joinMarksAndSignatures(userId: string, now: Date = new Date()): Promise<string[]> {
  const [claimed, signed] = await Promise.all([markedShows(userId, now), signedAppointmentIds(userId)]);
  return claimed.filter((id) => !signed.has(id));
}

const listRows: ListRows = async (collectionId, queries) => (await listDocumentPage({ ...collection(collectionId), queries, total: false })).documents;

/**
 * The attended, started sessions marked signed without a signature from sign-note: notes still to
 * write. From the newest signature's checked point, a few reads; without one, none after a few
 * counts while marks and signatures agree, otherwise the join.
 */
export async function markedWithoutSignature(userId: string, now: Date = new Date()): Promise<string[]> {
  const check = await newestMarksCheck({ list: listRows, Query, userId });
  const started = (row: Row) => row['status'] === 'show' && Date.parse(String(row['start'])) < now.getTime();
  const since = check && await marksWithoutSignatureSince({ list: listRows, Query, userId, check, counts: started });
  if (since) return since;
  return (await signedMarksAgree(userId)) ? [] : joinMarksAndSignatures(userId, now);
}
