// Issue 31: "Export all my data" loses nothing the portal's forms hold. The therapist sends the
// demographics form in a packet (send-forms), the client submits it (fill-form), and the export's
// form-packets, form-requests and form-responses CSVs hold them (the answers decrypted, as the
// therapist reads them), with README lines; another therapist's export holds none of them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { exportTexts } from './support/export-zip.ts';
import { createClient, createPractice } from './support/practice-fixtures.ts';
import { invitedClient, portalFunctionVars } from './support/portal-fixtures.ts';

vi.setConfig({ testTimeout: 120_000 });

const ANSWERS = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', phone: '312 555 0101', contactPreference: 'email', city: 'Chicago' };
const FORM_FILES = ['forms.csv', 'form-packets.csv', 'form-requests.csv', 'form-responses.csv'];

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let requestId: string;
let files: Record<string, string>;

const rows = (texts: Record<string, string>, file: string) => (texts[file] ?? '').trim().split(/\r?\n/);

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  therapist = await signedInUser(aw, 'forms-export');
  other = await signedInUser(aw, 'forms-export-other');
  await createPractice(therapist);
  await createPractice(other, { practiceName: 'Other Practice' });
  const record = await createClient(therapist);
  const client = await invitedClient(aw, therapist, record.$id, String(record.email));
  const sent = await execute<{ forms: Array<{ $id: string }> }>(therapist.functions, 'send-forms', { action: 'send', clientId: record.$id, items: [{ kind: 'form', templateId: 'demographics' }] });
  expect(sent.status, sent.raw).toBe(201);
  requestId = sent.body.forms[0]!.$id;
  const submitted = await execute(client.functions, 'fill-form', { action: 'submit', requestId, answers: ANSWERS });
  expect(submitted.status, submitted.raw).toBe(201);
  files = await exportTexts(therapist);
}, 240_000);

afterAll(async () => {
  await aw?.close();
});

describe('the export and the portal’s forms', () => {
  it('holds the packet, the form sent and the submitted answers, each file named in the README', () => {
    expect(rows(files, 'form-packets.csv')).toHaveLength(2);
    expect(rows(files, 'form-requests.csv')).toHaveLength(2);
    expect(files['form-requests.csv']).toContain(requestId);
    expect(rows(files, 'form-responses.csv')).toHaveLength(2);
    // The answers as the therapist reads them (stored encrypted; the export decrypts through Appwrite).
    for (const answer of ['Lovelace', 'Chicago', '1990-12-10']) expect(files['form-responses.csv']).toContain(answer);
    for (const file of FORM_FILES) expect(files['README.txt']).toContain(file);
  });

  it('another therapist’s export holds none of them', async () => {
    const theirs = await exportTexts(other);
    for (const file of FORM_FILES) expect(rows(theirs, file), file).toHaveLength(1);
    expect(Object.values(theirs).join('\n')).not.toContain('Lovelace');
  });
});
