// Issue 15, "Sign & lock", "Addenda" and "Private notes": sign-note and add-addendum run by the local
// Appwrite (real executions, a real transaction, the password checked by Appwrite), called as
// signed-in therapists through the Web SDK; what they wrote is read back with the API key, and every
// change after signing is tried through the official SDKs.
import fs from 'node:fs';
import path from 'node:path';
import { AppwriteException, ID, Permission, Query, Role, type Databases, type Models } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addendumCanonical, addendumContentHash, noteCanonical, noteContentHash } from '../functions/lib/note-canonical.js';
import { listClientNotes } from '../../mf-dashboard/src/sessions/notes/api/client-notes.ts';
import { getNoteForAppointment } from '../../mf-dashboard/src/sessions/notes/api/get-note.ts';
import { saveNote, SessionEnded } from '../../mf-dashboard/src/sessions/notes/api/save-note.ts';
import { signatureOfAppointment, signaturesOfAppointments } from '../../mf-dashboard/src/sessions/notes/api/note-signatures.ts';
import { notesDue } from '../../mf-dashboard/src/sessions/notes/api/notes-due.ts';
import { isSigned } from '../../mf-dashboard/src/sessions/notes/progress-note.ts';
import { configureAppwrite } from '../../shared-auth/src/client/appwrite-client.ts';
import { loadPracticeToday } from '../../shared-auth/src/practice/practice-today.ts';
import { markedWithoutSignature, signedMarksAgree } from '../../shared-auth/src/practice/signed-marks.ts';
import { localRuntimeConfig, setConfig } from '../../shared-auth/src/config/config.ts';
import { DATABASE_ID, execute, PROJECT_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { until } from './support/until.ts';

const PASSWORD = 'correct horse battery';
const owner = (userId: string) => [Permission.read(Role.user(userId)), Permission.update(Role.user(userId)), Permission.delete(Role.user(userId))];
const SUBJECTIVE = 'Reports low mood most days; sleep 4-5 h. marker-5e1d';

interface Answer<T = Models.DefaultDocument> {
  success: boolean;
  error?: string;
  field?: string;
  note?: T;
  addendum?: T;
}

let aw: LocalAppwrite;
let a: SignedInUser;
let b: SignedInUser;

const sign = (user: SignedInUser, body: unknown) => execute<Answer>(user.functions, 'sign-note', body);
const addAddendum = (user: SignedInUser, body: unknown) => execute<Answer>(user.functions, 'add-addendum', body);

async function failure(p: Promise<unknown>): Promise<{ code: number; type: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppwriteException || e instanceof server.AppwriteException) return { code: e.code, type: e.type };
    throw e;
  }
  throw new Error('expected a failure');
}

async function practice(user: SignedInUser, therapistName: string, credentials: string) {
  await user.databases.createDocument({
    databaseId: DATABASE_ID, collectionId: 'practice_settings', documentId: ID.unique(),
    data: { userId: user.id, practiceName: `${therapistName} Practice`, therapistName, credentials, timeZone: 'America/New_York' }, permissions: owner(user.id),
  });
}

/** A client, an appointment and a draft note of `user`'s, written as the dashboard writes them. */
async function draft(user: SignedInUser, extra: Record<string, unknown> = {}, permissions = owner(user.id)) {
  const db = user.databases;
  const client = await db.createDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: ID.unique(), data: { userId: user.id, firstName: 'Jane', lastName: 'Doe' }, permissions: owner(user.id) });
  const appointment = await db.createDocument({
    databaseId: DATABASE_ID, collectionId: 'appointments', documentId: ID.unique(),
    data: { userId: user.id, clientId: client.$id, serviceId: 's1', start: '2026-11-20T15:00:00.000Z', end: '2026-11-20T15:50:00.000Z', status: 'show', noteState: 'draft' },
    permissions: owner(user.id),
  });
  const note = await db.createDocument({
    databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: ID.unique(),
    data: {
      userId: user.id, appointmentId: appointment.$id, clientId: client.$id, template: 'soap',
      content: JSON.stringify({ sections: { subjective: SUBJECTIVE, objective: 'Flat affect', assessment: 'MDD, moderate', plan: 'CBT weekly' }, extra: [] }),
      riskLevel: 'low', riskDetails: 'Passive thoughts, no plan', interventions: ['CBT', 'Motivational interviewing'], goalsProgress: 'Sleep log started',
      diagnosisCodes: ['F32.1'], revision: 3, ...extra,
    },
    permissions,
  });
  return { client, appointment, note };
}

