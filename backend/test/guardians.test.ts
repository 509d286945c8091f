// Issue 31 "Guardians": a client's parent or guardian invited with their own login (invite-client
// with `guardian`), acting for the client — e-records consent, signing, forms, measures, documents —
// on what the therapist shared with guardians, each act recording the signer's relationship; and
// revoking either person's access. Through the SDKs over HTTP against the local Appwrite running the
// real functions, with real sessions: therapist, client A (a minor with their own login), client B,
// guardian of A, another practice's client and its therapist.
import { Query, type Functions, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { pdfPageTexts, pdfText } from './support/pdf-text.ts';
import { createClient, createPractice, mailFor } from './support/practice-fixtures.ts';
import { APP_ORIGIN, invitedClient, invitedGuardian, inviteGuardian, portalFunctionVars, revokeAccess, type PortalClient } from './support/portal-fixtures.ts';

vi.setConfig({ testTimeout: 90_000 });

const BUCKET = 'signed_consents';
/** The portal's collections: what a portal login may read, shared by the functions. */
const PORTAL_COLLECTIONS = [
  'portal_access', 'consent_requests', 'esign_consents', 'consent_signatures', 'portal_documents',
  'measure_requests', 'measure_responses', 'form_packets', 'form_requests', 'form_responses',
] as const;

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let recordA: Models.DefaultDocument;
let recordB: Models.DefaultDocument;
let clientA: PortalClient;
let clientB: PortalClient;
let clientC: PortalClient;
let guardian: PortalClient & { accessId: string };
const guardianEmail = `gina.${Date.now().toString(36)}@example.com`;

interface Answer { success: boolean; error: string | null; field?: string; [key: string]: unknown }

async function call(who: { functions: Functions }, functionId: string, body: unknown): Promise<{ status: number; body: Answer; raw: string }> {
  const execution = await who.functions.createExecution({ functionId, body: JSON.stringify(body), async: false, headers: { 'user-agent': 'GuardianTest/1.0' } });
  return { status: execution.responseStatusCode, body: JSON.parse(execution.responseBody || 'null') as Answer, raw: execution.responseBody };
}

/** The e-records consent, the signer's own: opens the disclosure PDF and types its code back. */
async function consentToElectronicRecords(who: PortalClient, accessId: string) {
  const disclosure = await call(who, 'esign-consent', { action: 'disclosure', accessId });
  expect(disclosure.status, disclosure.raw).toBe(200);
  const code = /type this code in the portal: (\d{6})/.exec(pdfText(Buffer.from(String(disclosure.body.base64), 'base64')))?.[1];
  const accepted = await call(who, 'esign-consent', { action: 'accept', accessId, version: disclosure.body.version, accessCode: code });
  expect(accepted.status, accepted.raw).toBe(201);
}

const sendConsent = async (audience?: string) => {
  const sent = await call(therapist, 'send-consent', { clientId: recordA.$id, templateId: 'informed-consent', ...(audience ? { audience } : {}) });
  expect(sent.status, sent.raw).toBe(201);
  return String((sent.body.request as { $id: string }).$id);
};

const ids = async (who: { databases: PortalClient['databases'] }, collectionId: string) =>
  (await who.databases.listDocuments({ databaseId: DATABASE_ID, collectionId, queries: [Query.limit(100)] })).documents.map((d) => d.$id);

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  const mail = JSON.parse(process.env.FUNCTION_VARS_INVITE_CLIENT ?? '{}') as Record<string, string>;
  process.env.FUNCTION_VARS_ESIGN_CONSENT = JSON.stringify({ ...mail, ESIGN_CODE_SECRET: 'test-esign-code-secret' });
  process.env.FUNCTION_VARS_SUBMIT_MEASURE = JSON.stringify({ APP_ORIGIN });
  therapist = await signedInUser(aw, 'guardian-therapist');
  other = await signedInUser(aw, 'guardian-other');
  await createPractice(therapist, { practiceName: 'Calm Waters Therapy' });
  await createPractice(other, { practiceName: 'Lakeside Counseling' });
  recordA = await createClient(therapist, { firstName: 'Samuel', preferredName: 'Sam', lastName: 'Lee', dateOfBirth: '2014-05-02' });
  recordB = await createClient(therapist, { firstName: 'Bob', lastName: 'Roe', preferredName: null });
  const recordC = await createClient(other);
  clientA = await invitedClient(aw, therapist, recordA.$id, String(recordA.email));
  clientB = await invitedClient(aw, therapist, recordB.$id, String(recordB.email));
  clientC = await invitedClient(aw, other, recordC.$id, String(recordC.email));
}, 180_000);

