// Issue 31 "Documents": an issued invoice, a shared statement or superbill and a signed consent join
// the client's portal documents (portal_documents), the client is mailed that there is a new document
// and nothing more, and downloads the same PDF the therapist gets — through portal-documents, which
// answers only the entry's own client. Real sessions through the SDKs against the local Appwrite
// running the real functions: client A, client B of the same practice, another practice's client,
// the therapist and another therapist.
import { AppwriteException, ID, Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_ID, execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { pdfText } from './support/pdf-text.ts';
import { createClient, createPractice, mailFor, type Doc } from './support/practice-fixtures.ts';
import { APP_ORIGIN, invitedClient, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';

vi.setConfig({ testTimeout: 90_000 });

const COLLECTION = 'portal_documents';
const PRACTICE = 'Calm Waters Therapy';
const NEW_DOCUMENT = `You have a new document from ${PRACTICE}`;

interface Answer { success: boolean; error: string | null; field?: string; base64?: string; filename?: string; invoice?: { $id: string; number: string }; shared?: { documentId: string; created: boolean; mailed: boolean }; [key: string]: unknown }

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let recordA: Doc;
let recordB: Doc;
let notInvited: Doc;
let clientA: PortalClient;
let clientB: PortalClient;
let elsewhere: PortalClient;

const call = (who: { functions: SignedInUser['functions'] }, functionId: string, body: Record<string, unknown>) => execute<Answer>(who.functions, functionId, body);
const download = (who: { functions: SignedInUser['functions'] }, documentId: string) => call(who, 'portal-documents', { documentId });
const pdf = (answer: { body: Answer }) => Buffer.from(String(answer.body.base64), 'base64');
const listOwn = async (client: PortalClient) => (await client.databases.listDocuments({
  databaseId: DATABASE_ID, collectionId: COLLECTION, queries: [Query.equal('clientUserId', client.id), Query.orderDesc('issuedAt'), Query.limit(100)],
})).documents;
const newDocumentMails = async (email: string) => (await mailFor(aw.origin, email)).filter((m) => m.subject === NEW_DOCUMENT);

async function code(p: Promise<unknown>): Promise<number> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppwriteException) return e.code;
    throw e;
  }
  return 200;
}

/** An issued invoice of one charge for the client record. */
async function issuedInvoice(record: Doc, date: string) {
  const charge = await call(therapist, 'ledger', { action: 'charge', clientId: record.$id, amount: 9500, date, memo: 'Copy of records', idempotencyKey: crypto.randomUUID() });
  expect(charge.status, charge.raw).toBe(201);
  const created = await call(therapist, 'invoices', { action: 'create', clientId: record.$id, from: date, to: date });
  expect(created.status, created.raw).toBe(201);
  const issued = await call(therapist, 'invoices', { action: 'issue', invoiceId: created.body.invoice?.$id });
  expect(issued.status, issued.raw).toBe(200);
  return created.body.invoice!;
}

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  const mail = JSON.parse(process.env.FUNCTION_VARS_INVITE_CLIENT ?? '{}') as Record<string, string>;
  const vars = JSON.stringify({ APP_ORIGIN, SMTP_HOST: mail['SMTP_HOST'], SMTP_PORT: mail['SMTP_PORT'], SMTP_SECURE: 'false', SMTP_FROM: 'Cadence <documents@cadence.test>' });
  for (const id of ['INVOICES', 'MONEY_DOCUMENTS', 'SIGN_CONSENT', 'FILL_FORM']) process.env[`FUNCTION_VARS_${id}`] = vars;
  process.env.FUNCTION_VARS_ESIGN_CONSENT = JSON.stringify({ ESIGN_CODE_SECRET: 'test-esign-code-secret', APP_ORIGIN });
  therapist = await signedInUser(aw, 'docs-therapist');
  other = await signedInUser(aw, 'docs-other');
  await createPractice(therapist, { practiceName: PRACTICE });
  await createPractice(other, { practiceName: 'Lakeside Counseling' });
  recordA = await createClient(therapist);
  recordB = await createClient(therapist, { firstName: 'Bob', lastName: 'Roe' });
  notInvited = await createClient(therapist, { firstName: 'Nia', lastName: 'Stone' });
  const recordC = await createClient(other, { firstName: 'Cleo', lastName: 'Marsh' });
  clientA = await invitedClient(aw, therapist, recordA.$id, String(recordA['email']));
  clientB = await invitedClient(aw, therapist, recordB.$id, String(recordB['email']));
  elsewhere = await invitedClient(aw, other, recordC.$id, String(recordC['email']));
}, 180_000);

