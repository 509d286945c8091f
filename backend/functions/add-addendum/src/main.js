// add-addendum (issue 15, "Addenda"): the signed-in therapist adds an addendum to one of their signed
// notes — the only way to correct or extend a signed record. After the password is confirmed by
// Appwrite, the note must be the caller's (userId and caller-only permissions) and signed by
// sign-note (its signature in note_signatures, with the note's contentHash). The
// addendum is its own document in note_addenda (which only functions write), signed like a note:
// signedAt (server time), the signer's name and credentials (practice settings) and contentHash =
// SHA-256 of its canonical form (lib/note-canonical.js: noteId, signedAt, signerCredentials,
// signerName, text), with the permission read("user:<id>") only, so nobody can change or remove it.
//
// Body (JSON): {noteId, text, password}
// → 201 {success:true, addendum:{$id, $createdAt, $updatedAt, $permissions, userId, noteId, appointmentId,
//   signedAt, signerName, signerCredentials, contentHash}} — never its text (the caller has it)
// Refusals {success:false, error, field?}: 400 (noteId, text or password missing; text over 20,000
// characters), 401 'The password is incorrect.' (or not signed in), 404 'This note could not be
// found.' (missing, another therapist's, or shared with anyone else), 409 (the note is not signed; no
// therapist name in practice settings; at the session limit), 429 (too many wrong passwords), 500.
import { Databases, ID, Permission, Role, Users } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { addendumContentHash } from '../../lib/note-canonical.js';
import {
  ADDENDUM_SIGNATURE_KEYS, appwriteDate, documentIdOf, NOTE_NOT_FOUND, ownDocumentOr404, passwordOf, Refusal, signatureOf, signatureOrNull, signerOf, verifyPassword,
} from '../../lib/note-signing.js';

/** note_addenda.text's size in appwrite.json. */
const TEXT_MAX = 20000;

/**
 * @param {{ databases: Databases, users: Users, userId: string, log: (m: string) => void }} run
 * @param {Record<string, unknown>} body
 */
async function addAddendum({ databases, users, userId, log }, body) {
  const noteId = documentIdOf(body, 'noteId');
  const text = body['text'];
  if (typeof text !== 'string' || text.trim() === '') throw new Refusal(400, 'Write the addendum first.', 'text');
  if (text.length > TEXT_MAX) throw new Refusal(400, `An addendum is limited to ${TEXT_MAX.toLocaleString('en-US')} characters.`, 'text');
  const password = passwordOf(body);
  await verifyPassword({ users, userId, password, log });

  const c = collectionsFromEnv(process.env);
  const note = await ownDocumentOr404(databases, c.databaseId, c.progressNotes, noteId, userId, NOTE_NOT_FOUND);
  // Signed by sign-note: its signature is in note_signatures and covers the note as stored (a note
  // only marked signed through the API has none).
  const signature = await signatureOrNull(databases, c.databaseId, c.noteSignatures, noteId);
  if (note['status'] !== 'signed' || !signature || signature['userId'] !== userId || signature['contentHash'] !== note['contentHash']) {
    throw new Refusal(409, 'Only a signed note can get an addendum. Sign the note first.');
  }
  const signer = await signerOf(databases, c.databaseId, c.practiceSettings, userId);
  const values = { noteId, text, signedAt: appwriteDate(new Date()), signerName: signer.signerName, signerCredentials: signer.signerCredentials };
  const addendum = await databases.createDocument({
    databaseId: c.databaseId, collectionId: c.noteAddenda, documentId: ID.unique(),
    data: { ...values, userId, appointmentId: String(note['appointmentId'] ?? ''), contentHash: addendumContentHash(values) },
    permissions: [Permission.read(Role.user(userId))],
  });
  return signatureOf(addendum, ADDENDUM_SIGNATURE_KEYS);
}

/** @param {import('../../lib/execution.js').Context} context */
export default async ({ req, res, log, error }) => {
  const userId = req.headers['x-appwrite-user-id'];
  if (!userId) return res.json({ success: false, error: 'Sign in to add an addendum.' }, 401);
  const client = serverClient(req);
  const body = readBody(req.bodyText);
  try {
    const addendum = await addAddendum({ databases: new Databases(client), users: new Users(client), userId, log }, body);
    return res.json({ success: true, addendum }, 201);
  } catch (e) {
    if (e instanceof Refusal) return res.json(e.body, e.status);
    // Ids and Appwrite's message only: nothing clinical reaches the log.
    error(`add-addendum ${typeof body['noteId'] === 'string' ? body['noteId'].slice(0, 36) : ''} for ${userId} failed: ${messageOf(e)}`);
    return res.json({ success: false, error: 'The addendum could not be saved. Please try again.' }, 500);
  }
};
