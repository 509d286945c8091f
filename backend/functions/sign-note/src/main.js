// sign-note (issue 15, "Sign & lock"): the signed-in therapist signs one of their progress notes.
// After the password is confirmed by Appwrite, the note must be the caller's (userId and owner-only
// permissions, lib/owned-by.js), still a draft, and its appointment the caller's too. The content is
// frozen: contentHash = SHA-256 of the canonical form (lib/note-canonical.js) over the note's fields
// with signedAt (server time) and the signer's name and credentials (the caller's practice
// settings). The note gets those, status `signed` and the permission read("user:<id>") only — no
// update or delete for anyone but a server key — the appointment's noteState becomes `signed`, and
// the signature is recorded in note_signatures (document id = the note's id; userId, noteId,
// appointmentId, contentHash, signedAt, signerName, signerCredentials; read("user:<id>") only), all
// in one Appwrite transaction. note_signatures has no collection permissions: only this function
// writes it, so a note that merely looks signed (status, hash and permissions set through the API
// by its owner) has no signature there, and the dashboard does not count it as signed. The signature
// also records how far the caller's marks were checked (marksCheckedTo, unsignedMarks: lib/marks-
// check.js) — from the newest signature's point on, or over the whole practice the first time — so
// Notes to write reads only the marks written since the newest signature.
//
// {action:'repair'} (issue 35) brings the caller's appointments' "note signed" marks (noteState
// `signed`, which Notes to write reads in one indexed query) in line with note_signatures: an
// appointment whose note has a signature gets the mark, one marked without a signature gets `draft`
// (its note exists) or `none` (lib/note-mark.js) — the upgrade path for practices signed before the
// mark was kept, and the mend for a mark written while attendance-charges, which puts back a mark a
// person writes, was not running. No password: it only makes the marks tell the truth. → 200 {success:true, repaired:{marked, unmarked}} (how many of each it changed).
//
// Body (JSON): {noteId, password, revision?} — `revision`, when sent, must equal the stored note's
//   (the editor's last saved revision), so a note changed elsewhere is not signed unseen.
// → 200 {success:true, note:{$id, $createdAt, $updatedAt, $permissions, userId, appointmentId, clientId,
//   template, status:'signed', revision, signedAt, signerName, signerCredentials, contentHash}} — the
//   stored note's ids, state and signature; never its clinical text (the editor has it)
// Refusals {success:false, error, field?}: 400 (noteId or password missing), 401 'The password is
// incorrect.' (or not signed in), 404 'This note could not be found.' (missing, another therapist's,
// or shared with anyone else; likewise its appointment), 409 (already signed; changed since
// `revision`; no risk assessment chosen, field riskLevel, or a risk above none without details, field
// riskDetails; no therapist name in practice settings; at the session limit), 429 (too many wrong
// passwords: Appwrite's limit), 500 (a fault, logged with ids only).
import { Databases, Permission, Query, Role, Users } from 'node-appwrite';
import { listAll } from '../../lib/booking-store.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { marksCheckAt, marksWithoutSignatureSince, newestMarksCheck } from '../../lib/marks-check.js';
import { noteContentHash } from '../../lib/note-canonical.js';
import { setNoteMark, unsignedNoteState } from '../../lib/note-mark.js';
import { ownedBy } from '../../lib/owned-by.js';
import {
  appwriteDate, documentIdOf, NOTE_NOT_FOUND, NOTE_SIGNATURE_KEYS, ownDocumentOr404, passwordOf, Refusal, refuseUnassessedRisk, signatureOf, signatureOrNull, signerOf, verifyPassword,
} from '../../lib/note-signing.js';

/**
 * @typedef {import('../../lib/execution.js').Context} Context
 */

const CHANGED_MEANWHILE = 'This note changed while it was being signed. Review it and sign again.';

/**
 * @param {{ databases: Databases, users: Users, userId: string, log: (m: string) => void }} run
 * @param {Record<string, unknown>} body
 */