afterAll(async () => {
  await aw?.close();
});

describe('invoices in the portal', () => {
  it('an issued invoice is listed for its client, who is mailed only that there is a new document and downloads the therapist’s own PDF', async () => {
    const invoice = await issuedInvoice(recordA, '2026-10-02');
    const [entry, ...more] = await listOwn(clientA);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ kind: 'invoice', refId: invoice.$id, title: `Invoice ${invoice.number}`, userId: therapist.id, clientId: recordA.$id, clientUserId: clientA.id });

    const [mail, ...others] = await newDocumentMails(String(recordA['email']));
    expect(others).toEqual([]);
    expect(mail?.text).toContain(`${APP_ORIGIN}/portal/documents`);
    // Nothing about the client, the document or its amount.
    for (const word of ['Jane', 'Doe', 'Invoice', invoice.number, '95', 'F41', 'Copy of records']) expect(`${mail?.subject} ${mail?.text} ${mail?.html}`).not.toContain(word);

    const mine = await download(clientA, entry!.$id);
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.filename).toBe(`${invoice.number}.pdf`);
    const theirs = await call(therapist, 'money-documents', { document: 'invoice', invoiceId: invoice.$id });
    expect(pdfText(pdf(mine))).toBe(pdfText(pdf(theirs)));
    expect(pdfText(pdf(mine))).toContain('$95.00');

    // Emailing it afterwards issues nothing new: still one entry, one portal mail.
    const emailed = await call(therapist, 'invoices', { action: 'email', invoiceId: invoice.$id });
    expect(emailed.status, emailed.raw).toBe(200);
    expect(await listOwn(clientA)).toHaveLength(1);
    expect(await newDocumentMails(String(recordA['email']))).toHaveLength(1);
  });

  it('a client never invited gets no entry and no mail until invited; a draft is not listed', async () => {
    await issuedInvoice(notInvited, '2026-10-03');
    const entries = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: COLLECTION, queries: [Query.equal('clientId', notInvited.$id)] });
    expect(entries.total).toBe(0);
    expect(await newDocumentMails(String(notInvited['email']))).toEqual([]);
    // Invited later, the client finds that invoice listed; the invitation is their only mail.
    const late = await invitedClient(aw, therapist, notInvited.$id, String(notInvited['email']));
    expect((await listOwn(late)).map((e) => e['kind'])).toEqual(['invoice']);
    expect(await newDocumentMails(String(notInvited['email']))).toEqual([]);
    expect((await download(late, (await listOwn(late))[0]!.$id)).status).toBe(200);
    await call(therapist, 'ledger', { action: 'charge', clientId: recordB.$id, amount: 100, date: '2026-10-04', memo: 'Copy', idempotencyKey: crypto.randomUUID() });
    expect((await call(therapist, 'invoices', { action: 'create', clientId: recordB.$id, from: '2026-10-04', to: '2026-10-04' })).status).toBe(201);
    expect(await listOwn(clientB)).toEqual([]);
  });
});

