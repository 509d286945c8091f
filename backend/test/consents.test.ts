// Issue 31 "Paperwork": consents sent by the therapist (send-consent), the client's consent to
// electronic records (esign-consent) and signing (sign-consent), through the SDKs over HTTP against
// the local Appwrite running the real functions: who reads a request, that signing needs the
// e-records consent, the signature record and the signed PDF (read back, certificate included), that
// nobody writes these records but the functions, that a second signing is refused, and that a
// withdrawal reaches the therapist.
import { ID, Permission, Query, Role, type Databases, type Functions, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consentTemplate } from '../functions/lib/consent-templates.js';
import { consentContentHash } from '../functions/lib/consent-signing.js';
import { DATABASE_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { pdfPageTexts, pdfText } from './support/pdf-text.ts';
import { createClient, createPractice, mailFor } from './support/practice-fixtures.ts';
import { invitedClient, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';
import { pngDataUrl, signaturePng } from './support/png.ts';

vi.setConfig({ testTimeout: 90_000 });

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) ConsentTest/1.0';
const BUCKET = 'signed_consents';

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let clientA: PortalClient;
let clientB: PortalClient;
let recordA: Models.DefaultDocument;
let recordB: Models.DefaultDocument;

interface Answer { success: boolean; error: string | null; field?: string; [key: string]: unknown }

/** A synchronous execution with the browser's user agent passed in `headers`, as the portal sends it. */
async function call(functions: Functions, functionId: string, body: unknown): Promise<{ status: number; body: Answer; raw: string }> {
  const execution = await functions.createExecution({ functionId, body: JSON.stringify(body), async: false, headers: { 'user-agent': USER_AGENT } });
  return { status: execution.responseStatusCode, body: JSON.parse(execution.responseBody || 'null') as Answer, raw: execution.responseBody };
}

const send = (who: { functions: Functions }, body: Record<string, unknown>) => call(who.functions, 'send-consent', body);
const esign = (who: { functions: Functions }, body: Record<string, unknown>) => call(who.functions, 'esign-consent', body);
const sign = (who: { functions: Functions }, body: Record<string, unknown>) => call(who.functions, 'sign-consent', body);

/** Opens the disclosure PDF, reads the code in it and types it back, as the portal's e-consent step does. */
async function consentToElectronicRecords(client: PortalClient, accessId: string) {
  const disclosure = await esign(client, { action: 'disclosure', accessId });
  expect(disclosure.status, disclosure.raw).toBe(200);
  const code = /type this code in the portal: (\d{6})/.exec(pdfText(Buffer.from(String(disclosure.body.base64), 'base64')))?.[1];
  expect(code).toBeDefined();
  return esign(client, { action: 'accept', accessId, version: disclosure.body.version, accessCode: code });
}

/** The file as the browser downloads it: the Web SDK's own request, with the session. */
async function download(who: { storage: PortalClient['storage']; client: PortalClient['client'] }, fileId: string): Promise<Buffer> {
  const url = new URL(who.storage.getFileDownload({ bucketId: BUCKET, fileId }));
  return Buffer.from(await who.client.call('get', url, {}, {}, 'arrayBuffer') as ArrayBuffer);
}

const listRequests = async (databases: Databases) => (await databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'consent_requests', queries: [Query.limit(100)] })).documents;

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  const mail = JSON.parse(process.env.FUNCTION_VARS_INVITE_CLIENT ?? '{}') as Record<string, string>;
  process.env.FUNCTION_VARS_ESIGN_CONSENT = JSON.stringify({
    ESIGN_CODE_SECRET: 'test-esign-code-secret', APP_ORIGIN: 'http://localhost:3000', SMTP_HOST: mail['SMTP_HOST'], SMTP_PORT: mail['SMTP_PORT'], SMTP_SECURE: 'false', SMTP_FROM: 'Cadence <portal@cadence.test>',
  });
  therapist = await signedInUser(aw, 'consent-therapist');
  other = await signedInUser(aw, 'consent-other');
  await createPractice(therapist, { practiceName: 'Calm Waters Therapy' });
  await createPractice(other, { practiceName: 'Lakeside Counseling' });
  recordA = await createClient(therapist);
  recordB = await createClient(therapist, { firstName: 'Bob', lastName: 'Roe' });
  clientA = await invitedClient(aw, therapist, recordA.$id, String(recordA.email));
  clientB = await invitedClient(aw, therapist, recordB.$id, String(recordB.email));
}, 120_000);

