// Issue 31 "Paperwork — Forms, Packets, Review": the therapist sends a packet (send-forms), the
// client saves drafts and submits (fill-form), the therapist reviews or asks for a correction —
// through the SDKs over HTTP against the local Appwrite running the real functions, with real
// sessions: client A, client B, another practice's client, another therapist. Answers are checked
// against the exact version sent, stored encrypted and immutable; nobody writes a request or a
// response but the functions.
import fs from 'node:fs';
import path from 'node:path';
import { ID, Permission, Query, Role, type Functions, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formTemplateOf } from '../functions/lib/form-templates.js';
import { valuesOf, type QuestionnaireResponse } from '../functions/lib/questionnaire.js';
import { execute, DATABASE_ID, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createClient } from './support/practice-fixtures.ts';
import { twoPracticesWithClients, type PortalClient } from './support/portal-fixtures.ts';

vi.setConfig({ testTimeout: 90_000 });

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let clientA: PortalClient;
let clientB: PortalClient;
let otherClient: PortalClient;
let recordA: Models.DefaultDocument;

interface Answer { success: boolean; error: string | null; field?: string; [key: string]: unknown }

const call = (functions: Functions, functionId: string, body: unknown) => execute<Answer>(functions, functionId, body);
const send = (who: { functions: Functions }, body: Record<string, unknown>) => call(who.functions, 'send-forms', body);
const fill = (who: { functions: Functions }, body: Record<string, unknown>) => call(who.functions, 'fill-form', body);
interface Reader {
  databases: {
    getDocument(args: { databaseId: string; collectionId: string; documentId: string }): Promise<Models.DefaultDocument>;
    listDocuments(args: { databaseId: string; collectionId: string; queries?: string[] }): Promise<{ documents: Models.DefaultDocument[] }>;
  };
}
const get = (who: Reader, collectionId: string, documentId: string) => who.databases.getDocument({ databaseId: DATABASE_ID, collectionId, documentId });
const ids = async (who: Reader, collectionId: string) =>
  (await who.databases.listDocuments({ databaseId: DATABASE_ID, collectionId, queries: [Query.limit(100)] })).documents.map((d) => d.$id);

const DEMOGRAPHICS = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', phone: '312 555 0101', contactPreference: 'email', city: 'Chicago' };

async function sendDemographics(): Promise<string> {
  const answer = await send(therapist, { action: 'send', clientId: recordA.$id, items: [{ kind: 'form', templateId: 'demographics' }] });
  expect(answer.status, answer.raw).toBe(201);
  return String((answer.body.forms as Array<{ $id: string }>)[0]!.$id);
}

beforeAll(async () => {
  aw = await startAppwrite();
  ({ therapist, other, recordA, clientA, clientB, otherClient } = await twoPracticesWithClients(aw, 'forms'));
}, 150_000);

afterAll(async () => {
  await aw?.close();
});