describe('statements and superbills shared in the portal', () => {
  it('share:true lists the period’s document once; the client downloads the same generation; never invited is 409 before anything', async () => {
    const statement = await call(therapist, 'money-documents', { document: 'statement', clientId: recordA.$id, from: '2026-10-01', to: '2026-10-31', share: true });
    expect(statement.status, statement.raw).toBe(200);
    expect(statement.body.shared).toMatchObject({ created: true, mailed: true });
    const again = await call(therapist, 'money-documents', { document: 'statement', clientId: recordA.$id, from: '2026-10-01', to: '2026-10-31', share: true });
    expect(again.body.shared).toEqual({ documentId: statement.body.shared?.documentId, created: false, mailed: false });
    const superbill = await call(therapist, 'money-documents', { document: 'superbill', clientId: recordA.$id, from: '2026-10-01', to: '2026-10-31', share: true });
    expect(superbill.status, superbill.raw).toBe(200);

    const entries = await listOwn(clientA);
    expect(entries.map((e) => [e['kind'], e['title']])).toEqual([
      ['superbill', 'Superbill, 10/01/2026 – 10/31/2026'], ['statement', 'Statement, 10/01/2026 – 10/31/2026'], ['invoice', expect.stringMatching(/^Invoice INV-/)],
    ]);
    const mine = await download(clientA, String(statement.body.shared?.documentId));
    expect(mine.status, mine.raw).toBe(200);
    expect(pdfText(pdf(mine))).toBe(pdfText(pdf(statement)));
    const bill = await download(clientA, String(superbill.body.shared?.documentId));
    expect(pdfText(pdf(bill))).toBe(pdfText(pdf(superbill)));
    expect(await newDocumentMails(String(recordA['email']))).toHaveLength(3);

    const never = await createClient(therapist, { firstName: 'Ivy', lastName: 'North' });
    const refused = await call(therapist, 'money-documents', { document: 'statement', clientId: never.$id, from: '2026-10-01', to: '2026-10-31', share: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, error: 'Invite the client to the portal first.', field: 'share' });
  });
});

describe('who reaches a portal document', () => {
  it('only its client: client B, another practice’s client, the therapist and another therapist get 404 and list none of it', async () => {
    const [entry] = await listOwn(clientA);
    const id = entry!.$id;
    for (const who of [clientB, elsewhere, therapist, other]) {
      const answer = await download(who, id);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ success: false, error: 'This document could not be found.', field: 'documentId' });
    }
    for (const who of [clientB, elsewhere, other]) {
      expect(await code(who.databases.getDocument({ databaseId: DATABASE_ID, collectionId: COLLECTION, documentId: id }))).toBe(404);
      const seen = await who.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: COLLECTION, queries: [Query.limit(100)] });
      expect(seen.documents.filter((d) => d['clientId'] === recordA.$id)).toEqual([]);
    }
    // The therapist reads the list entries of their own clients, and changes none.
    expect((await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: COLLECTION, documentId: id })).$id).toBe(id);
    expect(await code(therapist.databases.updateDocument<Doc>({ databaseId: DATABASE_ID, collectionId: COLLECTION, documentId: id, data: { title: 'x' } }))).toBe(401);
    expect(await code(clientA.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId: COLLECTION, documentId: id }))).toBe(401);
    // Nobody plants one: not a client for themselves, not a therapist for a client.
    for (const who of [clientA, therapist]) {
      expect(await code(who.databases.createDocument<Doc>({
        databaseId: DATABASE_ID, collectionId: COLLECTION, documentId: ID.unique(),
        data: { userId: therapist.id, clientId: recordA.$id, clientUserId: clientA.id, kind: 'invoice', title: 'Invoice INV-9999', refId: 'x', issuedAt: new Date().toISOString() },
      }))).toBe(401);
    }
    // A document id that is not an entry at all.
    expect((await download(clientA, 'nope')).status).toBe(404);
    expect((await call(clientA, 'portal-documents', {})).status).toBe(400);
  });
});