afterAll(async () => {
  await aw?.close();
});

describe('send-consent', () => {
  it('copies a template version’s exact text for the therapist’s own portal client, readable by the therapist and that client only', async () => {
    const template = consentTemplate('informed-consent')!;
    const sent = await send(therapist, { clientId: recordA.$id, templateId: 'informed-consent' });
    expect(sent.status, sent.raw).toBe(201);
    const id = String((sent.body.request as { $id: string }).$id);
    const stored = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'consent_requests', documentId: id });
    expect(stored).toMatchObject({
      userId: therapist.id, clientId: recordA.$id, clientUserId: clientA.id, templateId: 'informed-consent', templateVersion: template.version,
      title: template.title, body: template.body, status: 'sent', contentHash: consentContentHash(template),
    });
    expect([...stored.$permissions].sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${clientA.id}")`].sort());

    expect((await clientA.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'consent_requests', documentId: id })).body).toBe(template.body);
    expect((await listRequests(clientA.databases)).map((d) => d.$id)).toContain(id);
    expect((await listRequests(therapist.databases)).map((d) => d.$id)).toContain(id);
    for (const outsider of [clientB, other]) {
      await expect(outsider.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'consent_requests', documentId: id })).rejects.toMatchObject({ code: 404 });
      expect((await listRequests(outsider.databases)).map((d) => d.$id)).not.toContain(id);
    }
  });

  it('takes the therapist’s own title and body (size-capped) and refuses what is not theirs to send', async () => {
    const custom = await send(therapist, { clientId: recordA.$id, templateId: 'custom', title: 'Group agreement', body: 'We keep what is said here private.' });
    expect(custom.status, custom.raw).toBe(201);
    expect(custom.body.request).toMatchObject({ templateId: 'custom', title: 'Group agreement', contentHash: consentContentHash({ title: 'Group agreement', body: 'We keep what is said here private.' }) });
    expect(await send(therapist, { clientId: recordA.$id, templateId: 'custom', title: 'Long', body: 'x'.repeat(50_001) })).toMatchObject({ status: 400, body: { success: false, field: 'body' } });
    expect(await send(therapist, { clientId: recordA.$id, templateId: 'no-such' })).toMatchObject({ status: 404, body: { success: false, field: 'templateId' } });
    expect(await send(other, { clientId: recordA.$id, templateId: 'informed-consent' })).toMatchObject({ status: 404, body: { success: false, error: 'This client is not in your practice.' } });
    const notInvited = await createClient(therapist);
    expect(await send(therapist, { clientId: notInvited.$id, templateId: 'informed-consent' })).toMatchObject({ status: 409, body: { success: false, error: 'Invite the client to the portal first.' } });
    expect(await send(clientA, { clientId: recordA.$id, templateId: 'informed-consent' })).toMatchObject({ status: 403, body: { success: false } });
    const templates = await send(therapist, { action: 'templates' });
    expect((templates.body.templates as Array<{ id: string }>).map((t) => t.id)).toEqual(['informed-consent', 'practice-policies', 'telehealth-consent', 'release-of-information']);
  });
});

