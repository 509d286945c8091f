// Issue 31, the forms' `attachment` item: a client uploads a file to the form_uploads bucket (theirs
// alone until they submit) and fill-form accepts it only when it is still the submitter's own and its
// bytes are a PDF or an image; then the therapist and that client read it, nobody changes it. Through
// the SDKs over HTTP against the local Appwrite running the real functions, with real sessions:
// client A, client B, another practice's client, another therapist.
import { strFromU8 } from 'fflate';
import { AppwriteException, ID, Permission, Role, type Functions, type Models } from 'appwrite';
import { AppwriteException as ServerException } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectionsFromEnv } from '../functions/lib/collections.js';
import { deleteFormUploads } from '../functions/lib/form-uploads.js';
import { attachmentsOf, type Questionnaire, type QuestionnaireResponse } from '../functions/lib/questionnaire.js';
import { DATABASE_ID, execute, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { exportZip } from './support/export-zip.ts';
import { invitedGuardian, revokeAccess, twoPracticesWithClients, type PortalClient } from './support/portal-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const BUCKET = 'form_uploads';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const png = (name = 'card.png') => new File([PNG], name);
/** A phone's HEIC photo: ISO media with the `heic` brand. */
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1')]);

interface Answer { success: boolean; error: string | null; field?: string; problems?: Array<{ linkId: string; message: string }>; [key: string]: unknown }

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let clientA: PortalClient;
let clientB: PortalClient;
let otherClient: PortalClient;
let recordA: Models.DefaultDocument;

const fill = (who: { functions: Functions }, body: Record<string, unknown>) => execute<Answer>(who.functions, 'fill-form', body);

async function refused(promise: Promise<unknown>): Promise<{ code: number; type: string }> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof AppwriteException || e instanceof ServerException) return { code: e.code, type: e.type };
    throw e;
  }
  throw new Error('expected Appwrite to refuse');
}

/** The therapist's own form: a short answer and a required upload of an image (the insurance card). */
const FORM: Questionnaire = {
  resourceType: 'Questionnaire', url: 'https://cadence.app/forms/copies/card', version: '1', title: 'Your insurance card', status: 'active',
  item: [
    { linkId: 'payer', text: 'Insurance company', type: 'string' },
    {
      linkId: 'card', text: 'Photo of your insurance card (front and back)', type: 'attachment', required: true,
      extension: ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp'].map((valueCode) => ({ url: 'http://hl7.org/fhir/StructureDefinition/mimeType', valueCode })),
    },
  ],
};

async function sendForm(client: Models.DefaultDocument, audience?: 'client' | 'guardian' | 'both'): Promise<string> {
  const form = await therapist.databases.createDocument({
    databaseId: DATABASE_ID, collectionId: 'forms', documentId: ID.unique(),
    data: { userId: therapist.id, templateId: 'insurance', title: FORM.title, version: 1, questionnaire: JSON.stringify(FORM), archived: false },
    permissions: [Permission.read(Role.user(therapist.id)), Permission.update(Role.user(therapist.id)), Permission.delete(Role.user(therapist.id))],
  });
  const answer = await execute<Answer>(therapist.functions, 'send-forms', { action: 'send', clientId: client.$id, items: [{ kind: 'form', formId: form.$id }], ...(audience ? { audience } : {}) });
  expect(answer.status, answer.raw).toBe(201);
  return String((answer.body['forms'] as Array<{ $id: string }>)[0]!.$id);
}

beforeAll(async () => {
  aw = await startAppwrite();
  ({ therapist, other, recordA, clientA, clientB, otherClient } = await twoPracticesWithClients(aw, 'uploads'));
}, 300_000);

afterAll(async () => {
  await aw?.close();
});