afterAll(async () => {
  await aw?.close();
});

describe('inviting a guardian', () => {
  it('refuses a missing name or email, the client’s own email, a client without email consent, a client and another practice', async () => {
    expect(await inviteGuardian(therapist, recordA.$id, { name: '', email: guardianEmail })).toMatchObject({ status: 400, body: { field: 'guardianName' } });
    expect(await inviteGuardian(therapist, recordA.$id, { name: 'Gina Lee', email: 'not-an-email' })).toMatchObject({ status: 400, body: { field: 'guardianEmail' } });
    expect(await inviteGuardian(therapist, recordA.$id, { name: 'Gina Lee', email: String(recordA.email) }))
      .toMatchObject({ status: 400, body: { field: 'guardianEmail', error: 'This is the client’s own email. Use the parent’s or guardian’s own email address.' } });
    const noConsent = await createClient(therapist, { reminderConsent: false });
    expect(await inviteGuardian(therapist, noConsent.$id, { name: 'Gina Lee', email: guardianEmail })).toMatchObject({ status: 400, body: { field: 'consent' } });
    expect(await inviteGuardian(other, recordA.$id, { name: 'Gina Lee', email: guardianEmail })).toMatchObject({ status: 404 });
    expect(await inviteGuardian(clientA as unknown as SignedInUser, recordA.$id, { name: 'Gina Lee', email: guardianEmail })).toMatchObject({ status: 403 });
    expect(await mailFor(aw.origin, guardianEmail)).toEqual([]);
  });

  it('gives the guardian their own login (label client) and a guardian link naming the client, with the same PHI-free invitation', async () => {
    guardian = await invitedGuardian(aw, therapist, recordA.$id, { name: 'Gina Lee', email: guardianEmail });
    expect(guardian.id).not.toBe(clientA.id);
    expect((await aw.users.get({ userId: guardian.id })).labels).toEqual(['client']);
    const [mail] = await mailFor(aw.origin, guardianEmail);
    expect(mail?.subject).toBe('Calm Waters Therapy invited you to its client portal');
    for (const word of ['Sam', 'Lee', 'Samuel', String(recordA.email)]) expect(`${mail?.subject}\n${mail?.text}`).not.toContain(word);

    const link = await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'portal_access', documentId: guardian.accessId });
    expect(link).toMatchObject({ role: 'guardian', clientId: recordA.$id, clientUserId: guardian.id, personName: 'Sam Lee', contactName: 'Gina Lee', contactEmail: guardianEmail });
    expect([...link.$permissions].sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${guardian.id}")`].sort());
    // The guardian reads their own link only; the client's stays the client's.
    expect(await ids(guardian, 'portal_access')).toEqual([guardian.accessId]);
    expect(await ids(clientA, 'portal_access')).toEqual([recordA.$id]);
    expect((await ids(therapist, 'portal_access')).sort()).toEqual([recordA.$id, recordB.$id, guardian.accessId].sort());
  });
});

