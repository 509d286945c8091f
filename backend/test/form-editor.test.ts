// Issue 31 "the therapist can edit copies of them in a simple form editor": the editor's data layer
// (mf-dashboard/src/form-editor/forms-api.ts) through the Web SDK over HTTP against the local
// Appwrite running send-forms and fill-form. A copy is the therapist's alone; an edit after sending
// is a new version while the sent request keeps the questions it was sent with (and the client's
// answers are checked against those); nothing invalid is saved by the editor, and a form written
// around it through the SDK — the collection is browser-written — is refused when it would reach a
// client (send-forms validates with the same model).
import { ID, Permission, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formTemplateOf } from '../functions/lib/form-templates.js';
import type { Questionnaire } from '../functions/lib/questionnaire.js';
import { addItem, updateItem } from '../../mf-dashboard/src/form-editor/form-model.ts';
import {
  copyTemplate, getPracticeForm, InvalidFormError, listPracticeForms, savePracticeForm, setFormArchived,
} from '../../mf-dashboard/src/form-editor/forms-api.ts';
import { configureAppwrite } from '../../shared-auth/src/client/appwrite-client.ts';
import { localRuntimeConfig, setConfig } from '../../shared-auth/src/config/config.ts';
import { execute, DATABASE_ID, PROJECT_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createClient, createPractice } from './support/practice-fixtures.ts';
import { invitedClient, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';

vi.setConfig({ testTimeout: 90_000 });

interface Answer { success: boolean; error: string | null; field?: string; [key: string]: unknown }

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let client: PortalClient;
let recordId: string;

const send = (who: SignedInUser, items: unknown[]) => execute<Answer>(who.functions, 'send-forms', { action: 'send', clientId: recordId, items });

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  therapist = await signedInUser(aw, 'editor-therapist');
  other = await signedInUser(aw, 'editor-other');
  await createPractice(therapist, { practiceName: 'Calm Waters Therapy' });
  const record = await createClient(therapist);
  recordId = record.$id;
  client = await invitedClient(aw, therapist, record.$id, String(record.email));
  setConfig(localRuntimeConfig({ endpoint: aw.endpoint, projectId: PROJECT_ID, databaseId: DATABASE_ID }));
}, 150_000);

afterAll(async () => {
  await aw?.close();
});