describe('form uploads: the bucket', () => {
  it('only portal logins upload; other kinds and sizes get Storage’s own errors', async () => {
    expect(await refused(therapist.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: png() }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
    expect(await refused(clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: new File([Buffer.from('GIF89a')], 'card.gif') })))
      .toMatchObject({ type: 'storage_file_type_unsupported' });
    expect(await refused(clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: new File([Buffer.alloc(10_000_001, 1)], 'card.jpg') })))
      .toMatchObject({ type: 'storage_invalid_file_size' });
  });

  it('an upload is its uploader’s alone, encrypted: the practice and other clients cannot read it', async () => {
    const file = await clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: png() });
    expect(file.$permissions.every((p) => p.endsWith(`("user:${clientA.id}")`))).toBe(true);
    expect((await aw.storage.getFile({ bucketId: BUCKET, fileId: file.$id })).encryption).toBe(true);
    for (const outsider of [therapist, other, clientB, otherClient]) {
      expect((await refused(outsider.storage.getFile({ bucketId: BUCKET, fileId: file.$id }))).code).toBe(404);
    }
  });
});

describe('fill-form: a file upload answer', () => {
  let requestId: string;
  let mine: Models.File;
  beforeAll(async () => {
    requestId = await sendForm(recordA);
    mine = await clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: png('insurance card.png') });
  });

  it('a required upload left out is the spec-like problem; a draft may hold the file id', async () => {
    const blank = await fill(clientA, { action: 'submit', requestId, answers: { payer: 'Aetna' } });
    expect(blank.status, blank.raw).toBe(400);
    expect(blank.body.problems).toEqual([{ linkId: 'card', message: 'Upload a file.' }]);
    expect((await fill(clientA, { action: 'save', requestId, answers: { card: mine.$id }, revision: 0 })).status).toBe(200);
  });

  it('refuses a text file renamed .png or .pdf, someone else’s file, and a kind the question does not take', async () => {
    const message = 'Upload this file again: it is not a PDF or an image this question takes (up to 10 MB).';
    const disguised = await clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: new File([Buffer.from('just some text')], 'card.png') });
    const pdfText = await clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: new File([Buffer.from('not a pdf at all')], 'card.pdf') });
    const realPdf = await clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: new File([Buffer.from('%PDF-1.4 card')], 'card.pdf') });
    const theirs = await clientB.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: png() });
    for (const fileId of [disguised.$id, pdfText.$id, realPdf.$id, theirs.$id, 'no-such-file']) {
      const answer = await fill(clientA, { action: 'submit', requestId, answers: { card: fileId } });
      expect(answer, fileId).toMatchObject({ status: 400, body: { field: 'answers.card', error: message, problems: [{ linkId: 'card', message }] } });
    }
    // Refused, none became readable by anyone else.
    expect((await refused(therapist.storage.getFile({ bucketId: BUCKET, fileId: disguised.$id }))).code).toBe(404);
    expect((await refused(clientA.storage.getFile({ bucketId: BUCKET, fileId: theirs.$id }))).code).toBe(404);
  });

  it('submits: valueAttachment (type, size, name, file id — no URL); the file read by the therapist and the client only, changed by no one', async () => {
    const answer = await fill(clientA, { action: 'submit', requestId, answers: { payer: 'Aetna', card: mine.$id } });
    expect(answer.status, answer.raw).toBe(201);
    const response = await clientA.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'form_responses', documentId: `${requestId}-r1` });
    const qr = JSON.parse(String(response['response'])) as QuestionnaireResponse;
    const card = qr.item.find((i) => i.linkId === 'card')?.answer?.[0];
    expect(card).toEqual({
      valueAttachment: {
        contentType: 'image/png', size: PNG.length, title: 'insurance card.png',
        extension: [{ url: 'https://cadence.app/fhir/StructureDefinition/file-id', valueString: mine.$id }],
      },
    });
    expect(String(response['response'])).not.toMatch(/https?:\/\/[^"]*storage/);
    const stored = await aw.storage.getFile({ bucketId: BUCKET, fileId: mine.$id });
    expect([...stored.$permissions].sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${clientA.id}")`].sort());
    for (const reader of [therapist, clientA]) {
      const url = new URL(reader.storage.getFileDownload({ bucketId: BUCKET, fileId: mine.$id }));
      expect(Buffer.from(await reader.client.call('get', url, {}, {}, 'arrayBuffer') as ArrayBuffer).equals(PNG)).toBe(true);
    }
    for (const outsider of [clientB, otherClient, other]) {
      expect((await refused(outsider.storage.getFile({ bucketId: BUCKET, fileId: mine.$id }))).code).toBe(404);
    }
    expect((await refused(clientA.storage.deleteFile({ bucketId: BUCKET, fileId: mine.$id }))).code).toBe(401);
    expect((await refused(therapist.storage.deleteFile({ bucketId: BUCKET, fileId: mine.$id }))).code).toBe(401);
    expect((await refused(clientA.storage.updateFile({ bucketId: BUCKET, fileId: mine.$id, name: 'x.png' }))).code).toBe(401);
  });

  it('a submitted file cannot be submitted again in another form; a phone’s HEIC photo is taken', async () => {
    const second = await sendForm(recordA);
    expect((await fill(clientA, { action: 'submit', requestId: second, answers: { card: mine.$id } })).status).toBe(400);
    const photo = await clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: new File([HEIC], 'IMG_0001.HEIC') });
    const answer = await fill(clientA, { action: 'submit', requestId: second, answers: { card: photo.$id } });
    expect(answer.status, answer.raw).toBe(201);
  });

  it('the practice’s export holds the files beside form-responses.csv; another therapist’s has none', async () => {
    const files = await exportZip(therapist);
    const uploads = Object.keys(files).filter((name) => name.startsWith('form-uploads/'));
    expect(uploads).toContain(`form-uploads/${requestId}-r1/card-insurance-card.png`);
    expect(Buffer.from(files[`form-uploads/${requestId}-r1/card-insurance-card.png`]!).equals(PNG)).toBe(true);
    expect(strFromU8(files['README.txt']!)).toContain('form-uploads/ (2 files)');
    expect(Object.keys(await exportZip(other)).filter((name) => name.startsWith('form-uploads/'))).toEqual([]);
  });

  it('account deletion deletes the submitted files and the unsent ones the drafts name', async () => {
    const third = await sendForm(recordA);
    const unsent = await clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: png() });
    expect((await fill(clientA, { action: 'save', requestId: third, answers: { card: unsent.$id }, revision: 0 })).status).toBe(200);
    const responses = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'form_responses' });
    const submitted = responses.documents.filter((d) => d['userId'] === therapist.id).flatMap((d) => [...attachmentsOf(JSON.parse(String(d['response']))).values()].map((a) => a.fileId));
    expect(submitted).toHaveLength(2);
    const result = await deleteFormUploads({ databases: aw.databases, storage: aw.storage, collections: collectionsFromEnv({}) }, therapist.id);
    expect(result).toEqual({ deleted: 3, done: true });
    for (const fileId of [...submitted, unsent.$id]) expect((await refused(aw.storage.getFile({ bucketId: BUCKET, fileId }))).code).toBe(404);
  });
});

