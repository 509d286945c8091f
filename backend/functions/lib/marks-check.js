// The appointment's "note signed" mark checked against the signatures from a known point on
// (issue 35). Appwrite has no per-attribute permissions, so a therapist can write the mark
// (noteState `signed`) on their own appointment through the API; only sign-note writes a signature.
// Each signature records how far the marks were checked when it was made: every appointment marked
// signed whose $updatedAt is at or before `marksCheckedTo` has a signature, but for the ids in
// `unsignedMarks`. A mark written since is a write, so its appointment's $updatedAt is later: from
// the newest signature on, only the marks updated after that point (and the listed ones) need
// looking at — a few reads, however many notes the practice has signed. sign-note moves the point
// forward on each signing; the dashboard checks from it on each load. Shared by both (the browser
// passes the Web SDK's Query, the function node-appwrite's: the same query strings).

/** A mark is checked up to this long before the read that checked it, so a write still committing then is looked at again next time. */
export const MARKS_CHECK_MARGIN_MS = 60_000;
/** More marks without a signature than this are not listed: the check starts again from the whole practice. */
export const MAX_UNSIGNED_MARKS = 100;
/** Appwrite's most values in one equal query. */
const IDS_PER_QUERY = 100;
/** Appwrite's most documents in one read. */
const PAGE = 5000;

/**
 * @typedef {{ $id: string, [key: string]: unknown }} Row
 * @typedef {(collection: 'appointments' | 'note_signatures', queries: string[]) => Promise<Row[]>} ListRows
 *   one page of the caller's readable documents
 * @typedef {{ equal(attribute: string, value: string | string[]): string, greaterThan(attribute: string, value: string): string,
 *   select(attributes: string[]): string, limit(n: number): string, orderDesc(attribute: string): string }} QueryBuilder
 * @typedef {{ marksCheckedTo: string | null, unsignedMarks: string[] }} MarksCheck
 */

/** @param {string[]} ids */
const chunks = (ids) => Array.from({ length: Math.ceil(ids.length / IDS_PER_QUERY) }, (_, i) => ids.slice(i * IDS_PER_QUERY, (i + 1) * IDS_PER_QUERY));

/**
 * How far the marks were checked when the therapist's newest signature was made; null when no
 * signature says (none yet, made before marks were checked, or too many marks without one).
 * @param {{ list: ListRows, Query: QueryBuilder, userId: string }} reads
 * @returns {Promise<{ marksCheckedTo: string, unsignedMarks: string[] } | null>}
 */
export async function newestMarksCheck({ list, Query, userId }) {
  const [newest] = await list('note_signatures', [
    Query.equal('userId', userId), Query.orderDesc('$createdAt'), Query.select(['$id', 'userId', 'marksCheckedTo', 'unsignedMarks']), Query.limit(1),
  ]);
  if (!newest || newest['userId'] !== userId || typeof newest['marksCheckedTo'] !== 'string') return null;
  const unsigned = newest['unsignedMarks'];
  return { marksCheckedTo: newest['marksCheckedTo'], unsignedMarks: Array.isArray(unsigned) ? unsigned.map(String) : [] };
}

/**
 * The appointments marked signed without a signature, from `check` on: those updated after its
 * point and those it lists that are still marked, less those with a signature. `counts` narrows
 * which marked appointments count (it sees their status and start: the dashboard's attended,
 * started sessions) — in the reader, since a narrower query would leave the userId + noteState +
 * $updatedAt index. Null when more changed than one read holds: the caller checks the whole
 * practice instead.
 * @param {{ list: ListRows, Query: QueryBuilder, userId: string, check: { marksCheckedTo: string, unsignedMarks: string[] }, counts?: (row: Row) => boolean }} reads
 * @returns {Promise<string[] | null>}
 */
export async function marksWithoutSignatureSince({ list, Query, userId, check, counts = () => true }) {
  const marked = [Query.equal('userId', userId), Query.equal('noteState', 'signed'), Query.select(['$id', 'userId', 'status', 'start'])];
  const [changed, listed] = await Promise.all([
    list('appointments', [...marked, Query.greaterThan('$updatedAt', check.marksCheckedTo), Query.limit(PAGE)]),
    Promise.all(chunks(check.unsignedMarks).map((ids) => list('appointments', [...marked, Query.equal('$id', ids), Query.limit(ids.length)]))),
  ]);
  if (changed.length >= PAGE) return null;
  const candidates = [...new Set([...changed, ...listed.flat()].filter((row) => row['userId'] === userId && counts(row)).map((row) => row.$id))];
  const signed = new Set((await Promise.all(chunks(candidates).map((ids) => list('note_signatures', [
    Query.equal('userId', userId), Query.equal('appointmentId', ids), Query.select(['$id', 'userId', 'appointmentId']), Query.limit(ids.length),
  ])))).flat().filter((row) => row['userId'] === userId).map((row) => String(row['appointmentId'])));
  return candidates.filter((id) => !signed.has(id));
}

/**
 * What a new signature records: the marks checked up to a margin before `readAt` (when the reads
 * began), with those found without a signature — or no point at all when there are too many.
 * @param {Date} readAt
 * @param {string[] | null} unsigned  null: not checked (too much changed)
 * @returns {MarksCheck}
 */
export function marksCheckAt(readAt, unsigned) {
  if (unsigned === null || unsigned.length > MAX_UNSIGNED_MARKS) return { marksCheckedTo: null, unsignedMarks: [] };
  return { marksCheckedTo: new Date(readAt.getTime() - MARKS_CHECK_MARGIN_MS).toISOString().replace('Z', '+00:00'), unsignedMarks: unsigned };
}
