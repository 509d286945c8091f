// Issue 31 "Measures": the therapist sends a questionnaire (send-measure), the client answers it
// (submit-measure), through the SDKs over HTTP against the local Appwrite running the real
// functions: the score is the server's, PHQ-9 item 9 alerts the therapist in-app without anything
// clinical and answers the client with `crisis: true`, nobody else reads a request or response,
// nobody writes one but the functions, a second submit is refused and an incomplete one names the item.
import fs from 'node:fs';
import path from 'node:path';
import { ID, Permission, Query, Role, type Databases, type Functions, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INSTRUMENTS, MEASURE_ATTRIBUTION, questionnaireOf } from '../functions/lib/measures.js';
import { execute, DATABASE_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createClient, createPractice } from './support/practice-fixtures.ts';
import { APP_ORIGIN, invitedClient, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';

vi.setConfig({ testTimeout: 90_000 });

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let clientA: PortalClient;
let clientB: PortalClient;
let recordA: Models.DefaultDocument;
let practiceA: Models.DefaultDocument;

interface Answer { success: boolean; error: string | null; field?: string; [key: string]: unknown }

const call = (functions: Functions, functionId: string, body: unknown) => execute<Answer>(functions, functionId, body);

const send = (who: { functions: Functions }, body: Record<string, unknown>) => call(who.functions, 'send-measure', body);
const submit = (who: { functions: Functions }, body: Record<string, unknown>) => call(who.functions, 'submit-measure', body);

async function sent(instrument: string): Promise<string> {
  const answer = await send(therapist, { clientId: recordA.$id, instrument });
  expect(answer.status, answer.raw).toBe(201);
  return String((answer.body.request as { $id: string }).$id);
}

const list = async (databases: Databases, collectionId: string) => (await databases.listDocuments({ databaseId: DATABASE_ID, collectionId, queries: [Query.limit(100)] })).documents;
const alerts = () => therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'notifications', queries: [Query.equal('userId', therapist.id), Query.equal('type', 'measure_alert')] });

// PHQ-9 with item 9 = 2: total 1+1+2+0+1+0+1+0+2 = 8, mild.
const PHQ9_ITEM9 = { q1: 1, q2: 1, q3: 2, q4: 0, q5: 1, q6: 0, q7: 1, q8: 0, q9: 2, difficulty: 1 };

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  process.env.FUNCTION_VARS_SUBMIT_MEASURE = JSON.stringify({ APP_ORIGIN });
  therapist = await signedInUser(aw, 'measure-therapist');
  other = await signedInUser(aw, 'measure-other');
  practiceA = await createPractice(therapist, { practiceName: 'Calm Waters Therapy' });
  await createPractice(other, { practiceName: 'Lakeside Counseling' });
  recordA = await createClient(therapist);
  const recordB = await createClient(therapist, { firstName: 'Bob', lastName: 'Roe' });
  clientA = await invitedClient(aw, therapist, recordA.$id, String(recordA.email));
  clientB = await invitedClient(aw, therapist, recordB.$id, String(recordB.email));
}, 120_000);

afterAll(async () => {
  await aw?.close();
});