describe('what the therapist shares, and who reads it', () => {
  it('reads follow the audience: client, guardian or both; a minor’s default is the guardian', async () => {
    const forGuardian = await sendConsent('guardian');
    const forClient = await sendConsent('client');
    const forBoth = await sendConsent('both');
    const byDefault = await sendConsent();
    const read = (id: string) => aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'consent_requests', documentId: id });
    expect((await read(byDefault)).audience).toBe('guardian');
    expect((await read(forGuardian)).$permissions.sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${guardian.id}")`].sort());
    expect((await read(forBoth)).$permissions.sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${clientA.id}")`, `read("user:${guardian.id}")`].sort());

    const guardianSees = await ids(guardian, 'consent_requests');
    const clientSees = await ids(clientA, 'consent_requests');
    expect(guardianSees).toEqual(expect.arrayContaining([forGuardian, forBoth, byDefault]));
    expect(guardianSees).not.toContain(forClient);
    expect(clientSees).toEqual(expect.arrayContaining([forClient, forBoth]));
    expect(clientSees).not.toContain(forGuardian);
    expect(clientSees).not.toContain(byDefault);
    await expect(clientA.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'consent_requests', documentId: forGuardian })).rejects.toMatchObject({ code: 404 });
    await expect(guardian.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'consent_requests', documentId: forClient })).rejects.toMatchObject({ code: 404 });
    for (const outsider of [clientB, clientC, other]) expect(await ids(outsider, 'consent_requests')).not.toEqual(expect.arrayContaining([forGuardian]));
  });

  it('an adult client’s default stays the client, and a guardian-only audience without a guardian is refused', async () => {
    const sent = await call(therapist, 'send-consent', { clientId: recordB.$id, templateId: 'informed-consent' });
    expect(sent.body.request).toMatchObject({ audience: 'client', clientUserId: clientB.id });
    expect(await call(therapist, 'send-consent', { clientId: recordB.$id, templateId: 'informed-consent', audience: 'guardian' }))
      .toMatchObject({ status: 409, body: { field: 'clientId' } });
  });
});

/** The consent the guardian signed (its request, signature and file share the id). */
let signedId = '';