beforeAll(async () => {
  aw = await startAppwrite();
  setConfig(localRuntimeConfig({ endpoint: aw.endpoint, projectId: PROJECT_ID, databaseId: DATABASE_ID }));
  a = await signedInUser(aw, 'therapist-a');
  b = await signedInUser(aw, 'therapist-b');
  await practice(a, 'Ann Lee', 'LCSW');
  await practice(b, 'Bo Park', 'PsyD');
}, 60_000);

afterAll(async () => {
  await aw?.close();
});

describe('sign-note (issue 15: sign & lock)', () => {
  it('signs the owner’s note: hash over the canonical form, signer from practice settings, read-only, appointment signed, in one answer', async () => {
    const { note, appointment } = await draft(a);
    const before = Date.now();
    const answer = await sign(a, { noteId: note.$id, password: PASSWORD, revision: 3 });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body.success).toBe(true);
    const signed = answer.body.note as Models.DefaultDocument;
    expect(signed).toMatchObject({ $id: note.$id, status: 'signed', signerName: 'Ann Lee', signerCredentials: 'LCSW', $permissions: [Permission.read(Role.user(a.id))] });
    // The answer carries the signature, never the clinical text (executions keep their answers).
    for (const key of ['content', 'riskDetails', 'goalsProgress', 'diagnosisCodes', 'interventions']) expect(signed).not.toHaveProperty(key);
    expect(Date.parse(String(signed['signedAt']))).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(String(signed['signedAt']))).toBeLessThanOrEqual(Date.now() + 1000);

    // The hash recomputes from the stored note, as the browser's Verify does.
    const stored = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: note.$id });
    expect(stored['contentHash']).toMatch(/^[0-9a-f]{64}$/);
    expect(noteContentHash(stored)).toBe(stored['contentHash']);
    expect(noteCanonical(stored)).toContain(JSON.stringify(SUBJECTIVE).slice(1, -1).replaceAll('"', '\\"'));
    // Any change to a hashed field changes the hash.
    expect(noteContentHash({ ...stored, content: String(stored['content']).replace('4-5 h', '5-6 h') })).not.toBe(stored['contentHash']);
    expect(noteContentHash({ ...stored, signerCredentials: 'LMFT' })).not.toBe(stored['contentHash']);

    const appt = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: appointment.$id });
    expect(appt['noteState']).toBe('signed');
    // The signature, in the same transaction: note_signatures, id = the note's, readable by the owner only.
    const signature = await a.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'note_signatures', documentId: note.$id });
    expect(signature).toMatchObject({
      userId: a.id, noteId: note.$id, appointmentId: appointment.$id, contentHash: stored['contentHash'], signerName: 'Ann Lee', signerCredentials: 'LCSW',
      $permissions: [Permission.read(Role.user(a.id))],
    });
    expect(Date.parse(String(signature['signedAt']))).toBe(Date.parse(String(stored['signedAt'])));
    // The owner still reads it, with its text.
    expect(JSON.parse(String((await a.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: note.$id }))['content'])).sections.subjective).toBe(SUBJECTIVE);
  });

  it('after signing, every update and delete through the SDK fails, for the owner and for another therapist', async () => {
    const { note } = await draft(a);
    expect((await sign(a, { noteId: note.$id, password: PASSWORD })).status).toBe(200);
    const ref = { databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: note.$id };
    const attempts = (db: Databases) => [
      db.updateDocument({ ...ref, data: { content: '{"sections":{"subjective":"rewritten"}}' } }),
      db.updateDocument({ ...ref, data: { status: 'draft' } }),
      db.updateDocument({ ...ref, data: {}, permissions: owner(a.id) }),
      db.upsertDocument({ ...ref, data: { userId: a.id, appointmentId: 'x', clientId: 'y', content: 'replaced' } }),
      db.incrementDocumentAttribute({ ...ref, attribute: 'revision' }),
      db.deleteDocument(ref),
    ];
    for (const attempt of attempts(a.databases)) expect(await failure(attempt)).toMatchObject({ code: 401, type: 'user_unauthorized' });
    for (const attempt of attempts(b.databases)) expect((await failure(attempt)).code).toBe(404);
    // Nor inside a transaction.
    const tx = await a.databases.createTransaction();
    const staged = await a.databases.createOperations({ transactionId: tx.$id, operations: [{ action: 'update', ...ref, data: { content: 'rewritten' } }] }).then(() => true, () => false);
    if (staged) expect((await failure(a.databases.updateTransaction({ transactionId: tx.$id, commit: true }))).code).toBeGreaterThanOrEqual(400);
    const stored = await aw.databases.getDocument(ref);
    expect(stored['status']).toBe('signed');
    expect(noteContentHash(stored)).toBe(stored['contentHash']);
  });

  it('refuses a note signed twice (409), a wrong password (401) and a missing one (400), changing nothing', async () => {
    const { note } = await draft(a);
    expect((await sign(a, { noteId: note.$id, password: 'wrong password!' })).body).toEqual({ success: false, error: 'The password is incorrect.', field: 'password' });
    expect((await sign(a, { noteId: note.$id, password: 'wrong password!' })).status).toBe(401);
    expect((await sign(a, { noteId: note.$id })).status).toBe(400);
    expect((await sign(a, { password: PASSWORD })).status).toBe(400);
    const untouched = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: note.$id });
    expect(untouched).toMatchObject({ status: 'draft', contentHash: null, $permissions: owner(a.id) });

    const first = await sign(a, { noteId: note.$id, password: PASSWORD });
    expect(first.status).toBe(200);
    const again = await sign(a, { noteId: note.$id, password: PASSWORD });
    expect(again).toMatchObject({ status: 409, body: { success: false, error: 'This note is already signed.' } });
    const stored = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: note.$id });
    expect(stored['signedAt']).toBe(first.body.note?.['signedAt']);
  });

  it('the password check leaves no session behind, and at the session limit it is refused instead of signing out a device', async () => {
    const { note } = await draft(a);
    const before = (await aw.users.listSessions({ userId: a.id })).total;
    expect((await sign(a, { noteId: note.$id, password: PASSWORD })).status).toBe(200);
    expect((await sign(a, { noteId: note.$id, password: 'wrong password!' })).status).toBe(401);
    expect((await aw.users.listSessions({ userId: a.id })).total).toBe(before);

    const c = await signedInUser(aw, 'therapist-c');
    await practice(c, 'Cy Diaz', 'LPC');
    const busy = await draft(c);
    // Four more devices: five sessions, appwrite.json's sessionsLimit.
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${aw.endpoint}/account/sessions/email`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'cadence' }, body: JSON.stringify({ email: c.email, password: PASSWORD }),
      });
      expect(response.status).toBe(201);
    }
    expect((await aw.users.listSessions({ userId: c.id })).total).toBe(5);
    const refused = await sign(c, { noteId: busy.note.$id, password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('too many devices');
    expect((await aw.users.listSessions({ userId: c.id })).total).toBe(5);
    expect((await c.account.get()).$id).toBe(c.id);
  });

  it('refuses a note whose risk was never assessed (409 riskLevel), and a risk above none without details (409 riskDetails); signs once chosen', async () => {
    // Written as the editor writes a fresh note: no risk chosen. The stored value is null, not a default "none".
    const { note } = await draft(a, { riskLevel: undefined, riskDetails: null });
    const stored = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: note.$id });
    expect(stored['riskLevel']).toBeNull();
    const unassessed = await sign(a, { noteId: note.$id, password: PASSWORD });
    expect(unassessed).toMatchObject({
      status: 409, body: { success: false, field: 'riskLevel', error: 'Choose a risk assessment before signing — None, Low, Moderate or High.' },
    });
    expect(await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: note.$id })).toMatchObject({ status: 'draft', contentHash: null, $permissions: owner(a.id) });
    expect((await failure(a.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'note_signatures', documentId: note.$id }))).code).toBe(404);

    await a.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: note.$id, data: { riskLevel: 'moderate', riskDetails: '  ' } });
    expect(await sign(a, { noteId: note.$id, password: PASSWORD })).toMatchObject({ status: 409, body: { field: 'riskDetails' } });

    await a.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: note.$id, data: { riskLevel: 'none', riskDetails: null } });
    const signed = await sign(a, { noteId: note.$id, password: PASSWORD });
    expect(signed.status, signed.raw).toBe(200);
    const locked = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: note.$id });
    expect(locked['riskLevel']).toBe('none');
    expect(noteContentHash(locked)).toBe(locked['contentHash']);
  });

  it('refuses a stale revision (409) so a note changed elsewhere is not signed unseen', async () => {
    const { note } = await draft(a);
    expect((await sign(a, { noteId: note.$id, password: PASSWORD, revision: 2 })).status).toBe(409);
  });

  it('another therapist can neither sign the note nor add an addendum (404), with their own correct password', async () => {
    const { note } = await draft(a);
    const answer = await sign(b, { noteId: note.$id, password: PASSWORD });
    expect(answer).toMatchObject({ status: 404, body: { success: false, error: 'This note could not be found.' } });
    expect((await sign(a, { noteId: note.$id, password: PASSWORD })).status).toBe(200);
    expect((await addAddendum(b, { noteId: note.$id, text: 'Planted', password: PASSWORD })).status).toBe(404);
    expect((await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'note_addenda', queries: [Query.equal('noteId', note.$id)] })).total).toBe(0);
  });

  it('refuses a note whose permissions include anyone else, and a note planted for another therapist', async () => {
    const shared = await draft(a, {}, [...owner(a.id), Permission.read(Role.users())]);
    expect((await sign(a, { noteId: shared.note.$id, password: PASSWORD })).status).toBe(404);
    // b writes a note naming a's userId: not a's (b's permissions), so a cannot sign it …
    const mine = await draft(a);
    const planted = await b.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: ID.unique(),
      data: { userId: a.id, appointmentId: ID.unique(), clientId: mine.client.$id, content: '{}' },
    });
    expect((await sign(a, { noteId: planted.$id, password: PASSWORD })).status).toBe(404);
    // … and b cannot sign their own note on a's appointment (one without a note yet).
    const appointment = await a.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'appointments', documentId: ID.unique(),
      data: { userId: a.id, clientId: mine.client.$id, serviceId: 's1', start: '2026-11-21T15:00:00.000Z', end: '2026-11-21T15:50:00.000Z' }, permissions: owner(a.id),
    });
    const onTheirs = await b.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: ID.unique(),
      data: { userId: b.id, appointmentId: appointment.$id, clientId: mine.client.$id, content: '{}' }, permissions: owner(b.id),
    });
    expect((await sign(b, { noteId: onTheirs.$id, password: PASSWORD })).status).toBe(404);
    const appt = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: appointment.$id });
    expect(appt['noteState']).toBe('none');
    expect((await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: onTheirs.$id }))['status']).toBe('draft');
  });
});

describe('note_signatures: a note is signed only by sign-note (issue 15: sign & lock)', () => {
  it('a note its owner marks signed through the API (status, hash, own permissions dropped) shows as not signed; a real sign shows signed', async () => {
    const d = await signedInUser(aw, 'therapist-forger');
    await practice(d, 'Di Forge', 'LMFT');
    configureAppwrite(d.client);
    const { note, appointment, client } = await draft(d);
    const ref = { databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: note.$id };
    // The forged look: everything sign-note sets, set by the owner with their own session.
    const signedValues = { signedAt: new Date().toISOString(), signerName: 'Di Forge', signerCredentials: 'LMFT' };
    const forged = await d.databases.updateDocument({
      ...ref, data: { ...signedValues, status: 'signed', contentHash: noteContentHash({ ...note, ...signedValues }) }, permissions: [Permission.read(Role.user(d.id))],
    });
    await d.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: appointment.$id, data: { noteState: 'signed' } });
    expect(forged['status']).toBe('signed');
    expect(noteContentHash(forged)).toBe(forged['contentHash']);
    // … but no signature, and the owner can't write one.
    expect(await failure(d.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'note_signatures', documentId: note.$id }))).toMatchObject({ code: 404 });
    expect(await failure(d.databases.createDocument<Models.DefaultDocument>({
      databaseId: DATABASE_ID, collectionId: 'note_signatures', documentId: note.$id,
      data: { userId: d.id, noteId: note.$id, appointmentId: appointment.$id, contentHash: forged['contentHash'], ...signedValues }, permissions: [Permission.read(Role.user(d.id))],
    }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
    // The dashboard, as the owner: not signed anywhere — the note, its client's Notes tab, All Sessions' link, notes to write.
    const stored = await getNoteForAppointment(d.id, appointment.$id);
    expect(stored?.signature).toBeNull();
    expect(isSigned(stored!.note, stored!.signature)).toBe(false);
    expect((await listClientNotes(d.id, client.$id)).map((n) => n.signed)).toEqual([false]);
    expect(await signatureOfAppointment(d.id, appointment.$id)).toBeNull();
    expect(await notesDue(d.id)).toMatchObject({ total: 1, appointments: [{ $id: appointment.$id, noteState: 'draft' }] });
    // Nor does it take an addendum.
    expect((await addAddendum(d, { noteId: note.$id, text: 'Late entry', password: PASSWORD })).status).toBe(409);

    // Signed by sign-note: signed everywhere.
    const signedNow = await sign(d, { noteId: note.$id, password: PASSWORD });
    expect(signedNow.status, signedNow.raw).toBe(200);
    const real = await getNoteForAppointment(d.id, appointment.$id);
    expect(real?.signature).toMatchObject({ noteId: note.$id, contentHash: real?.note.contentHash });
    expect(isSigned(real!.note, real!.signature)).toBe(true);
    expect((await listClientNotes(d.id, client.$id)).map((n) => n.signed)).toEqual([true]);
    expect(await signatureOfAppointment(d.id, appointment.$id)).toMatchObject({ noteId: note.$id });
    expect(await notesDue(d.id)).toEqual({ total: 0, olderTotal: 0, appointments: [] });
    expect((await addAddendum(d, { noteId: note.$id, text: 'Late entry', password: PASSWORD })).status).toBe(201);
    expect((await sign(d, { noteId: note.$id, password: PASSWORD })).status).toBe(409);
  });

  it("another therapist can't read, list, change or delete a signature", async () => {
    const { note } = await draft(a);
    expect((await sign(a, { noteId: note.$id, password: PASSWORD })).status).toBe(200);
    const ref = { databaseId: DATABASE_ID, collectionId: 'note_signatures', documentId: note.$id };
    expect(await failure(b.databases.getDocument(ref))).toMatchObject({ code: 404 });
    expect((await b.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'note_signatures', queries: [Query.equal('noteId', note.$id)] })).total).toBe(0);
    expect((await b.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'note_signatures', queries: [Query.equal('userId', a.id)] })).total).toBe(0);
    expect((await failure(b.databases.updateDocument<Models.DefaultDocument>({ ...ref, data: { contentHash: 'f'.repeat(64) } }))).code).toBe(404);
    expect((await failure(b.databases.deleteDocument(ref))).code).toBe(404);
    // Nor the owner: immutable.
    expect((await failure(a.databases.updateDocument<Models.DefaultDocument>({ ...ref, data: { contentHash: 'f'.repeat(64) } }))).code).toBe(401);
    expect((await failure(a.databases.deleteDocument(ref))).code).toBe(401);
    configureAppwrite(b.client);
    expect(await signaturesOfAppointments(b.id, [String(note['appointmentId'])])).toEqual(new Map());
  });
});

describe("the appointment's note-signed mark (issue 35: notes to write in one indexed query)", () => {
  const appointmentOf = (id: string) => aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: id });
  const mark = (user: SignedInUser, id: string, noteState: string) =>
    user.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: id, data: { noteState } });
  const repair = (user: SignedInUser) => execute<{ success: boolean; repaired: { marked: number; unmarked: number } }>(user.functions, 'sign-note', { action: 'repair' });
  /** A mark written with the server key: what attendance-charges leaves, like sign-note's own. */
  const serverMark = (id: string, noteState: string) =>
    aw.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: id, data: { noteState } });
  /** Every appointment event's attendance-charges run finished, so none puts back a mark written after it. */
  const appointmentEventsDone = () => until(
    () => aw.functions.listExecutions({ functionId: 'attendance-charges', queries: [Query.equal('status', ['waiting', 'processing']), Query.limit(1)] }),
    (running) => running.total === 0, 'the appointment events run',
  );

  it('sign-note writes the mark with the signature; a refused signing writes neither', async () => {
    const { note, appointment } = await draft(a);
    expect((await sign(a, { noteId: note.$id, password: PASSWORD, revision: 2 })).status).toBe(409);
    expect((await appointmentOf(appointment.$id))['noteState']).toBe('draft');
    expect(await failure(aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'note_signatures', documentId: note.$id }))).toMatchObject({ code: 404 });
    expect((await sign(a, { noteId: note.$id, password: PASSWORD, revision: 3 })).status).toBe(200);
    expect((await appointmentOf(appointment.$id))['noteState']).toBe('signed');
    expect(await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'note_signatures', documentId: note.$id })).toMatchObject({ appointmentId: appointment.$id });
  });

  it('a mark its owner writes through the API is put back both ways; one not put back is not trusted (window by window), Today and the account page count it, and repair mends it', async () => {
    const e = await signedInUser(aw, 'therapist-marks');
    await practice(e, 'Eve Marks', 'LPC');
    configureAppwrite(e.client);
    const drafts = [];
    for (let i = 0; i < 6; i += 1) drafts.push(await draft(e));
    for (const { note } of drafts.slice(0, 5)) expect((await sign(e, { noteId: note.$id, password: PASSWORD })).status).toBe(200);
    const [forged, unmarked] = [drafts[5]!.appointment.$id, drafts[0]!.appointment.$id];
    // Agreeing marks: nothing to write but the one draft, from the indexed query alone.
    for (const window of [2, 3, undefined]) expect(await signedMarksAgree(e.id, window)).toBe(true);
    expect(await markedWithoutSignature(e.id)).toEqual([]);
    expect(await notesDue(e.id)).toMatchObject({ total: 1, appointments: [{ $id: forged }] });
    expect((await loadPracticeToday(e.id)).notesToWrite).toBe(1);

    // The owner's session can write the mark (Appwrite has no per-attribute permissions), but the
    // write does not hold: the appointment's event puts it back (attendance-charges), both ways.
    expect((await mark(e, forged, 'signed'))['noteState']).toBe('signed');
    await until(() => appointmentOf(forged), (appointment) => appointment['noteState'] === 'draft', 'the forged mark put back');
    expect((await mark(e, unmarked, 'none'))['noteState']).toBe('none');
    await until(() => appointmentOf(unmarked), (appointment) => appointment['noteState'] === 'signed', 'the removed mark put back');
    await appointmentEventsDone();
    expect(await signedMarksAgree(e.id)).toBe(true);

    // A mark that was not put back (written while attendance-charges was not running; here with the
    // server key, whose writes it leaves) is caught in whichever window it falls, and the note is
    // still to write everywhere.
    await serverMark(forged, 'signed');
    for (const window of [2, 3, undefined]) expect(await signedMarksAgree(e.id, window)).toBe(false);
    expect(await markedWithoutSignature(e.id)).toEqual([forged]);
    expect(await notesDue(e.id)).toMatchObject({ total: 1, appointments: [{ $id: forged, noteState: 'draft' }] });
    expect((await loadPracticeToday(e.id)).notesToWrite).toBe(1);

    // repair: the forged mark back to draft (its note exists), a removed mark back to signed.
    expect((await repair(e)).body).toEqual({ success: true, repaired: { marked: 0, unmarked: 1 } });
    expect((await appointmentOf(forged))['noteState']).toBe('draft');
    await serverMark(unmarked, 'none');
    expect(await signedMarksAgree(e.id)).toBe(false);
    expect((await repair(e)).body).toEqual({ success: true, repaired: { marked: 1, unmarked: 0 } });
    expect((await appointmentOf(unmarked))['noteState']).toBe('signed');
    expect(await signedMarksAgree(e.id, 2)).toBe(true);
    expect(await notesDue(e.id)).toMatchObject({ total: 1, appointments: [{ $id: forged }] });
    // Another therapist's repair touches nothing of hers.
    expect((await repair(b)).body).toEqual({ success: true, repaired: { marked: 0, unmarked: 0 } });
    expect((await appointmentOf(unmarked))['noteState']).toBe('signed');
  });

  it('an appointment its owner creates marked signed is put back to none, and one of a signed note stays marked through their edits', async () => {
    const created = await a.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'appointments', documentId: ID.unique(),
      data: { userId: a.id, clientId: 'c1', serviceId: 's1', start: '2026-11-21T15:00:00.000Z', end: '2026-11-21T15:50:00.000Z', status: 'scheduled', noteState: 'signed' },
      permissions: owner(a.id),
    });
    await until(() => appointmentOf(created.$id), (appointment) => appointment['noteState'] === 'none', 'the created mark put back');
    const { note, appointment } = await draft(a);
    expect((await sign(a, { noteId: note.$id, password: PASSWORD })).status).toBe(200);
    // Edits that leave the mark alone (a status, a time) keep it; their events write nothing back.
    await a.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: appointment.$id, data: { status: 'late_cancelled' } });
    await appointmentEventsDone();
    expect(await appointmentOf(appointment.$id)).toMatchObject({ noteState: 'signed', status: 'late_cancelled' });
  });

  it('each signature records how far the marks were checked, so a page load reads only the marks written since; a forged mark is listed by the next signature until repaired', async () => {
    const f = await signedInUser(aw, 'therapist-checked');
    await practice(f, 'Fay Check', 'LMFT');
    configureAppwrite(f.client);
    const newestSignature = async () => (await aw.databases.listDocuments({
      databaseId: DATABASE_ID, collectionId: 'note_signatures', queries: [Query.equal('userId', f.id), Query.orderDesc('$createdAt'), Query.limit(1)],
    })).documents[0]!;
    const drafts = [];
    for (let i = 0; i < 4; i += 1) drafts.push(await draft(f));
    const before = Date.now();
    expect((await sign(f, { noteId: drafts[0]!.note.$id, password: PASSWORD })).status).toBe(200);
    // The first signing checks the whole practice: nothing forged, checked to a minute before it read.
    const first = await newestSignature();
    expect(first['unsignedMarks']).toEqual([]);
    expect(Date.parse(first['marksCheckedTo'] as string)).toBeGreaterThanOrEqual(before - 61_000);
    expect(Date.parse(first['marksCheckedTo'] as string)).toBeLessThanOrEqual(Date.now() - 59_000);

    // A forged mark after it (one not put back: see above) is caught from that point on, and the
    // next signature lists it.
    const forged = drafts[1]!.appointment.$id;
    await appointmentEventsDone();
    await serverMark(forged, 'signed');
    expect(await markedWithoutSignature(f.id)).toEqual([forged]);
    expect((await sign(f, { noteId: drafts[2]!.note.$id, password: PASSWORD })).status).toBe(200);
    expect((await newestSignature())['unsignedMarks']).toEqual([forged]);
    expect(await markedWithoutSignature(f.id)).toEqual([forged]);
    expect(await notesDue(f.id)).toMatchObject({ total: 2, appointments: [{ $id: drafts[3]!.appointment.$id }, { $id: forged, noteState: 'draft' }] });

    // Repaired, the listed mark is gone (no longer marked), with nothing else to read.
    expect((await repair(f)).body).toEqual({ success: true, repaired: { marked: 0, unmarked: 1 } });
    expect(await markedWithoutSignature(f.id)).toEqual([]);

    // Marks are read from the point on only: one written with a server key and dated before the point
    // (only a server key can date a write) is not looked at — the whole-practice count would have seen it.
    const hidden = drafts[3]!.appointment.$id;
    await aw.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: hidden, data: { noteState: 'signed', $updatedAt: '2026-01-01T00:00:00.000+00:00' } });
    expect(await markedWithoutSignature(f.id)).toEqual([]);
    expect(await signedMarksAgree(f.id)).toBe(false);
  });
});

describe('saving a draft once the session ended (issue 15: nothing lost)', () => {
  it('is told as signed out — not as a missing note, which is how Appwrite answers a guest', async () => {
    const e = await signedInUser(aw, 'therapist-expired');
    configureAppwrite(e.client);
    const { note } = await draft(e);
    const saved = await saveNote(note.$id, 3, { template: 'soap', content: '{"sections":{"subjective":"first"},"extra":[]}', riskLevel: 'none', riskDetails: null, interventions: [], goalsProgress: null, diagnosisCodes: [] });
    expect(saved.revision).toBe(4);
    await aw.users.deleteSessions({ userId: e.id });
    const ended = await saveNote(note.$id, 4, { ...saved, content: '{"sections":{"subjective":"second"},"extra":[]}' }).catch((error: unknown) => error);
    expect(ended).toBeInstanceOf(SessionEnded);
    expect(ended).toMatchObject({ code: 401 });
    expect((await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: note.$id }))['revision']).toBe(4);
  });
});

describe('add-addendum (issue 15: addenda)', () => {
  it('adds signed, immutable addenda to a signed note, in order, each with its own hash', async () => {
    const { note } = await draft(a);
    expect((await addAddendum(a, { noteId: note.$id, text: 'Too early', password: PASSWORD })).status).toBe(409);
    expect((await sign(a, { noteId: note.$id, password: PASSWORD })).status).toBe(200);
    expect((await addAddendum(a, { noteId: note.$id, text: 'Late entry', password: 'nope nope nope' })).status).toBe(401);
    expect((await addAddendum(a, { noteId: note.$id, text: '   ', password: PASSWORD })).status).toBe(400);

    const first = await addAddendum(a, { noteId: note.$id, text: 'Client called: sleep now 6 h. marker-a11d', password: PASSWORD });
    expect(first.status, first.raw).toBe(201);
    const second = await addAddendum(a, { noteId: note.$id, text: 'Corrected code to F32.2', password: PASSWORD });
    expect(second.status).toBe(201);
    const list = await a.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'note_addenda', queries: [Query.equal('noteId', note.$id), Query.orderAsc('signedAt')] });
    expect(list.documents.map((d) => d['text'])).toEqual(['Client called: sleep now 6 h. marker-a11d', 'Corrected code to F32.2']);
    for (const addendum of list.documents) {
      expect(addendum).toMatchObject({ userId: a.id, noteId: note.$id, appointmentId: note['appointmentId'], signerName: 'Ann Lee', signerCredentials: 'LCSW', $permissions: [Permission.read(Role.user(a.id))] });
      expect(addendumContentHash(addendum)).toBe(addendum['contentHash']);
      expect(addendumCanonical(addendum).startsWith(`{"noteId":"${note.$id}","signedAt":"`)).toBe(true);
      const ref = { databaseId: DATABASE_ID, collectionId: 'note_addenda', documentId: addendum.$id };
      for (const db of [a.databases, b.databases]) {
        expect((await failure(db.updateDocument<Models.DefaultDocument>({ ...ref, data: { text: 'changed' } }))).code).toBeGreaterThanOrEqual(401);
        expect((await failure(db.deleteDocument(ref))).code).toBeGreaterThanOrEqual(401);
      }
      expect(await failure(b.databases.getDocument(ref))).toMatchObject({ code: 404 });
    }
    // Nobody but a function writes addenda.
    expect(await failure(a.databases.createDocument<Models.DefaultDocument>({
      databaseId: DATABASE_ID, collectionId: 'note_addenda', documentId: ID.unique(),
      data: { userId: a.id, noteId: note.$id, appointmentId: 'x', text: 'forged', signedAt: new Date().toISOString(), contentHash: 'f'.repeat(64) },
      permissions: [Permission.read(Role.user(a.id))],
    }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
  });
});

describe('private notes (issue 15: psychotherapy notes)', () => {
  it('are the owner’s alone: a second therapist can’t list, read, change or delete them', async () => {
    const { appointment } = await draft(a);
    const ref = { databaseId: DATABASE_ID, collectionId: 'private_notes' };
    const privateNote = await a.databases.createDocument({ ...ref, documentId: ID.unique(), data: { userId: a.id, appointmentId: appointment.$id, text: 'Countertransference: marker-77c2' }, permissions: owner(a.id) });
    expect((await a.databases.getDocument({ ...ref, documentId: privateNote.$id }))['text']).toBe('Countertransference: marker-77c2');
    expect((await b.databases.listDocuments({ ...ref, queries: [Query.equal('userId', a.id)] })).total).toBe(0);
    expect((await b.databases.listDocuments({ ...ref, queries: [Query.equal('appointmentId', appointment.$id)] })).total).toBe(0);
    expect(await failure(b.databases.getDocument({ ...ref, documentId: privateNote.$id }))).toMatchObject({ code: 404 });
    expect(await failure(b.databases.updateDocument<Models.DefaultDocument>({ ...ref, documentId: privateNote.$id, data: { text: 'x' } }))).toMatchObject({ code: 404 });
    expect(await failure(b.databases.deleteDocument({ ...ref, documentId: privateNote.$id }))).toMatchObject({ code: 404 });
    // One per appointment (unique index).
    expect(await failure(a.databases.createDocument<Models.DefaultDocument>({ ...ref, documentId: ID.unique(), data: { userId: a.id, appointmentId: appointment.$id, text: 'second' }, permissions: owner(a.id) })))
      .toMatchObject({ code: 409 });
    // Encrypted attribute: not queryable.
    expect(await failure(a.databases.listDocuments({ ...ref, queries: [Query.search('text', 'marker')] }))).toMatchObject({ code: 400, type: 'general_query_invalid' });
    // The owner may edit and delete their own.
    await a.databases.updateDocument({ ...ref, documentId: privateNote.$id, data: { text: 'revised' } });
    await a.databases.deleteDocument({ ...ref, documentId: privateNote.$id });
  });
});

describe('clinical text at rest (issue 15: encryption)', () => {
  it('the stored bytes of notes, addenda and private notes hold none of their text', async () => {
    // The database file and its WAL as bytes, where SQLite keeps every document.
    const bytes = ['appwrite.sqlite', 'appwrite.sqlite-wal'].map((f) => path.join(aw.dataDir, f)).filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f).toString('latin1')).join('');
    expect(bytes).toContain('"progress_notes"'.slice(1, -1));
    expect(bytes).toContain('aes-128-gcm');
    for (const marker of ['marker-5e1d', 'marker-a11d', 'marker-77c2', 'Passive thoughts', 'Sleep log started']) expect(bytes).not.toContain(marker);
  });
});