describe('signed consents in the portal', () => {
  it('signing lists the signed copy for the client, mails them, and the download is the stored signed PDF', async () => {
    const sent = await call(therapist, 'send-consent', { clientId: recordB.$id, templateId: 'practice-policies' });
    expect(sent.status, sent.raw).toBe(201);
    const requestId = String((sent.body['request'] as { $id: string }).$id);
    const disclosure = await call(clientB, 'esign-consent', { action: 'disclosure', accessId: recordB.$id });
    const accessCode = /type this code in the portal: (\d{6})/.exec(pdfText(pdf(disclosure)))?.[1];
    expect((await call(clientB, 'esign-consent', { action: 'accept', accessId: recordB.$id, version: disclosure.body['version'], accessCode })).status).toBe(201);
    const signed = await call(clientB, 'sign-consent', { requestId, signerName: 'Bob Roe', method: 'typed', intent: true });
    expect(signed.status, signed.raw).toBe(201);

    const [entry, ...more] = await listOwn(clientB);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ kind: 'consent', refId: requestId, title: 'Practice policies' });
    expect(await newDocumentMails(String(recordB['email']))).toHaveLength(1);
    const mine = await download(clientB, entry!.$id);
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.filename).toBe('practice-policies-signed.pdf');
    const stored = await aw.storage.getFileDownload({ bucketId: 'signed_consents', fileId: requestId });
    expect(pdf(mine).equals(Buffer.from(stored))).toBe(true);
    expect(pdfText(pdf(mine))).toContain('Certificate of electronic signature');
    expect((await download(clientA, entry!.$id)).status).toBe(404);
  });
});

describe('submitted forms in the portal', () => {
  it('a submitted form is listed for its client, who is mailed only that there is a new document and downloads the PDF the therapist downloads', async () => {
    const sent = await call(therapist, 'send-forms', { action: 'send', clientId: recordB.$id, items: [{ kind: 'form', templateId: 'demographics' }] });
    expect(sent.status, sent.raw).toBe(201);
    const requestId = String((sent.body['forms'] as Array<{ $id: string }>)[0]!.$id);
    const mailsBefore = (await newDocumentMails(String(recordB['email']))).length;
    const answers = { firstName: 'Bob', lastName: 'Roe', dateOfBirth: '1984-03-09', contactPreference: 'phone', phone: '312 555 0199', voicemailOk: true };
    const submitted = await call(clientB, 'fill-form', { action: 'submit', requestId, answers });
    expect(submitted.status, submitted.raw).toBe(201);
    const responseId = `${requestId}-r1`;

    const entry = (await listOwn(clientB)).find((e) => e['kind'] === 'form');
    expect(entry).toMatchObject({ refId: responseId, title: 'About you and how to reach you', userId: therapist.id, clientId: recordB.$id, clientUserId: clientB.id });
    const mails = await newDocumentMails(String(recordB['email']));
    expect(mails).toHaveLength(mailsBefore + 1);
    for (const word of ['Bob', 'Roe', 'About you', '1984', '555', 'form']) expect(`${mails[0]?.subject} ${mails[0]?.text} ${mails[0]?.html}`).not.toContain(word);

    const mine = await download(clientB, entry!.$id);
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.filename).toBe('about-you-and-how-to-reach-you-submitted.pdf');
    const text = pdfText(pdf(mine));
    for (const line of [PRACTICE, 'About you and how to reach you', 'Form version 1', 'Date of birth', '1984-03-09', 'How may we contact you?', 'Phone', 'Yes']) expect(text).toContain(line);
    const stored = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'form_responses', documentId: responseId });
    expect(text).toContain(`Submitted ${String(stored['submittedAt']).slice(0, 19).replace('T', ' ')} UTC`);
    const theirs = await call(therapist, 'send-forms', { action: 'pdf', responseId });
    expect(theirs.status, theirs.raw).toBe(200);
    expect(pdfText(pdf(theirs))).toBe(text);

    // Nobody else: client A, another practice's client and another therapist get 404, the client
    // can't use the therapist's path.
    for (const who of [clientA, elsewhere, therapist, other]) expect((await download(who, entry!.$id)).status).toBe(404);
    for (const who of [other, clientB, clientA]) expect((await call(who, 'send-forms', { action: 'pdf', responseId })).status).toBeGreaterThanOrEqual(403);
    expect((await call(other, 'send-forms', { action: 'pdf', responseId })).body).toMatchObject({ success: false, field: 'responseId' });
  });
});