describe('acting on the client’s behalf', () => {
  it('the guardian consents to electronic records themself, then signs as guardian; the PDF says on whose behalf', async () => {
    const requestId = await sendConsent('guardian');
    // The client's own e-records consent does not stand in for the guardian's.
    await consentToElectronicRecords(clientA, recordA.$id);
    expect(await call(guardian, 'sign-consent', { requestId, signerName: 'Gina Lee', method: 'typed', intent: true })).toMatchObject({ status: 409, body: { field: 'esign' } });
    await consentToElectronicRecords(guardian, guardian.accessId);
    // The client is not who it was shared with: told nothing.
    expect(await call(clientA, 'sign-consent', { requestId, signerName: 'Sam Lee', method: 'typed', intent: true })).toMatchObject({ status: 404 });

    const signed = await call(guardian, 'sign-consent', { requestId, signerName: 'Gina Lee', method: 'typed', intent: true });
    expect(signed.status, signed.raw).toBe(201);
    expect(signed.body.signature).toMatchObject({ signerUserId: guardian.id, signerName: 'Gina Lee', signerEmail: guardianEmail, relationship: 'guardian', clientId: recordA.$id });
    signedId = requestId;
    const url = new URL(guardian.storage.getFileDownload({ bucketId: BUCKET, fileId: requestId }));
    const pdf = Buffer.from(await guardian.client.call('get', url, {}, {}, 'arrayBuffer') as ArrayBuffer);
    const pages = pdfPageTexts(pdf);
    expect(pages.at(-1)).toContain('Signed by: Gina Lee (parent/guardian) on behalf of Sam Lee');
    expect(pages.at(-1)).toContain('Relationship to client: Parent or guardian');
    expect(pages.slice(0, -1).join('\n')).toContain('Signed electronically by Gina Lee (parent/guardian) on behalf of Sam Lee');

    // The signed copy is among the guardian's documents (not the client's: shared with guardians only), and downloads.
    const entries = await guardian.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'portal_documents', queries: [Query.equal('refId', requestId)] });
    expect(entries.documents).toHaveLength(1);
    expect(entries.documents[0]).toMatchObject({ kind: 'consent', audience: 'guardian' });
    const download = await call(guardian, 'portal-documents', { documentId: entries.documents[0]!.$id });
    expect(download.status, download.raw).toBe(200);
    expect(pdfText(Buffer.from(String(download.body.base64), 'base64'))).toContain('on behalf of Sam Lee');
    expect(await call(clientA, 'portal-documents', { documentId: entries.documents[0]!.$id })).toMatchObject({ status: 404 });
  });

  it('the guardian fills in and submits a form; the response records the guardian', async () => {
    const sent = await call(therapist, 'send-forms', { action: 'send', clientId: recordA.$id, audience: 'guardian', items: [{ kind: 'form', templateId: 'emergency-contact' }] });
    expect(sent.status, sent.raw).toBe(201);
    const requestId = String((sent.body.forms as Array<{ $id: string }>)[0]!.$id);
    expect(await call(clientA, 'fill-form', { action: 'save', requestId, answers: {}, revision: 0 })).toMatchObject({ status: 404 });
    const saved = await call(guardian, 'fill-form', { action: 'save', requestId, answers: {}, revision: 0 });
    expect(saved.status, saved.raw).toBe(200);
    const questionnaire = JSON.parse(String((await guardian.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'form_requests', documentId: requestId })).questionnaire)) as { item: Array<{ linkId: string; type: string; required?: boolean }> };
    const answers = Object.fromEntries(questionnaire.item.filter((i) => i.required).map((i) => [i.linkId, i.type === 'boolean' ? true : 'Gina Lee']));
    const submitted = await call(guardian, 'fill-form', { action: 'submit', requestId, answers });
    expect(submitted.status, submitted.raw).toBe(201);
    const response = await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'form_responses', documentId: String((submitted.body.response as { $id: string }).$id) });
    expect(response).toMatchObject({ clientUserId: guardian.id, relationship: 'guardian', submitterName: 'Gina Lee' });
    expect(response.$permissions.sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${guardian.id}")`].sort());
  });

  it('the guardian answers a measure; the response records the guardian; the client answers their own as self', async () => {
    const forGuardian = await call(therapist, 'send-measure', { clientId: recordA.$id, instrument: 'gad-2', audience: 'guardian' });
    const forClient = await call(therapist, 'send-measure', { clientId: recordA.$id, instrument: 'gad-2', audience: 'client' });
    const gId = String((forGuardian.body.request as { $id: string }).$id);
    const cId = String((forClient.body.request as { $id: string }).$id);
    expect(await call(clientA, 'submit-measure', { requestId: gId, answers: { q1: 1, q2: 1 } })).toMatchObject({ status: 404 });
    expect(await call(guardian, 'submit-measure', { requestId: cId, answers: { q1: 1, q2: 1 } })).toMatchObject({ status: 404 });
    const byGuardian = await call(guardian, 'submit-measure', { requestId: gId, answers: { q1: 1, q2: 2 } });
    expect(byGuardian.status, byGuardian.raw).toBe(201);
    expect(byGuardian.body.response).toMatchObject({ relationship: 'guardian', submitterName: 'Gina Lee', clientUserId: guardian.id });
    const bySelf = await call(clientA, 'submit-measure', { requestId: cId, answers: { q1: 0, q2: 1 } });
    expect(bySelf.body.response).toMatchObject({ relationship: 'self', clientUserId: clientA.id });
  });

  it('permission matrix per portal collection: client A, client B, guardian of A, another practice’s client, the therapist', async () => {
    for (const collectionId of PORTAL_COLLECTIONS) {
      const all = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId, queries: [Query.equal('clientId', recordA.$id), Query.limit(500)] });
      const readable = (login: string) => all.documents.filter((d) => d.$permissions.includes(`read("user:${login}")`)).map((d) => d.$id).sort();
      const ofA = new Set(all.documents.map((d) => d.$id));
      const seen = async (who: { databases: PortalClient['databases'] }) => (await ids(who, collectionId)).filter((id) => ofA.has(id)).sort();
      expect(all.documents.length, collectionId).toBeGreaterThan(0);
      expect(await seen(therapist), collectionId).toEqual(all.documents.map((d) => d.$id).sort());
      expect(await seen(guardian), collectionId).toEqual(readable(guardian.id));
      expect(await seen(clientA), collectionId).toEqual(readable(clientA.id));
      for (const outsider of [clientB, clientC, other]) expect(await seen(outsider), collectionId).toEqual([]);
      // Neither the client nor the guardian reads what was shared only with the other.
      const guardianOnly = all.documents.filter((d) => d.$permissions.includes(`read("user:${guardian.id}")`) && !d.$permissions.includes(`read("user:${clientA.id}")`));
      if (collectionId !== 'portal_access') expect(guardianOnly.length, collectionId).toBeGreaterThan(0);
      for (const doc of guardianOnly) await expect(clientA.databases.getDocument({ databaseId: DATABASE_ID, collectionId, documentId: doc.$id })).rejects.toMatchObject({ code: 404 });
    }
    // Nothing of the practice beyond what is shared: the client's record, notes, ledger.
    for (const collectionId of ['clients', 'progress_notes', 'private_notes', 'ledger_entries', 'client_balances', 'ledger_totals', 'appointments', 'practice_settings']) {
      expect(await ids(guardian, collectionId), collectionId).toEqual([]);
    }
    await expect(guardian.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: recordA.$id })).rejects.toMatchObject({ code: 404 });
  });

  it('a guardian cannot change what they read: no update or delete on a shared request or their own signature', async () => {
    await expect(guardian.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'consent_requests', documentId: signedId, data: { status: 'sent' } })).rejects.toMatchObject({ code: 401 });
    await expect(guardian.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId: 'consent_signatures', documentId: signedId })).rejects.toMatchObject({ code: 401 });
  });
});