describe('send-forms: a packet', () => {
  it('lists the templates to a therapist only', async () => {
    const templates = await send(therapist, { action: 'templates' });
    expect(templates.status).toBe(200);
    expect((templates.body.forms as Array<{ id: string }>).map((f) => f.id)).toEqual(['demographics', 'emergency-contact', 'health-history', 'insurance', 'payment-preferences']);
    expect((templates.body.consents as Array<{ id: string }>).length).toBeGreaterThan(0);
    expect(await send(clientA, { action: 'templates' })).toMatchObject({ status: 403, body: { success: false, error: 'Only a practice can send forms.' } });
  });

  it('sends forms and a consent in the chosen order, each readable by the therapist and that client only', async () => {
    const answer = await send(therapist, {
      action: 'send', clientId: recordA.$id,
      items: [{ kind: 'form', templateId: 'demographics' }, { kind: 'consent', templateId: 'informed-consent' }, { kind: 'form', templateId: 'insurance' }],
    });
    expect(answer.status, answer.raw).toBe(201);
    const packet = answer.body.packet as { $id: string; items: string[] };
    const forms = answer.body.forms as Array<{ $id: string; title: string }>;
    const consents = answer.body.consents as Array<{ $id: string }>;
    expect(packet.items).toEqual([`form:${forms[0]!.$id}`, `consent:${consents[0]!.$id}`, `form:${forms[1]!.$id}`]);
    const stored = await get(aw, 'form_requests', forms[0]!.$id);
    expect(stored).toMatchObject({ userId: therapist.id, clientId: recordA.$id, clientUserId: clientA.id, packetId: packet.$id, formRef: 'demographics', status: 'sent', round: 1 });
    expect(JSON.parse(String(stored.questionnaire))).toEqual(formTemplateOf('demographics'));
    expect((await get(aw, 'consent_requests', consents[0]!.$id)).status).toBe('sent');
    // The consent is audited as send-consent audits one.
    const audit = await therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'audit_log', queries: [Query.equal('userId', therapist.id), Query.limit(500)] });
    expect(audit.documents.filter((e) => e['action'] === 'consent.send').map((e) => [e['actorId'], e['entityId']])).toContainEqual([therapist.id, consents[0]!.$id]);
    for (const [collectionId, id] of [['form_packets', packet.$id], ['form_requests', forms[0]!.$id], ['consent_requests', consents[0]!.$id]] as const) {
      expect([...(await get(aw, collectionId, id)).$permissions].sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${clientA.id}")`].sort());
      expect((await get(clientA, collectionId, id)).$id).toBe(id);
      for (const outsider of [clientB, otherClient, other]) {
        await expect(get(outsider, collectionId, id), collectionId).rejects.toMatchObject({ code: 404 });
        expect(await ids(outsider, collectionId)).not.toContain(id);
      }
    }
  });

  it('refuses a client (403), another practice’s therapist (404), an uninvited client (409) and unknown items (400)', async () => {
    const items = [{ kind: 'form', templateId: 'demographics' }];
    expect(await send(clientA, { action: 'send', clientId: recordA.$id, items })).toMatchObject({ status: 403 });
    expect(await send(other, { action: 'send', clientId: recordA.$id, items })).toMatchObject({ status: 404, body: { error: 'This client is not in your practice.' } });
    const notInvited = await createClient(therapist);
    expect(await send(therapist, { action: 'send', clientId: notInvited.$id, items })).toMatchObject({ status: 409, body: { error: 'Invite the client to the portal first.' } });
    expect(await send(therapist, { action: 'send', clientId: recordA.$id, items: [...items, { kind: 'form', templateId: 'nope' }] })).toMatchObject({ status: 400, body: { field: 'items.1' } });
    expect(await send(therapist, { action: 'send', clientId: recordA.$id, items: [] })).toMatchObject({ status: 400, body: { field: 'items' } });
  });

  it('sends the therapist’s own copy (forms collection) exactly, and never another therapist’s', async () => {
    const copy = { ...formTemplateOf('emergency-contact')!, title: 'Who to call', version: '2' };
    const form = await therapist.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'forms', documentId: ID.unique(),
      data: { userId: therapist.id, templateId: 'emergency-contact', title: copy.title, version: 2, questionnaire: JSON.stringify(copy), archived: false },
      permissions: [Permission.read(Role.user(therapist.id)), Permission.update(Role.user(therapist.id)), Permission.delete(Role.user(therapist.id))],
    });
    expect(await send(other, { action: 'send', clientId: recordA.$id, items: [{ kind: 'form', formId: form.$id }] })).toMatchObject({ status: 404 });
    const answer = await send(therapist, { action: 'send', clientId: recordA.$id, items: [{ kind: 'form', formId: form.$id }] });
    expect(answer.status, answer.raw).toBe(201);
    const request = await get(aw, 'form_requests', (answer.body.forms as Array<{ $id: string }>)[0]!.$id);
    expect(request).toMatchObject({ title: 'Who to call', formRef: form.$id, formVersion: 2 });
    expect(JSON.parse(String(request.questionnaire))).toEqual(copy);
  });
});