async function signNote({ databases, users, userId, log }, body) {
  const noteId = documentIdOf(body, 'noteId');
  const password = passwordOf(body);
  const revision = body['revision'];
  if (revision !== undefined && revision !== null && !Number.isInteger(revision)) throw new Refusal(400, 'revision must be a whole number.', 'revision');
  await verifyPassword({ users, userId, password, log });

  const c = collectionsFromEnv(process.env);
  const note = await ownDocumentOr404(databases, c.databaseId, c.progressNotes, noteId, userId, NOTE_NOT_FOUND);
  // Signed means a signature in note_signatures: a note its owner only marked signed through the API
  // (status, hash, permissions) is still theirs to sign here.
  if (await signatureOrNull(databases, c.databaseId, c.noteSignatures, noteId)) throw new Refusal(409, 'This note is already signed.');
  if (Number.isInteger(revision) && revision !== note['revision']) {
    throw new Refusal(409, 'This note changed since you last saw it. Review it and sign again.');
  }
  const appointmentId = String(note['appointmentId'] ?? '');
  const appointment = await ownDocumentOr404(databases, c.databaseId, c.appointments, appointmentId, userId, NOTE_NOT_FOUND);
  if (appointment['clientId'] !== note['clientId']) throw new Refusal(409, "This note's client is not its appointment's client.");
  refuseUnassessedRisk(note);
  const signer = await signerOf(databases, c.databaseId, c.practiceSettings, userId);

  const signature = { signedAt: appwriteDate(new Date()), signerName: signer.signerName, signerCredentials: signer.signerCredentials };
  const contentHash = noteContentHash({ ...note, ...signature });
  const marks = await checkMarks({ databases, userId });

  // The transaction carries no clinical text (staged operations are stored until they are cleaned
  // up): it sets the signature over the note as read. A save that lands after that read is caught —
  // before staging by the re-read below, after it by the transaction's own conflict check — so the
  // hash always covers the text the locked note holds.
  const transaction = await databases.createTransaction({ ttl: 60 });
  try {
    await databases.createOperations({
      transactionId: transaction.$id,
      operations: [
        {
          action: 'update', databaseId: c.databaseId, collectionId: c.progressNotes, documentId: noteId,
          data: { ...signature, status: 'signed', contentHash, $permissions: [Permission.read(Role.user(userId))] },
        },
        { action: 'update', databaseId: c.databaseId, collectionId: c.appointments, documentId: appointmentId, data: { noteState: 'signed' } },
        {
          action: 'create', databaseId: c.databaseId, collectionId: c.noteSignatures, documentId: noteId,
          data: { ...signature, ...marks, userId, noteId, appointmentId, contentHash, $permissions: [Permission.read(Role.user(userId))] },
        },
      ],
    });
    const current = await databases.getDocument({ databaseId: c.databaseId, collectionId: c.progressNotes, documentId: noteId });
    if (current.$updatedAt !== note.$updatedAt) throw new Refusal(409, CHANGED_MEANWHILE);
    await databases.updateTransaction({ transactionId: transaction.$id, commit: true });
  } catch (e) {
    await databases.updateTransaction({ transactionId: transaction.$id, rollback: true }).catch(() => undefined);
    if (typeof e === 'object' && e !== null && 'code' in e && e.code === 409) throw new Refusal(409, CHANGED_MEANWHILE);
    throw e;
  }
  return signatureOf(await databases.getDocument({ databaseId: c.databaseId, collectionId: c.progressNotes, documentId: noteId }), NOTE_SIGNATURE_KEYS);
}

/**
 * Every appointment id of the caller's with a signature, and every one marked signed.
 * @param {{ databases: Databases, userId: string }} run
 */
async function marksAndSignatures({ databases, userId }) {
  const c = collectionsFromEnv(process.env);
  const [signatures, marked] = await Promise.all([
    listAll(databases, c.databaseId, c.noteSignatures, [Query.equal('userId', userId), Query.select(['$id', 'userId', 'appointmentId'])]),
    listAll(databases, c.databaseId, c.appointments, [Query.equal('userId', userId), Query.equal('noteState', 'signed'), Query.select(['$id', 'userId'])]),
  ]);
  return {
    signed: new Set(signatures.filter((s) => ownedBy(s, userId)).map((s) => String(s['appointmentId']))),
    markedIds: new Set(marked.filter((a) => ownedBy(a, userId)).map((a) => a.$id)),
  };
}

/**
 * How far the caller's marks are checked, for the new signature to record (lib/marks-check.js):
 * from the newest signature's point, or — the first signing, or after too many marks without a
 * signature — over every mark and signature, once.
 * @param {{ databases: Databases, userId: string }} run
 */
async function checkMarks({ databases, userId }) {
  const c = collectionsFromEnv(process.env);
  const collectionIds = { appointments: c.appointments, note_signatures: c.noteSignatures };
  /** @type {import('../../lib/marks-check.js').ListRows} */
  const list = async (collection, queries) => (await databases.listDocuments({ databaseId: c.databaseId, collectionId: collectionIds[collection], queries })).documents;
  const readAt = new Date();
  const check = await newestMarksCheck({ list, Query, userId });
  const since = check && await marksWithoutSignatureSince({ list, Query, userId, check });
  if (since) return marksCheckAt(readAt, since);
  const { signed, markedIds } = await marksAndSignatures({ databases, userId });
  return marksCheckAt(readAt, [...markedIds].filter((id) => !signed.has(id)));
}

/**
 * The caller's appointment marks made to agree with their signatures (see the header).
 * @param {{ databases: Databases, userId: string }} run
 */
async function repairMarks({ databases, userId }) {
  const c = collectionsFromEnv(process.env);
  const { signed, markedIds } = await marksAndSignatures({ databases, userId });
  /** @type {string[]} */
  const toMark = [...signed].filter((id) => !markedIds.has(id));
  const toUnmark = [...markedIds].filter((id) => !signed.has(id));
  let marks = 0;
  for (const id of toMark) {
    // A signature whose appointment is gone (or not the caller's) has nothing to mark.
    const appointment = await databases.getDocument({ databaseId: c.databaseId, collectionId: c.appointments, documentId: id }).catch(() => null);
    if (!appointment || !ownedBy(appointment, userId)) continue;
    await setNoteMark(databases, c, id, 'signed');
    marks += 1;
  }
  for (const id of toUnmark) await setNoteMark(databases, c, id, await unsignedNoteState(databases, c, id));
  return { marked: marks, unmarked: toUnmark.length };
}

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  const userId = req.headers['x-appwrite-user-id'];
  if (!userId) return res.json({ success: false, error: 'Sign in to sign notes.' }, 401);
  const client = serverClient(req);
  const body = readBody(req.bodyText);
  try {
    if (body['action'] === 'repair') return res.json({ success: true, repaired: await repairMarks({ databases: new Databases(client), userId }) });
    const note = await signNote({ databases: new Databases(client), users: new Users(client), userId, log }, body);
    return res.json({ success: true, note });
  } catch (e) {
    if (e instanceof Refusal) return res.json(e.body, e.status);
    // Ids and Appwrite's message only: nothing clinical reaches the log.
    error(`sign-note ${typeof body['noteId'] === 'string' ? body['noteId'].slice(0, 36) : ''} for ${userId} failed: ${messageOf(e)}`);
    return res.json({ success: false, error: 'The note could not be signed. Please try again.' }, 500);
  }
};