describe('a guardian filling the form for the client', () => {
  it('uploads and submits; the file is read as the response is — the therapist, the client, the guardian — and a revoked guardian loses it', async () => {
    const guardian = await invitedGuardian(aw, therapist, recordA.$id, { name: 'Gina Guardian', email: `gina.${Date.now().toString(36)}@example.com` });
    const requestId = await sendForm(recordA, 'both');
    const file = await guardian.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: png('scan.png') });
    // The client cannot submit the guardian's upload as their own.
    expect((await fill(clientA, { action: 'submit', requestId, answers: { card: file.$id } })).status).toBe(400);
    const answer = await fill(guardian, { action: 'submit', requestId, answers: { card: file.$id } });
    expect(answer.status, answer.raw).toBe(201);
    const readers = (await aw.storage.getFile({ bucketId: BUCKET, fileId: file.$id })).$permissions;
    expect([...readers].sort()).toEqual([therapist.id, clientA.id, guardian.id].map((id) => `read("user:${id}")`).sort());
    expect((await clientA.storage.getFile({ bucketId: BUCKET, fileId: file.$id })).$id).toBe(file.$id);
    expect((await refused(clientB.storage.getFile({ bucketId: BUCKET, fileId: file.$id }))).code).toBe(404);
    expect((await revokeAccess(therapist, guardian.accessId)).status).toBe(200);
    expect((await refused(guardian.storage.getFile({ bucketId: BUCKET, fileId: file.$id }))).code).toBe(404);
    expect((await therapist.storage.getFile({ bucketId: BUCKET, fileId: file.$id })).$id).toBe(file.$id);
  });
});