describe('e-records consent and signing', () => {
  let requestId: string;

  beforeAll(async () => {
    requestId = String(((await send(therapist, { clientId: recordA.$id, templateId: 'telehealth-consent' })).body.request as { $id: string }).$id);
  });

  it('signing is refused until the client consents to electronic records with the code from the disclosure PDF', async () => {
    expect(await sign(clientA, { requestId, signerName: 'Jane Doe', method: 'typed', intent: true })).toMatchObject({ status: 409, body: { success: false, field: 'esign' } });
    const disclosure = await esign(clientA, { action: 'disclosure', accessId: recordA.$id });
    const text = pdfText(Buffer.from(String(disclosure.body.base64), 'base64'));
    expect(text).toContain('Consent to electronic records and signatures');
    expect(text).toContain('Calm Waters Therapy');
    // The page's copy of the disclosure: the same words, the code only in the PDF.
    const code = /type this code in the portal: (\d{6})/.exec(text)?.[1] ?? '';
    expect(disclosure.body.text).toContain('What this consent covers');
    expect(disclosure.body.text).toContain('type this code in the portal: (the code is in the PDF)');
    expect(disclosure.body.text).not.toContain(code);
    expect(await esign(clientA, { action: 'accept', accessId: recordA.$id, version: disclosure.body.version, accessCode: '000000' }))
      .toMatchObject({ status: 400, body: { success: false, field: 'accessCode' } });
    expect(await esign(clientA, { action: 'accept', accessId: recordA.$id, version: '2000-01-01', accessCode: '000000' })).toMatchObject({ status: 409, body: { field: 'version' } });
    // Client B can't act on A's link, nor read A's code (it is A's PDF only).
    expect(await esign(clientB, { action: 'disclosure', accessId: recordA.$id })).toMatchObject({ status: 404, body: { success: false } });
    expect(await sign(clientA, { requestId, signerName: 'Jane Doe', method: 'typed', intent: true })).toMatchObject({ status: 409, body: { field: 'esign' } });

    const accepted = await consentToElectronicRecords(clientA, recordA.$id);
    expect(accepted.status, accepted.raw).toBe(201);
    expect(accepted.body.record).toMatchObject({
      userId: therapist.id, clientId: recordA.$id, clientUserId: clientA.id, action: 'accept', disclosureVersion: '2026-11-01',
      accessConfirmed: true, paperRequested: false, ipAddress: '127.0.0.1', userAgent: USER_AGENT,
    });
  });

  it('signs: an immutable signature record with the evidence, the request marked signed, a signed PDF for the therapist and the signer only', async () => {
    const signed = await sign(clientA, { requestId, signerName: ' Jane  Doe ', method: 'typed', intent: true });
    expect(signed.status, signed.raw).toBe(201);
    const request = await clientA.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'consent_requests', documentId: requestId });
    expect(request).toMatchObject({ status: 'signed', signatureId: requestId, fileId: requestId });
    const signature = await clientA.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'consent_signatures', documentId: requestId });
    expect(signature).toMatchObject({
      userId: therapist.id, clientId: recordA.$id, requestId, signerUserId: clientA.id, signerName: 'Jane Doe', signerEmail: clientA.email,
      relationship: 'self', method: 'typed', authentication: 'token', ipAddress: '127.0.0.1', userAgent: USER_AGENT,
      title: 'Telehealth consent', templateId: 'telehealth-consent', templateVersion: '2026-11-01', contentHash: request.contentHash, bucketId: BUCKET, fileId: requestId,
    });
    expect(signature.contentHash).toBe(consentContentHash(consentTemplate('telehealth-consent')!));
    expect(signature.sessionId).toMatch(/\S/);
    expect([...signature.$permissions].sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${clientA.id}")`].sort());
    await expect(other.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'consent_signatures', documentId: requestId })).rejects.toMatchObject({ code: 404 });
    await expect(clientB.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'consent_signatures', documentId: requestId })).rejects.toMatchObject({ code: 404 });

    const bucket = await aw.storage.getBucket({ bucketId: BUCKET });
    expect(bucket).toMatchObject({ encryption: true, fileSecurity: true, $permissions: [] });
    const file = await aw.storage.getFile({ bucketId: BUCKET, fileId: requestId });
    expect([...file.$permissions].sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${clientA.id}")`].sort());
    for (const reader of [therapist, clientA]) {
      const pdf = await download(reader, requestId);
      const pages = pdfPageTexts(pdf);
      const certificate = pages.at(-1)!;
      expect(pages.slice(0, -1).join('\n')).toContain('Telehealth means sessions held by live video or telephone instead of in the office.');
      expect(certificate).toContain('Certificate of electronic signature');
      expect(certificate).toContain(`SHA-256: ${String(signature.contentHash)}`);
      for (const line of ['Signer: Jane Doe', 'Relationship to client: Self (the client)', 'Method: Typed name', 'IP address: 127.0.0.1', `User agent: ${USER_AGENT}`,
        'Document: Telehealth consent', 'Version: telehealth-consent, version 2026-11-01', 'Practice: Calm Waters Therapy', 'Authentication: Client portal session: one-time code or link']) {
        expect(certificate).toContain(line);
      }
    }
    for (const outsider of [clientB, other]) {
      await expect(outsider.storage.getFile({ bucketId: BUCKET, fileId: requestId })).rejects.toMatchObject({ code: 404 });
      await expect(download(outsider, requestId)).rejects.toMatchObject({ code: 404 });
    }
  });

  it('a second signing of the same request is refused', async () => {
    expect(await sign(clientA, { requestId, signerName: 'Jane Doe', method: 'typed', intent: true })).toMatchObject({
      status: 409, body: { success: false, error: 'This document has already been signed.' },
    });
    const signatures = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'consent_signatures', queries: [Query.equal('requestId', requestId)] });
    expect(signatures.total).toBe(1);
  });

  it('two signings of one request at once: one is recorded, the other refused', async () => {
    const raceId = String(((await send(therapist, { clientId: recordA.$id, templateId: 'informed-consent' })).body.request as { $id: string }).$id);
    const answers = await Promise.all([1, 2].map(() => sign(clientA, { requestId: raceId, signerName: 'Jane Doe', method: 'typed', intent: true })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({ success: false, error: 'This document has already been signed.' });
    expect((await aw.storage.getFile({ bucketId: BUCKET, fileId: raceId })).$id).toBe(raceId);
  });

  it('nobody creates, changes or deletes a request, signature, e-consent record or signed PDF through the SDK', async () => {
    const writes = { userId: therapist.id, clientId: recordA.$id };
    const [esignRecord] = (await clientA.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'esign_consents' })).documents;
    for (const who of [clientA, therapist]) {
      for (const collectionId of ['consent_requests', 'consent_signatures', 'esign_consents']) {
        await expect(who.databases.createDocument({ databaseId: DATABASE_ID, collectionId, documentId: ID.unique(), data: writes, permissions: [Permission.read(Role.user(who.id))] }), collectionId)
          .rejects.toMatchObject({ code: 401 });
      }
      for (const [collectionId, documentId] of [['consent_requests', requestId], ['consent_signatures', requestId], ['esign_consents', esignRecord!.$id]] as const) {
        await expect(who.databases.updateDocument({ databaseId: DATABASE_ID, collectionId, documentId, data: { userId: who.id } }), collectionId).rejects.toMatchObject({ code: 401 });
        await expect(who.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId, documentId }), collectionId).rejects.toMatchObject({ code: 401 });
      }
      await expect(who.storage.deleteFile({ bucketId: BUCKET, fileId: requestId })).rejects.toMatchObject({ code: 401 });
      await expect(who.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: new File([Buffer.from('%PDF-1.4 forged')], 'forged.pdf') })).rejects.toMatchObject({ code: 401 });
    }
    expect((await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'consent_requests', documentId: requestId })).status).toBe('signed');
  });

  it('signs a drawn signature into the PDF; refuses a bad drawing, no intent, and another client’s request', async () => {
    const drawnId = String(((await send(therapist, { clientId: recordA.$id, templateId: 'practice-policies' })).body.request as { $id: string }).$id);
    expect(await sign(clientA, { requestId: drawnId, signerName: 'Jane Doe', method: 'drawn', drawing: 'data:image/png;base64,AAAA', intent: true })).toMatchObject({ status: 400, body: { field: 'drawing' } });
    expect(await sign(clientA, { requestId: drawnId, signerName: 'Jane Doe', method: 'typed' })).toMatchObject({ status: 400, body: { field: 'intent' } });
    expect(await sign(clientB, { requestId: drawnId, signerName: 'Bob Roe', method: 'typed', intent: true })).toMatchObject({ status: 404, body: { success: false, error: 'This document could not be found.' } });
    const drawn = await sign(clientA, { requestId: drawnId, signerName: 'Jane Doe', method: 'drawn', drawing: pngDataUrl(signaturePng()), intent: true });
    expect(drawn.status, drawn.raw).toBe(201);
    expect(drawn.body.signature).toMatchObject({ method: 'drawn' });
    const pdf = await download(clientA, drawnId);
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(pdfPageTexts(pdf).at(-1)).toContain('Method: Drawn signature');
  });

  it('a withdrawal is a new record, reaches the therapist’s notifications without naming the client, and stops signing', async () => {
    const nextId = String(((await send(therapist, { clientId: recordA.$id, templateId: 'release-of-information' })).body.request as { $id: string }).$id);
    const withdrawn = await esign(clientA, { action: 'withdraw', accessId: recordA.$id });
    expect(withdrawn.status, withdrawn.raw).toBe(201);
    expect(withdrawn.body.record).toMatchObject({ action: 'withdraw', paperRequested: true, accessConfirmed: false, userAgent: USER_AGENT });
    const history = await therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'esign_consents', queries: [Query.equal('clientId', recordA.$id), Query.orderAsc('$sequence')] });
    expect(history.documents.map((d) => d.action)).toEqual(['accept', 'withdraw']);

    const notifications = await therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'notifications', queries: [Query.equal('userId', therapist.id), Query.equal('type', 'portal_consent')] });
    expect(notifications.documents).toHaveLength(1);
    const [notice] = notifications.documents;
    expect(notice).toMatchObject({ title: 'A client updated their e-signature consent', actionUrl: `http://localhost:3000/dashboard/clients/${recordA.$id}?tab=portal` });
    expect([...notice!.$permissions].sort()).toEqual([`read("user:${therapist.id}")`, `update("user:${therapist.id}")`, `delete("user:${therapist.id}")`].sort());
    for (const word of ['Jane', 'Doe', 'Janie', clientA.email]) expect(`${String(notice!.title)} ${String(notice!.message)}`).not.toContain(word);
    expect((await clientB.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'esign_consents' })).total).toBe(0);
    // And by email, saying no more than the notification.
    const [mail, ...more] = (await mailFor(aw.origin, therapist.email)).filter((m) => m.subject === 'A client updated their e-signature consent');
    expect(more).toEqual([]);
    expect(mail?.text).toContain(`http://localhost:3000/dashboard/clients/${recordA.$id}?tab=portal`);
    for (const word of ['Jane', 'Doe', 'Janie', clientA.email, 'Release']) expect(`${mail?.text} ${mail?.html}`).not.toContain(word);
    expect(await esign(clientA, { action: 'status', accessId: recordA.$id })).toMatchObject({ status: 200, body: { inForce: false, latest: { action: 'withdraw' } } });

    expect(await sign(clientA, { requestId: nextId, signerName: 'Jane Doe', method: 'typed', intent: true })).toMatchObject({ status: 409, body: { field: 'esign' } });
  });

  it('an acceptance of an older disclosure version is no consent: status says so, signing is refused until the client agrees to the current one', async () => {
    const current = (await esign(clientB, { action: 'status', accessId: recordB.$id })).body;
    expect(current).toMatchObject({ success: true, version: '2026-11-01', inForce: false, latest: null });
    // The client agreed to a version before this one (as recorded then, by the function's key).
    await aw.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'esign_consents', documentId: ID.unique(),
      data: { userId: therapist.id, clientId: recordB.$id, clientUserId: clientB.id, action: 'accept', disclosureVersion: '2026-01-01', disclosureHash: 'a'.repeat(64), accessConfirmed: true, paperRequested: false, at: new Date().toISOString() },
      permissions: [Permission.read(Role.user(therapist.id)), Permission.read(Role.user(clientB.id))],
    });
    expect(await esign(clientB, { action: 'status', accessId: recordB.$id })).toMatchObject({ status: 200, body: { version: '2026-11-01', inForce: false, latest: { action: 'accept', disclosureVersion: '2026-01-01' } } });
    const requestId = String(((await send(therapist, { clientId: recordB.$id, templateId: 'practice-policies' })).body.request as { $id: string }).$id);
    expect(await sign(clientB, { requestId, signerName: 'Bob Roe', method: 'typed', intent: true })).toMatchObject({ status: 409, body: { field: 'esign' } });
    expect((await consentToElectronicRecords(clientB, recordB.$id)).status).toBe(201);
    expect(await esign(clientB, { action: 'status', accessId: recordB.$id })).toMatchObject({ body: { inForce: true, latest: { action: 'accept', disclosureVersion: '2026-11-01' } } });
    expect((await sign(clientB, { requestId, signerName: 'Bob Roe', method: 'typed', intent: true })).status).toBe(201);
    // Someone else's link: nothing.
    expect(await esign(clientA, { action: 'status', accessId: recordB.$id })).toMatchObject({ status: 404 });
  });
});

