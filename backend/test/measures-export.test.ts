// Issue 31 "the export gains QuestionnaireResponse and Observation resources with their LOINC codes
// (validated against the FHIR R4 schema like the rest of the export)": a client answers PHQ-9,
// GAD-7 and GAD-2 through submit-measure, the therapist runs "Export all my data" (export-data, as
// the browser runs it), and the ZIP's FHIR bundle and measure-responses.csv hold them — valid R4,
// the total-score codes of lib/measures.js — while another therapist's export holds none of them.
import type { QuestionnaireResponse, Observation, Bundle } from 'fhir/r4';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fhirId } from '../functions/export-data/src/fhir-bundle.js';
import { INSTRUMENTS } from '../functions/lib/measures.js';
import { execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { exportTexts } from './support/export-zip.ts';
import { fhirR4Errors } from './support/fhir-r4-schema.ts';
import { createClient, createPractice } from './support/practice-fixtures.ts';
import { invitedClient, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';

vi.setConfig({ testTimeout: 120_000 });

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let clientId: string;
let client: PortalClient;
const requestIds: Record<string, string> = {};

async function answered(instrument: string, answers: Record<string, number>): Promise<void> {
  const sent = await execute<{ request: { $id: string } }>(therapist.functions, 'send-measure', { clientId, instrument });
  requestIds[instrument] = sent.body.request.$id;
  const submitted = await execute(client.functions, 'submit-measure', { requestId: sent.body.request.$id, answers });
  expect(submitted.status, submitted.raw).toBe(201);
}

let files: Record<string, string>;
let bundle: Bundle;

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  therapist = await signedInUser(aw, 'measures-export');
  other = await signedInUser(aw, 'measures-export-other');
  await createPractice(therapist);
  await createPractice(other, { practiceName: 'Other Practice' });
  const record = await createClient(therapist);
  clientId = record.$id;
  client = await invitedClient(aw, therapist, clientId, String(record.email));
  // PHQ-9 total 11 (moderate) with item 9 = 1; GAD-7 total 7 (mild); GAD-2 total 4 (positive).
  await answered('phq-9', { q1: 2, q2: 2, q3: 1, q4: 1, q5: 1, q6: 1, q7: 1, q8: 1, q9: 1, difficulty: 1 });
  await answered('gad-7', { q1: 1, q2: 1, q3: 1, q4: 1, q5: 1, q6: 1, q7: 1 });
  await answered('gad-2', { q1: 2, q2: 2 });
  files = await exportTexts(therapist);
  bundle = JSON.parse(files['fhir-r4-bundle.json'] ?? '{}') as Bundle;
}, 180_000);

afterAll(async () => {
  await aw?.close();
});

const resources = <T>(type: string) => (bundle.entry ?? []).map((e) => e.resource).filter((r) => r?.resourceType === type) as T[];

describe('the export’s measures', () => {
  it('the bundle, measures included, is valid FHIR R4', () => {
    expect(fhirR4Errors(bundle)).toEqual([]);
    expect(resources('QuestionnaireResponse')).toHaveLength(3);
    expect(resources('Observation')).toHaveLength(3);
  });

  it('each response is a QuestionnaireResponse of the client, with LOINC-coded answers', () => {
    const phq9 = resources<QuestionnaireResponse>('QuestionnaireResponse').find((r) => r.questionnaire === 'http://loinc.org/q/44249-1');
    expect(phq9).toMatchObject({ status: 'completed', subject: { reference: `Patient/${fhirId(clientId)}` }, author: { reference: `Patient/${fhirId(clientId)}` } });
    expect(phq9?.item).toHaveLength(10);
    expect(phq9?.item?.find((i) => i.linkId === 'q9')).toEqual({
      linkId: 'q9', text: 'Thoughts that you would be better off dead or of hurting yourself in some way',
      answer: [{ valueCoding: { system: 'http://loinc.org', code: 'LA6569-3', display: 'Several days' } }],
    });
    expect(phq9?.item?.find((i) => i.linkId === 'difficulty')?.answer).toEqual([{ valueCoding: { display: 'Somewhat difficult' } }]);
    expect(resources<QuestionnaireResponse>('QuestionnaireResponse').map((r) => r.questionnaire).sort())
      .toEqual(['http://loinc.org/q/44249-1', 'http://loinc.org/q/69737-5', 'urn:cadence:measure:gad-2']);
  });

  it('each total is an Observation with the total score’s LOINC code, its band, derived from the response', () => {
    const observations = resources<Observation>('Observation');
    const byCode = (code: string) => observations.find((o) => o.code.coding?.[0]?.code === code);
    expect(INSTRUMENTS['phq-9']!.loincTotal).toBe('44261-6');
    expect(INSTRUMENTS['gad-7']!.loincTotal).toBe('70274-6');
    expect(byCode('44261-6')).toMatchObject({
      status: 'final', valueInteger: 11, interpretation: [{ text: 'Moderate' }], category: [{ coding: [{ code: 'survey' }] }],
      subject: { reference: `Patient/${fhirId(clientId)}` }, derivedFrom: [{ reference: `QuestionnaireResponse/measure-response-${fhirId(requestIds['phq-9']!)}` }],
    });
    expect(byCode('70274-6')).toMatchObject({ valueInteger: 7, interpretation: [{ text: 'Mild' }] });
    // GAD-2 has no verified code: its name only, no borrowed one.
    const gad2 = observations.find((o) => o.code.text === 'GAD-2 total score');
    expect(gad2).toMatchObject({ valueInteger: 4, interpretation: [{ text: 'Positive screen' }] });
    expect(gad2?.code.coding).toBeUndefined();
    for (const o of observations) expect(o.effectiveDateTime).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('measure-responses.csv lists the three, and the README says what it is', () => {
    const lines = (files['measure-responses.csv'] ?? '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).join('\n')).toContain('gad-2');
    expect(files['README.txt']).toContain('measure-responses.csv');
  });

  it('another therapist’s export holds none of them', async () => {
    const theirs = await exportTexts(other);
    const theirBundle = JSON.parse(theirs['fhir-r4-bundle.json'] ?? '{}') as Bundle;
    expect((theirBundle.entry ?? []).filter((e) => e.resource?.resourceType === 'QuestionnaireResponse' || e.resource?.resourceType === 'Observation')).toEqual([]);
    expect((theirs['measure-responses.csv'] ?? '').trim().split(/\r?\n/)).toHaveLength(1);
  });
});