describe('revoking access', () => {
  it('another practice cannot revoke; the therapist revokes the guardian: every read goes, the functions refuse them', async () => {
    expect(await revokeAccess(other, guardian.accessId)).toMatchObject({ status: 404 });
    const pending = await sendConsent('both');
    expect(await revokeAccess(therapist, guardian.accessId)).toMatchObject({ status: 200, body: { success: true, revoked: guardian.accessId } });

    for (const collectionId of PORTAL_COLLECTIONS) expect(await ids(guardian, collectionId), collectionId).toEqual([]);
    const url = new URL(guardian.storage.getFileDownload({ bucketId: BUCKET, fileId: signedId }));
    await expect(guardian.client.call('get', url, {}, {}, 'arrayBuffer')).rejects.toMatchObject({ code: 404 });
    expect(await call(guardian, 'sign-consent', { requestId: pending, signerName: 'Gina Lee', method: 'typed', intent: true })).toMatchObject({ status: 404 });
    expect(await call(guardian, 'esign-consent', { action: 'status', accessId: guardian.accessId })).toMatchObject({ status: 404 });
    // The client keeps what is shared with them, and the therapist everything (the signature stays as evidence).
    expect(await ids(clientA, 'consent_requests')).toContain(pending);
    expect((await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'consent_signatures', documentId: signedId })).relationship).toBe('guardian');
    // A guardian-only item now reaches nobody new; sending to guardians is refused until one is invited again.
    expect(await call(therapist, 'send-consent', { clientId: recordA.$id, templateId: 'informed-consent', audience: 'guardian' })).toMatchObject({ status: 409 });
  });

  it('revoking the client’s own access works the same way', async () => {
    expect(await revokeAccess(therapist, recordB.$id)).toMatchObject({ status: 200 });
    for (const collectionId of PORTAL_COLLECTIONS) expect(await ids(clientB, collectionId), collectionId).toEqual([]);
  });
});