describe('the audit log of consents', () => {
  it('records sending (the therapist), the e-records consent, signing and the withdrawal (the client’s login), in the therapist’s log only, naming no document', async () => {
    const log = await therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'audit_log', queries: [Query.equal('userId', therapist.id), Query.orderAsc('seq'), Query.limit(500)] });
    const consentEntries = log.documents.filter((e) => /^(consent|esign)\./.test(String(e['action'])));
    const actions = (actor: string) => consentEntries.filter((e) => e['actorId'] === actor).map((e) => `${String(e['action'])} ${String(e['entityType'])}`);
    expect(new Set(actions(therapist.id))).toEqual(new Set(['consent.send consent_request']));
    expect(actions(clientA.id)).toEqual(expect.arrayContaining(['esign.accept esign_consent', 'consent.sign consent_signature', 'esign.withdraw esign_consent']));
    expect(actions(clientB.id)).toEqual(['esign.accept esign_consent', 'consent.sign consent_signature']);
    const signed = consentEntries.find((e) => e['action'] === 'consent.sign' && e['actorId'] === clientB.id);
    expect(signed).toMatchObject({ ip: '127.0.0.1', userAgent: USER_AGENT });
    for (const entry of consentEntries) expect(JSON.stringify(entry)).not.toMatch(/Practice policies|Telehealth|Jane|Bob/);
    // Nothing of it in the other practice's log, and the clients read no log at all.
    const others = await other.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'audit_log', queries: [Query.limit(500)] });
    expect(others.documents.filter((e) => /^(consent|esign)\./.test(String(e['action'])))).toEqual([]);
    // A client reads only its own log (its sign-ins), never the practice's entries.
    const own = await clientA.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'audit_log', queries: [Query.limit(500)] });
    expect(own.documents.filter((e) => e['userId'] !== clientA.id || /^(consent|esign)\./.test(String(e['action'])))).toEqual([]);
  });
});
