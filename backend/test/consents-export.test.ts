// Issue 31: "Export all my data" carries the portal's consents — consent-requests.csv (the exact text
// sent), esign-consents.csv, consent-signatures.csv, each as FHIR R4 Consent resources in the bundle
// (validated against HL7's R4 schema like the rest) and, with the documents, the signed PDFs as stored
// — while another therapist's export holds none of them. Real sessions, the real functions.
import { strFromU8 } from 'fflate';
import type { Bundle, Consent } from 'fhir/r4';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fhirId } from '../functions/export-data/src/fhir-bundle.js';
import { execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { exportZip } from './support/export-zip.ts';
import { fhirR4Errors } from './support/fhir-r4-schema.ts';
import { pdfText } from './support/pdf-text.ts';
import { createClient, createPractice } from './support/practice-fixtures.ts';
import { invitedClient, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';

vi.setConfig({ testTimeout: 120_000 });

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let clientId: string;
let client: PortalClient;
let signedId: string;
let pendingId: string;
let zip: Record<string, Uint8Array>;
let bundle: Bundle;

const text = (file: string) => strFromU8(zip[file] ?? new Uint8Array());
const consents = () => (bundle.entry ?? []).map((e) => e.resource).filter((r): r is Consent => r?.resourceType === 'Consent');

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  process.env.FUNCTION_VARS_ESIGN_CONSENT = JSON.stringify({ ESIGN_CODE_SECRET: 'test-esign-code-secret', APP_ORIGIN: 'http://localhost:3000' });
  therapist = await signedInUser(aw, 'consents-export');
  other = await signedInUser(aw, 'consents-export-other');
  await createPractice(therapist);
  await createPractice(other, { practiceName: 'Other Practice' });
  const record = await createClient(therapist);
  clientId = record.$id;
  client = await invitedClient(aw, therapist, clientId, String(record['email']));
  const send = async (templateId: string) => (await execute<{ request: { $id: string } }>(therapist.functions, 'send-consent', { clientId, templateId })).body.request.$id;
  signedId = await send('informed-consent');
  pendingId = await send('telehealth-consent');
  const disclosure = await execute<{ base64: string; version: string }>(client.functions, 'esign-consent', { action: 'disclosure', accessId: clientId });
  const accessCode = /type this code in the portal: (\d{6})/.exec(pdfText(Buffer.from(disclosure.body.base64, 'base64')))?.[1];
  expect((await execute(client.functions, 'esign-consent', { action: 'accept', accessId: clientId, version: disclosure.body.version, accessCode })).status).toBe(201);
  const signed = await execute(client.functions, 'sign-consent', { requestId: signedId, signerName: 'Jane Doe', method: 'typed', intent: true });
  expect(signed.status, signed.raw).toBe(201);
  expect((await execute(client.functions, 'esign-consent', { action: 'withdraw', accessId: clientId })).status).toBe(201);
  zip = await exportZip(therapist, { includeDocuments: true });
  bundle = JSON.parse(text('fhir-r4-bundle.json')) as Bundle;
}, 180_000);

afterAll(async () => {
  await aw?.close();
});

describe('the export’s consents', () => {
  it('the bundle, consents included, is valid FHIR R4', () => {
    expect(fhirR4Errors(bundle)).toEqual([]);
    expect(consents()).toHaveLength(4);
  });

  it('a signed consent is an active Consent with its signer, relationship and the text’s SHA-256; one not signed yet is proposed', () => {
    const signed = consents().find((c) => c.id === `consent-${fhirId(signedId)}`);
    expect(signed).toMatchObject({
      status: 'active', patient: { reference: `Patient/${fhirId(clientId)}` }, performer: [{ reference: `Patient/${fhirId(clientId)}`, display: 'Jane Doe (self)' }],
      category: [{ coding: [{ system: 'http://loinc.org', code: '59284-0' }], text: 'Informed consent for therapy' }], verification: [{ verified: true }],
    });
    expect(signed?.identifier?.[0]?.value).toMatch(/^[0-9a-f]{64}$/);
    expect(consents().find((c) => c.id === `consent-${fhirId(pendingId)}`)).toMatchObject({ status: 'proposed' });
  });

  it('the e-records decisions: the acceptance inactive once withdrawn, the withdrawal a rejected Consent that denies', () => {
    const esign = consents().filter((c) => c.id?.startsWith('esign-consent-'));
    expect(esign.map((c) => [c.status, c.provision?.type]).sort()).toEqual([['inactive', 'permit'], ['rejected', 'deny']]);
    for (const c of esign) expect(c.policyRule?.text).toBe('Consent to electronic records and signatures, version 2026-11-01');
  });

  it('the CSVs hold the requests with their text, the decisions and the signatures (no drawing), and the signed PDF is in the ZIP as stored', async () => {
    // One row per request (the text spans lines inside its quoted cell).
    for (const id of [signedId, pendingId]) expect(text('consent-requests.csv')).toMatch(new RegExp(`^${id},`, 'm'));
    expect(text('consent-requests.csv')).toContain('Informed consent for therapy');
    expect(text('esign-consents.csv').trim().split(/\r?\n/)).toHaveLength(3);
    const signatures = text('consent-signatures.csv').trim().split(/\r?\n/);
    expect(signatures).toHaveLength(2);
    expect(signatures[0]).not.toContain('signatureImage');
    expect(signatures[1]).toContain('Jane Doe');
    const stored = Buffer.from(await aw.storage.getFileDownload({ bucketId: 'signed_consents', fileId: signedId }));
    expect(Buffer.from(zip[`signed-consents/informed-consent-for-therapy-${signedId}.pdf`] ?? []).equals(stored)).toBe(true);
    expect(text('README.txt')).toContain('signed-consents/ (1 PDFs)');
  });

  it('another therapist’s export holds none of them', async () => {
    const theirs = await exportZip(other, { includeDocuments: true });
    const theirBundle = JSON.parse(strFromU8(theirs['fhir-r4-bundle.json'] ?? new Uint8Array())) as Bundle;
    expect((theirBundle.entry ?? []).filter((e) => e.resource?.resourceType === 'Consent')).toEqual([]);
    expect(strFromU8(theirs['consent-requests.csv'] ?? new Uint8Array()).trim().split(/\r?\n/)).toHaveLength(1);
    expect(Object.keys(theirs).filter((name) => name.startsWith('signed-consents/'))).toEqual([]);
  });
});