describe('fill-form: drafts, submit, review', () => {
  let requestId: string;
  beforeAll(async () => {
    requestId = await sendDemographics();
  });

  it('only the request’s client saves or submits (404 for client B, another practice’s client and both therapists)', async () => {
    for (const outsider of [clientB, otherClient, therapist, other]) {
      expect(await fill(outsider, { action: 'save', requestId, answers: {}, revision: 0 })).toMatchObject({ status: 404, body: { error: 'This form could not be found.' } });
      expect(await fill(outsider, { action: 'submit', requestId, answers: DEMOGRAPHICS })).toMatchObject({ status: 404 });
    }
  });

  it('a draft is saved encrypted with a revision; an older revision gets the newer draft back (409) and changes nothing', async () => {
    const first = await fill(clientA, { action: 'save', requestId, answers: { firstName: 'Ada' }, revision: 0 });
    expect(first, first.raw).toMatchObject({ status: 200, body: { success: true, revision: 1 } });
    const second = await fill(clientA, { action: 'save', requestId, answers: { firstName: 'Ada', lastName: 'Love' }, revision: 1 });
    expect(second.body.revision).toBe(2);
    const stale = await fill(clientA, { action: 'save', requestId, answers: { firstName: 'Other tab' }, revision: 1 });
    expect(stale).toMatchObject({ status: 409, body: { success: false, field: 'revision', revision: 2, draft: { firstName: 'Ada', lastName: 'Love' } } });
    const stored = await get(clientA, 'form_requests', requestId);
    expect(JSON.parse(String(stored.draft))).toEqual({ firstName: 'Ada', lastName: 'Love' });
    const bytes = ['appwrite.sqlite', 'appwrite.sqlite-wal'].map((f) => path.join(aw.dataDir, f)).filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f).toString('latin1')).join('');
    expect(bytes).toContain('form_requests');
    expect(bytes).not.toContain('"lastName":"Love"');
    expect(bytes).not.toContain('\\"lastName\\":\\"Love\\"');
  });

  it('a draft may leave required questions blank but not give answers of the wrong kind', async () => {
    const bad = await fill(clientA, { action: 'save', requestId, answers: { dateOfBirth: '1990-02-30' }, revision: 2 });
    expect(bad).toMatchObject({ status: 400, body: { success: false, field: 'answers.dateOfBirth', error: 'Enter a date as YYYY-MM-DD.', code: 400, type: 'general_argument_invalid' } });
  });

  it('a submit with bad answers is 400 naming each problem, and nothing is stored', async () => {
    const answered = await fill(clientA, { action: 'submit', requestId, answers: { firstName: 'Ada', contactPreference: 'fax', nope: 1 } });
    expect(answered.status, answered.raw).toBe(400);
    expect(answered.body).toMatchObject({ success: false, message: 'This is not a question of this form.', code: 400, type: 'general_argument_invalid' });
    expect(answered.body.problems).toEqual([
      { linkId: 'nope', message: 'This is not a question of this form.' },
      { linkId: 'lastName', message: 'Answer this question.' },
      { linkId: 'dateOfBirth', message: 'Answer this question.' },
      { linkId: 'contactPreference', message: 'Choose one of the options.' },
    ]);
    expect(await ids(aw, 'form_responses')).not.toContain(`${requestId}-r1`);
  });

  it('submits: an immutable QuestionnaireResponse readable by the therapist and the client only; a second submit is 409', async () => {
    const answered = await fill(clientA, { action: 'submit', requestId, answers: { ...DEMOGRAPHICS, voicemailOk: true } });
    expect(answered.status, answered.raw).toBe(201);
    const responseId = `${requestId}-r1`;
    const response = await get(clientA, 'form_responses', responseId);
    const qr = JSON.parse(String(response.response)) as QuestionnaireResponse;
    expect(qr).toMatchObject({ resourceType: 'QuestionnaireResponse', questionnaire: 'https://cadence.app/forms/demographics|1', status: 'completed' });
    // voicemailOk is hidden when the client prefers email: dropped, not stored.
    expect(valuesOf(qr)).toEqual(DEMOGRAPHICS);
    expect([...response.$permissions].sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${clientA.id}")`].sort());
    expect((await get(therapist, 'form_responses', responseId)).requestId).toBe(requestId);
    for (const outsider of [clientB, otherClient, other]) {
      await expect(get(outsider, 'form_responses', responseId)).rejects.toMatchObject({ code: 404 });
      expect(await ids(outsider, 'form_responses')).not.toContain(responseId);
    }
    expect(await get(clientA, 'form_requests', requestId)).toMatchObject({ status: 'submitted', responseId, draft: null });
    expect(await fill(clientA, { action: 'submit', requestId, answers: DEMOGRAPHICS })).toMatchObject({ status: 409, body: { error: 'This form has already been submitted.' } });
    expect(await fill(clientA, { action: 'save', requestId, answers: {}, revision: 3 })).toMatchObject({ status: 409 });
  });

  it('nobody creates, changes or deletes a packet, request or response through the SDK', async () => {
    const responseId = `${requestId}-r1`;
    const data = { userId: therapist.id, clientId: recordA.$id, clientUserId: clientA.id, requestId, round: 1, questionnaire: 'x', response: '{}', submittedAt: new Date().toISOString() };
    for (const who of [clientA, therapist]) {
      for (const [collectionId, documentId] of [['form_packets', requestId], ['form_requests', requestId], ['form_responses', responseId]] as const) {
        await expect(who.databases.createDocument({ databaseId: DATABASE_ID, collectionId, documentId: ID.unique(), data, permissions: [Permission.read(Role.user(who.id))] }), collectionId)
          .rejects.toMatchObject({ code: 401 });
        if (collectionId === 'form_packets') continue;
        await expect(who.databases.updateDocument({ databaseId: DATABASE_ID, collectionId, documentId, data: { userId: who.id } }), collectionId).rejects.toMatchObject({ code: 401 });
        await expect(who.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId, documentId }), collectionId).rejects.toMatchObject({ code: 401 });
      }
    }
    expect(valuesOf(JSON.parse(String((await get(aw, 'form_responses', responseId)).response)) as QuestionnaireResponse)).toEqual(DEMOGRAPHICS);
  });

  it('a correction sends the form back with the message; the client resubmits as a new round; review records the accepted fields', async () => {
    expect(await send(other, { action: 'correction', requestId, message: 'x' })).toMatchObject({ status: 404 });
    expect(await send(therapist, { action: 'correction', requestId, message: ' ' })).toMatchObject({ status: 400, body: { field: 'message' } });
    const back = await send(therapist, { action: 'correction', requestId, message: 'Please add your full street address.' });
    expect(back, back.raw).toMatchObject({ status: 200, body: { request: { status: 'correction', round: 2 } } });
    expect(await get(clientA, 'form_requests', requestId)).toMatchObject({ status: 'correction', correctionMessage: 'Please add your full street address.' });
    expect(await send(therapist, { action: 'review', requestId, accepted: [] })).toMatchObject({ status: 409 });

    const again = await fill(clientA, { action: 'submit', requestId, answers: { ...DEMOGRAPHICS, addressLine1: '1 Main St' } });
    expect(again.status, again.raw).toBe(201);
    expect((await get(therapist, 'form_responses', `${requestId}-r2`)).round).toBe(2);
    expect(valuesOf(JSON.parse(String((await get(therapist, 'form_responses', `${requestId}-r1`)).response)) as QuestionnaireResponse)).toEqual(DEMOGRAPHICS);

    expect(await send(therapist, { action: 'review', requestId, accepted: ['adminNotes'] })).toMatchObject({ status: 400, body: { field: 'accepted' } });
    const reviewed = await send(therapist, { action: 'review', requestId, accepted: ['firstName', 'addressLine1'] });
    expect(reviewed, reviewed.raw).toMatchObject({ status: 200, body: { request: { status: 'reviewed', acceptedFields: ['firstName', 'addressLine1'] } } });
    expect(await fill(clientA, { action: 'submit', requestId, answers: DEMOGRAPHICS })).toMatchObject({ status: 409 });
  });
});