describe('send-measure', () => {
  it('records a request for the therapist’s own invited client, readable by the therapist and that client only', async () => {
    const id = await sent('phq-9');
    const stored = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_requests', documentId: id });
    expect(stored).toMatchObject({ userId: therapist.id, clientId: recordA.$id, clientUserId: clientA.id, instrument: 'phq-9', status: 'sent', submittedAt: null, responseId: null });
    expect([...stored.$permissions].sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${clientA.id}")`].sort());
    expect((await clientA.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_requests', documentId: id })).instrument).toBe('phq-9');
    for (const outsider of [clientB, other]) {
      await expect(outsider.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_requests', documentId: id })).rejects.toMatchObject({ code: 404 });
      expect((await list(outsider.databases, 'measure_requests')).map((d) => d.$id)).not.toContain(id);
    }
  });

  it('refuses a client (403), another practice (404), an uninvited client (409) and an unknown instrument (400)', async () => {
    expect(await send(clientA, { clientId: recordA.$id, instrument: 'phq-9' })).toMatchObject({ status: 403, body: { success: false, error: 'Only a practice can send questionnaires.' } });
    expect(await send(other, { clientId: recordA.$id, instrument: 'phq-9' })).toMatchObject({ status: 404, body: { success: false, error: 'This client is not in your practice.' } });
    const notInvited = await createClient(therapist);
    expect(await send(therapist, { clientId: notInvited.$id, instrument: 'gad-7' })).toMatchObject({ status: 409, body: { success: false, error: 'Invite the client to the portal first.' } });
    expect(await send(therapist, { clientId: recordA.$id, instrument: 'pcl-5' })).toMatchObject({ status: 400, body: { success: false, field: 'instrument' } });
  });
});

describe('submit-measure', () => {
  let requestId: string;

  beforeAll(async () => {
    requestId = await sent('phq-9');
  });

  it('an incomplete or out-of-range answer set is refused, naming the item; nothing is stored', async () => {
    const { q9: _q9, ...without9 } = PHQ9_ITEM9;
    expect(await submit(clientA, { requestId, answers: without9 })).toMatchObject({ status: 400, body: { success: false, error: 'Answer question 9.', field: 'answers.q9' } });
    expect(await submit(clientA, { requestId, answers: { ...PHQ9_ITEM9, q3: 4 } })).toMatchObject({ status: 400, body: { field: 'answers.q3' } });
    await expect(aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_responses', documentId: requestId })).rejects.toMatchObject({ code: 404 });
  });

  it('only the request’s client answers it or reads its questionnaire', async () => {
    for (const outsider of [clientB, other, therapist]) {
      expect(await submit(outsider, { requestId, answers: PHQ9_ITEM9 })).toMatchObject({ status: 404, body: { success: false, error: 'This questionnaire could not be found.' } });
      expect(await submit(outsider, { action: 'questionnaire', requestId })).toMatchObject({ status: 404, body: { success: false } });
    }
  });

  it('the client reads the questionnaire with its published wording and attribution', async () => {
    const read = await submit(clientA, { action: 'questionnaire', requestId });
    expect(read.status, read.raw).toBe(200);
    expect(read.body).toMatchObject({ status: 'sent', questionnaire: questionnaireOf(INSTRUMENTS['phq-9']!) });
    expect(JSON.stringify(read.body.questionnaire)).toContain('Thoughts that you would be better off dead or of hurting yourself in some way');
    expect((read.body.questionnaire as { copyright: string }).copyright).toBe(MEASURE_ATTRIBUTION);
  });

  it('item 9 = 2: the server’s score and band are stored, the client is answered crisis: true, the therapist alerted without anything clinical', async () => {
    const answered = await submit(clientA, { requestId, answers: PHQ9_ITEM9 });
    expect(answered.status, answered.raw).toBe(201);
    expect(answered.body).toMatchObject({ success: true, crisis: true, country: null, response: { total: 8, severity: 'mild', safetyAlert: true } });

    const response = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_responses', documentId: requestId });
    expect(response).toMatchObject({
      userId: therapist.id, clientId: recordA.$id, clientUserId: clientA.id, requestId, instrument: 'phq-9', loincPanel: '44249-1', total: 8, severity: 'mild', safetyAlert: true,
    });
    expect(JSON.parse(String(response.answers))).toEqual(PHQ9_ITEM9);
    expect([...response.$permissions].sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${clientA.id}")`].sort());
    const request = await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_requests', documentId: requestId });
    expect(request).toMatchObject({ status: 'submitted', responseId: requestId });
    expect(request.submittedAt).toBe(response.submittedAt);

    const notifications = await alerts();
    expect(notifications.documents).toHaveLength(1);
    const [notice] = notifications.documents;
    expect(notice).toMatchObject({
      title: "A client's questionnaire needs your attention", priority: 'high', read: false, actionUrl: `${APP_ORIGIN}/dashboard/clients/${recordA.$id}?tab=portal`,
    });
    expect([...notice!.$permissions].sort()).toEqual([`read("user:${therapist.id}")`, `update("user:${therapist.id}")`, `delete("user:${therapist.id}")`].sort());
    const said = `${String(notice!.title)} ${String(notice!.message)} ${String(notice!.actionText)}`;
    for (const word of ['PHQ', 'phq', 'GAD', 'depress', 'suicid', 'harm', 'score', '8', 'mild', String(recordA.firstName), String(recordA.lastName), clientA.email]) {
      expect(said).not.toContain(word);
    }
    expect(String(notice!.notificationId)).toBe(`measure_alert:${requestId}`);
  });

  it('the answers are encrypted at rest', () => {
    const bytes = ['appwrite.sqlite', 'appwrite.sqlite-wal'].map((f) => path.join(aw.dataDir, f)).filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f).toString('latin1')).join('');
    expect(bytes).toContain('measure_responses');
    // As stored, the JSON string may sit inside the document's own JSON (quotes escaped).
    for (const form of [JSON.stringify(PHQ9_ITEM9), JSON.stringify(JSON.stringify(PHQ9_ITEM9)).slice(1, -1)]) expect(bytes).not.toContain(form);
  });

  it('client B and another therapist neither read nor list the response', async () => {
    expect((await clientA.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_responses', documentId: requestId })).total).toBe(8);
    expect((await list(therapist.databases, 'measure_responses')).map((d) => d.$id)).toContain(requestId);
    for (const outsider of [clientB, other]) {
      await expect(outsider.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_responses', documentId: requestId })).rejects.toMatchObject({ code: 404 });
      expect((await list(outsider.databases, 'measure_responses')).map((d) => d.$id)).not.toContain(requestId);
    }
  });

  it('a second submit is refused and changes nothing', async () => {
    expect(await submit(clientA, { requestId, answers: { ...PHQ9_ITEM9, q9: 0 } })).toMatchObject({ status: 409, body: { success: false, error: 'This questionnaire has already been submitted.' } });
    expect((await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_responses', documentId: requestId })).total).toBe(8);
    expect((await alerts()).total).toBe(1);
  });

  it('two submits at once: one is stored, the other refused', async () => {
    const raceId = await sent('gad-7');
    const answers = { q1: 1, q2: 1, q3: 1, q4: 1, q5: 1, q6: 1, q7: 1 };
    const results = await Promise.all([1, 2].map(() => submit(clientA, { requestId: raceId, answers })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const stored = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'measure_responses', queries: [Query.equal('requestId', raceId)] });
    expect(stored.documents.map((d) => [d.total, d.severity, d.safetyAlert])).toEqual([[7, 'mild', false]]);
  });

  it('no alert and crisis: false when item 9 is 0, even at 24', async () => {
    const id = await sent('phq-9');
    const answered = await submit(clientA, { requestId: id, answers: { q1: 3, q2: 3, q3: 3, q4: 3, q5: 3, q6: 3, q7: 3, q8: 3, q9: 0 } });
    expect(answered).toMatchObject({ status: 201, body: { crisis: false, response: { total: 24, severity: 'severe', safetyAlert: false } } });
    expect(answered.body).not.toHaveProperty('country');
    expect((await alerts()).total).toBe(1);
  });

  it('with item 9 above 0 the answer names the practice’s country, for the portal’s crisis line', async () => {
    await therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'practice_settings', documentId: practiceA.$id, data: { country: 'ES' } });
    try {
      const id = await sent('phq-9');
      const answered = await submit(clientA, { requestId: id, answers: { ...PHQ9_ITEM9, q9: 1 } });
      expect(answered).toMatchObject({ status: 201, body: { crisis: true, country: 'ES' } });
    } finally {
      await therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'practice_settings', documentId: practiceA.$id, data: { country: null } });
    }
  });

  it('nobody creates, changes or deletes a request or response through the SDK', async () => {
    const data = { userId: therapist.id, clientId: recordA.$id, clientUserId: clientA.id, instrument: 'phq-9', status: 'sent', sentAt: new Date().toISOString() };
    for (const who of [clientA, therapist]) {
      for (const collectionId of ['measure_requests', 'measure_responses']) {
        await expect(who.databases.createDocument({ databaseId: DATABASE_ID, collectionId, documentId: ID.unique(), data, permissions: [Permission.read(Role.user(who.id))] }), collectionId)
          .rejects.toMatchObject({ code: 401 });
        await expect(who.databases.updateDocument({ databaseId: DATABASE_ID, collectionId, documentId: requestId, data: { userId: who.id } }), collectionId).rejects.toMatchObject({ code: 401 });
        await expect(who.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId, documentId: requestId }), collectionId).rejects.toMatchObject({ code: 401 });
      }
    }
    expect((await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_responses', documentId: requestId })).total).toBe(8);
  });
});