describe('the form editor’s copies (forms collection)', () => {
  it('a copy is its owner’s alone; an edit after sending is the next version and the sent request keeps the old questions', async () => {
    configureAppwrite(therapist.client);
    const demographics = formTemplateOf('demographics') as Questionnaire;
    const copy = await copyTemplate(therapist.id, demographics);
    expect(copy).toMatchObject({ version: 1, templateId: 'demographics', archived: false, title: demographics.title });
    expect(copy.questionnaire.url).toBe(`https://cadence.app/forms/copies/${copy.id}`);
    expect((await listPracticeForms(therapist.id)).map((f) => f.id)).toContain(copy.id);

    // Another therapist neither reads nor changes it, nor sends it.
    configureAppwrite(other.client);
    expect(await listPracticeForms(other.id)).toEqual([]);
    await expect(getPracticeForm(other.id, copy.id)).rejects.toMatchObject({ code: 404 });
    await expect(other.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'forms', documentId: copy.id, data: { title: 'Mine' } })).rejects.toMatchObject({ code: 404 });
    expect(await send(other, [{ kind: 'form', formId: copy.id }])).toMatchObject({ status: 404 });

    // Unsent: edits stay version 1.
    configureAppwrite(therapist.client);
    const added = addItem(copy.questionnaire, 'string');
    const edited = updateItem(added.questionnaire, added.linkId, { text: 'Favourite colour', required: true });
    const first = await savePracticeForm(therapist.id, copy, edited);
    expect(first.version).toBe(1);

    const sent = await send(therapist, [{ kind: 'form', formId: copy.id }]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const requestId = (sent.body['forms'] as Array<{ $id: string }>)[0]!.$id;

    // Sent: the next save is version 2, and the request still holds version 1 with its question.
    const renamed = updateItem(first.questionnaire, added.linkId, { text: 'Favourite season' });
    const second = await savePracticeForm(therapist.id, first, renamed);
    expect(second.version).toBe(2);
    expect(second.questionnaire.version).toBe('2');
    const request = await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'form_requests', documentId: requestId });
    expect(request['formVersion']).toBe(1);
    const sentQuestionnaire = JSON.parse(String(request['questionnaire'])) as Questionnaire;
    expect(sentQuestionnaire.version).toBe('1');
    expect(sentQuestionnaire.item.at(-1)).toMatchObject({ linkId: added.linkId, text: 'Favourite colour', required: true });

    // The client's answers are held to the version sent: its new required question must be answered.
    const answers = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' };
    const missing = await execute<Answer>(client.functions, 'fill-form', { action: 'submit', requestId, answers });
    expect(missing.status).toBe(400);
    expect(missing.body['problems']).toEqual([{ linkId: added.linkId, message: 'Answer this question.' }]);
    const done = await execute<Answer>(client.functions, 'fill-form', { action: 'submit', requestId, answers: { ...answers, [added.linkId]: 'Blue' } });
    expect(done.status, JSON.stringify(done.body)).toBe(201);

    // A second save of the unsent version 2 stays 2; archiving takes it out of sending.
    expect((await savePracticeForm(therapist.id, second, updateItem(second.questionnaire, added.linkId, { required: undefined }))).version).toBe(2);
    await setFormArchived(therapist.id, copy.id, true);
    expect(await send(therapist, [{ kind: 'form', formId: copy.id }])).toMatchObject({ status: 400, body: { field: 'items.0' } });
  });

  it('the editor saves nothing invalid, and a form written around it through the SDK is refused at sending', async () => {
    configureAppwrite(therapist.client);
    const copy = await copyTemplate(therapist.id, formTemplateOf('emergency-contact') as Questionnaire);
    const blank = addItem(copy.questionnaire, 'choice');
    await expect(savePracticeForm(therapist.id, copy, blank.questionnaire)).rejects.toBeInstanceOf(InvalidFormError);
    expect((await getPracticeForm(therapist.id, copy.id)).questionnaire).toEqual(copy.questionnaire);

    // Hand-crafted: a question without text, a show-if on a later question, an unknown type.
    const bad = {
      ...copy.questionnaire,
      item: [
        { linkId: 'a', type: 'string', enableWhen: [{ question: 'b', operator: '=', answerString: 'x' }] },
        { linkId: 'b', text: 'B', type: 'string' },
        { linkId: 'c', text: 'C', type: 'spreadsheet' },
      ],
    };
    const planted = await therapist.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'forms', documentId: ID.unique(),
      data: { userId: therapist.id, templateId: null, title: 'Broken', version: 1, questionnaire: JSON.stringify(bad), archived: false },
      permissions: [Permission.read(Role.user(therapist.id)), Permission.update(Role.user(therapist.id)), Permission.delete(Role.user(therapist.id))],
    });
    const refused = await send(therapist, [{ kind: 'form', formId: planted.$id }]);
    expect(refused).toMatchObject({ status: 400, body: { success: false, field: 'items.0', error: 'Choose a form or document from the list.' } });
    const notJson = await therapist.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'forms', documentId: ID.unique(),
      data: { userId: therapist.id, templateId: null, title: 'Not JSON', version: 1, questionnaire: '{"resourceType":', archived: false },
      permissions: [Permission.read(Role.user(therapist.id)), Permission.update(Role.user(therapist.id)), Permission.delete(Role.user(therapist.id))],
    });
    expect(await send(therapist, [{ kind: 'form', formId: notJson.$id }])).toMatchObject({ status: 400, body: { field: 'items.0' } });
    // The editor's list leaves them out rather than offering them to send.
    expect((await listPracticeForms(therapist.id)).map((f) => f.id)).not.toEqual(expect.arrayContaining([planted.$id]));
  });
});
