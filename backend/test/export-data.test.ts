// export-data (issue 17 "Full export"): the signed-in therapist gets one ZIP of everything they own —
// made in the background with its progress in a document and the ZIP in their own encrypted file —
// a CSV per kind of record with the seeded row counts and formula injection defused, a FHIR R4
// Bundle valid against HL7's published schema, a README — and nothing of a second therapist, not
// even a document that therapist wrote naming the first one. The clients CSV maps and plans through
// the dashboard's own import (mf-dashboard/src/clients/import/) with every client ready and equal.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ID, Permission, Query, Role } from 'node-appwrite';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell as dashboardCsvCell } from '../../mf-dashboard/src/shared/csv-writer.ts';
import { guessMapping } from '../../mf-dashboard/src/clients/import/column-mapping.ts';
import { readImportFile } from '../../mf-dashboard/src/clients/import/import-file.ts';
import { planImport } from '../../mf-dashboard/src/clients/import/import-rows.ts';
import { checkPhone } from '../../mf-dashboard/src/shared/validators.ts';
import { csvCell } from '../functions/lib/csv.js';
import { addendumCanonical, noteCanonical } from '../functions/lib/note-canonical.js';
import { DATABASE_ID, execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { fhirR4Errors } from './support/fhir-r4-schema.ts';
import { pdfText } from './support/pdf-text.ts';
import { createAppointment, createClient, createPractice, createService, HOUR, type Doc } from './support/practice-fixtures.ts';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const project = JSON.parse(fs.readFileSync(path.join(backendDir, 'appwrite.json'), 'utf8')) as { collections: Array<{ $id: string }> };
const hasCollection = (id: string) => project.collections.some((c) => c.$id === id);
const hasAuditLog = hasCollection('audit_log');
const hasSignatures = hasCollection('note_signatures');
const hasDocumentSignatures = hasCollection('document_signatures');
const hasMoney = hasCollection('ledger_entries') && hasCollection('client_invoices');
const PASSWORD = 'correct horse battery';
const SUBJECTIVE = 'Reports better sleep; marker-9f2c "quoted"';

const INJECTION = '=HYPERLINK("http://evil.example","click")';

interface ExportAnswer { success: boolean; error: string | null; exportId: string; fileName: string; counts: Record<string, number> }
interface ExportProgress { $id: string; $permissions: string[]; userId: string; status: string; stage: string; percent: number; fileName: string; counts: string; bytes: number }
interface Exported { progress: ExportProgress; seen: string[]; counts: Record<string, number>; fileName: string; zip: Uint8Array }

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let service: Doc;
const clients: Doc[] = [];
const notes: Record<'signed' | 'onAppointment' | 'draft' | 'forged', Doc> = {} as never;
let addendum: Doc;
const ledgerIds: string[] = [];
let files: Record<string, string>;
let answer: Exported;

/** The export's ZIP as the browser downloads it: the web SDK's own request, with the session. */
async function downloadExport(user: SignedInUser, fileId: string): Promise<Uint8Array> {
  const url = new URL(user.storage.getFileDownload({ bucketId: 'exports', fileId }));
  return new Uint8Array(await user.client.call('get', url, {}, {}, 'arrayBuffer') as ArrayBuffer);
}

/**
 * "Export all my data" as the browser runs it: an asynchronous execution, its progress document
 * followed until ready (every stage seen is kept), then the ZIP downloaded.
 */
async function exportAs(user: SignedInUser, options: Record<string, boolean> = {}): Promise<Exported> {
  const execution = await user.functions.createExecution({ functionId: 'export-data', body: JSON.stringify(options), async: true });
  const seen: string[] = [];
  const deadline = Date.now() + 90_000;
  for (;;) {
    const progress = await user.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'data_exports', documentId: execution.$id })
      .then((d) => d as unknown as ExportProgress, () => null);
    if (progress && seen.at(-1) !== `${progress.stage} ${progress.percent}`) seen.push(`${progress.stage} ${progress.percent}`);
    if (progress?.status === 'failed') throw new Error(`export failed: ${JSON.stringify(progress)}`);
    if (progress?.status === 'ready') {
      return { progress, seen, counts: JSON.parse(progress.counts) as Record<string, number>, fileName: progress.fileName, zip: await downloadExport(user, execution.$id) };
    }
    if (Date.now() > deadline) throw new Error(`export not ready: ${JSON.stringify(progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const unzipText = (zip: Uint8Array) => Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, strFromU8(bytes)]));

/** Rows of a CSV in the ZIP as the dashboard's import reads them (header excluded). */
function csvRows(name: string): string[][] {
  const parsed = readImportFile({ name, size: files[name]?.length ?? 0, type: 'text/csv' }, new TextEncoder().encode(files[name] ?? ''));
  if (!parsed.ok) return [];
  return parsed.value.rows;
}

beforeAll(async () => {
  aw = await startAppwrite();
  therapist = await signedInUser(aw, 'export');
  other = await signedInUser(aw, 'export-other');

  await createPractice(therapist, { npi: '1234567893', credentials: 'PhD, LMFT' });
  service = await createService(therapist);
  clients.push(
    await createClient(therapist, {
      firstName: 'Jane', lastName: 'Doe', dateOfBirth: '1985-03-14', phone: '(312) 555-0100', addressLine1: '1 Main St', city: 'Chicago', state: 'IL', postalCode: '60601',
      tags: ['couples', 'sliding scale'], emergencyContactName: 'John Doe', emergencyContactRelationship: 'Spouse', emergencyContactPhone: '(312) 555-0101',
      defaultServiceId: service.$id, feeOverride: 9050, pronouns: 'she/her', referralSource: 'Psychology Today',
    }),
    await createClient(therapist, { firstName: 'Émile', lastName: 'Zola, Jr.', preferredName: null, diagnosisCodes: ['F32.1', 'F41.1'], status: 'inactive', reminderConsent: false }),
    await createClient(therapist, { firstName: 'Max', lastName: 'Mustermann', adminNotes: 'Line one\nline "two", with a comma', email: null, reminderConsent: false, status: 'prospective' }),
  );
  const [jane, emile] = clients as [Doc, Doc, Doc];
  const attended = await createAppointment(therapist, jane.$id, service.$id, -7 * 24 * HOUR, { status: 'show', adminNote: INJECTION });
  const telehealth = await createAppointment(therapist, jane.$id, service.$id, -3 * 24 * HOUR, { status: 'show', locationType: 'telehealth', meetingLink: 'https://meet.example/abc' });
  const lateCancelled = await createAppointment(therapist, emile.$id, service.$id, -2 * 24 * HOUR, { status: 'late_cancelled' });
  const noShow = await createAppointment(therapist, emile.$id, service.$id, -1 * 24 * HOUR, { status: 'no_show' });
  await createAppointment(therapist, jane.$id, service.$id, 2 * 24 * HOUR);
  // Progress notes: one signed by sign-note on an attended session (with an addendum), one signed on
  // an appointment that is no Encounter, a draft, and one merely marked signed through the API.
  const note = (appointment: Doc, data: Record<string, unknown> = {}) => therapist.databases.createDocument<Doc>({
    databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: ID.unique(),
    data: { userId: therapist.id, appointmentId: appointment.$id, clientId: appointment['clientId'], template: 'soap', content: JSON.stringify({ sections: { subjective: SUBJECTIVE }, extra: [] }), riskLevel: 'none', revision: 1, ...data },
  });
  const signNote = async (n: Doc) => {
    const answer = await execute<{ success: boolean }>(therapist.functions, 'sign-note', { noteId: n.$id, password: PASSWORD });
    if (answer.status !== 200) throw new Error(`sign-note ${answer.status}: ${answer.raw}`);
  };
  notes.signed = await note(attended);
  await signNote(notes.signed);
  const added = await execute<{ addendum: Doc }>(therapist.functions, 'add-addendum', { noteId: notes.signed.$id, text: 'Addendum: marker-a11d, client called back', password: PASSWORD });
  if (added.status !== 200 && added.status !== 201) throw new Error(`add-addendum ${added.status}: ${added.raw}`);
  addendum = added.body.addendum;
  notes.onAppointment = await note(lateCancelled, { template: 'free_text' });
  await signNote(notes.onAppointment);
  notes.draft = await note(telehealth, { content: JSON.stringify({ sections: { subjective: 'draft-marker' }, extra: [] }) });
  notes.forged = await note(noShow, { status: 'signed', signedAt: new Date().toISOString(), signerName: 'Forger', contentHash: 'f'.repeat(64) }).catch(() => notes.draft);
  if (hasMoney) {
    // Ledger entries and invoices are written by the money functions with their key, read-only to the therapist.
    const money = { databaseId: DATABASE_ID, permissions: [Permission.read(Role.user(therapist.id))] };
    const charge = await aw.databases.createDocument({ ...money, collectionId: 'ledger_entries', documentId: ID.unique(), data: { userId: therapist.id, clientId: jane.$id, kind: 'charge', type: 'session_fee', amount: 12000, currency: 'USD', date: '2026-11-19', appointmentId: attended.$id } });
    ledgerIds.push(charge.$id);
    const payment = await aw.databases.createDocument({ ...money, collectionId: 'ledger_entries', documentId: ID.unique(), data: { userId: therapist.id, clientId: jane.$id, kind: 'payment', type: 'check', amount: -5000, currency: 'USD', date: '2026-11-20', reference: '=1+2', allocations: JSON.stringify([{ entryId: charge.$id, amount: 5000 }]) } });
    ledgerIds.push(payment.$id);
    await aw.databases.createDocument({ ...money, collectionId: 'client_invoices', documentId: ID.unique(), data: { userId: therapist.id, clientId: jane.$id, seq: 1, number: 'INV-0001', status: 'issued', issueDate: '2026-11-20', dueDate: '2026-12-20', periodStart: '2026-11-01', periodEnd: '2026-11-30', entryIds: [charge.$id], total: 12000, currency: 'USD' } });
  }
  // Series are written by schedule-series with the key, readable by the therapist only.
  await aw.databases.createDocument({
    databaseId: DATABASE_ID, collectionId: 'appointment_series', documentId: ID.unique(),
    data: { userId: therapist.id, clientId: jane.$id, serviceId: service.$id, rrule: 'FREQ=WEEKLY;BYDAY=TU', dtstart: '2026-01-06T10:00:00', timeZone: 'America/Chicago', durationMinutes: 45, locationType: 'office' },
    permissions: [Permission.read(Role.user(therapist.id))],
  });

  // The second therapist: their own practice, and a client they wrote naming the first therapist.
  await createPractice(other, { practiceName: 'Other Practice' });
  const theirs = await createClient(other, { firstName: 'Olga', lastName: 'Otherclient' });
  await createAppointment(other, theirs.$id, (await createService(other)).$id, HOUR);
  await createClient(other, { userId: therapist.id, firstName: 'Forged', lastName: 'Intruder' });

  answer = await exportAs(therapist);
  files = unzipText(answer.zip);
}, 180_000);

afterAll(async () => {
  await aw?.close();
});

describe('export-data', () => {
  it('answers one ZIP named cadence-export-YYYY-MM-DD.zip with a CSV per kind, the FHIR bundle and a README', () => {
    expect(answer.progress.status).toBe('ready');
    expect(answer.fileName).toBe(`cadence-export-${new Date().toISOString().slice(0, 10)}.zip`);
    const expected = ['README.txt', 'appointment-series.csv', 'appointments.csv', 'clients.csv', 'fhir-r4-bundle.json', 'note-addenda.csv', 'practice-settings.csv', 'progress-notes.csv', 'services.csv'];
    if (hasAuditLog) expected.push('audit-log.csv');
    if (hasSignatures) expected.push('note-signatures.csv');
    if (hasDocumentSignatures) expected.push('document-signatures.csv');
    if (hasMoney) expected.push('ledger-entries.csv', 'invoices.csv');
    // Issue 31: the clients' answered measures (test/measures-export.test.ts).
    if (hasCollection('measure_responses')) expected.push('measure-responses.csv');
    // Issue 31: the portal's consents (test/consents-export.test.ts).
    if (hasCollection('consent_requests')) expected.push('consent-requests.csv', 'esign-consents.csv', 'consent-signatures.csv');
    // Issue 31: the portal's forms (test/forms-export.test.ts).
    if (hasCollection('form_requests')) expected.push('forms.csv', 'form-packets.csv', 'form-requests.csv', 'form-responses.csv');
    // Issue 32: online booking (test/book-slot.test.ts).
    if (hasCollection('booking_requests')) expected.push('availability.csv', 'booking-rules.csv', 'booking-requests.csv');
    // Issue 32: Good Faith Estimates (test/good-faith-estimates.test.ts).
    if (hasCollection('good_faith_estimates')) expected.push('good-faith-estimates.csv');
    // Issue 32: secure messages (test/messages.test.ts).
    if (hasCollection('messages')) expected.push('conversations.csv', 'messages.csv');
    if (hasCollection('public_bookings')) expected.push('public-bookings.csv');
    expect(Object.keys(files).sort()).toEqual(expected.sort());
    for (const name of Object.keys(files).filter((n) => n !== 'README.txt')) expect(files['README.txt']).toContain(name);
  });

  it("has the seeded rows of each kind, and none of the other therapist's — not even a document they wrote naming this one", () => {
    expect(csvRows('clients.csv')).toHaveLength(3);
    expect(csvRows('services.csv')).toHaveLength(1);
    expect(csvRows('appointments.csv')).toHaveLength(5);
    expect(csvRows('appointment-series.csv')).toHaveLength(1);
    expect(csvRows('practice-settings.csv')).toHaveLength(1);
    const everything = Object.values(files).join('\n');
    for (const foreign of ['Olga', 'Otherclient', 'Forged', 'Other Practice', other.id]) expect(everything).not.toContain(foreign);
    expect(answer.counts['clients.csv']).toBe(3);
  });

  it('defuses formula injection: the cell starts with an apostrophe, as the dashboard writes it', () => {
    expect(files['appointments.csv']).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    const cells = csvRows('appointments.csv').flat();
    expect(cells.some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
    for (const value of [INJECTION, ' +1', '\u00a0-2', '@x', '\tcmd', 'plain', 'a,b', 'say "hi"', -5, true, null, '']) {
      expect(csvCell(value)).toBe(dashboardCsvCell(value));
    }
  });

  it('the FHIR R4 Bundle is valid against the published R4 JSON schema and holds the clinical record', () => {
    const bundle = JSON.parse(files['fhir-r4-bundle.json'] ?? '{}') as { resourceType: string; type: string; entry: Array<{ resource: Record<string, unknown> & { resourceType: string } }> };
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    expect(fhirR4Errors(bundle)).toEqual([]);
    const ofType = (type: string) => bundle.entry.map((e) => e.resource).filter((r) => r.resourceType === type);
    expect(ofType('Patient')).toHaveLength(3);
    expect(ofType('Practitioner')).toHaveLength(1);
    expect(ofType('Organization')).toHaveLength(1);
    expect(ofType('Appointment')).toHaveLength(5);
    expect(ofType('Encounter')).toHaveLength(2);
    expect(ofType('Encounter').map((e) => (e['class'] as { code: string }).code).sort()).toEqual(['AMB', 'VR']);
    const late = ofType('Appointment').find((a) => JSON.stringify(a).includes('late-cancel'));
    expect(late?.['status']).toBe('cancelled');
    expect(ofType('Appointment').map((a) => a['status']).sort()).toEqual(['booked', 'cancelled', 'fulfilled', 'fulfilled', 'noshow']);
    expect(JSON.stringify(ofType('Practitioner'))).toContain('1234567893');
    // The schema itself catches a wrong mapping (so the check above can fail).
    expect(fhirR4Errors({ ...bundle, entry: [{ resource: { resourceType: 'Appointment', status: 'show', participant: [] } }] })).not.toEqual([]);
  }, 120_000); // compiling the whole R4 schema takes a while

  it('signed progress notes are DocumentReferences — final, of the Patient, in the Encounter or by the Appointment, signed by, with the signed text — and addenda append them; drafts and forged signatures are not', () => {
    const bundle = JSON.parse(files['fhir-r4-bundle.json'] ?? '{}') as { entry: Array<{ resource: Record<string, unknown> & { resourceType: string; id: string } }> };
    expect(fhirR4Errors(bundle)).toEqual([]);
    const documents = bundle.entry.map((e) => e.resource).filter((r) => r.resourceType === 'DocumentReference');
    const byId = new Map(documents.map((d) => [d.id, d]));
    // A forged note (marked signed through the API, no signature) counts only where the deployment has no signatures yet.
    const expectedIds = [notes.signed.$id, notes.onAppointment.$id, addendum.$id];
    if (!hasSignatures && notes.forged !== notes.draft) expectedIds.push(notes.forged.$id);
    expect([...byId.keys()].sort()).toEqual(expectedIds.sort());
    expect(byId.has(notes.draft.$id)).toBe(false);

    const stored = (id: string, collectionId: string) => aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId, documentId: id });
    const signed = byId.get(notes.signed.$id) as Record<string, unknown>;
    expect(signed).toMatchObject({
      status: 'current', docStatus: 'final',
      type: { coding: [{ system: 'http://loinc.org', code: '11506-3' }] },
      subject: { reference: `Patient/${clients[0]!.$id}` },
      author: [{ reference: 'Practitioner/practitioner', display: 'Dr. Ada Lane, PhD, LMFT' }],
      context: { encounter: [{ reference: `Encounter/${notes.signed['appointmentId'] as string}` }] },
    });
    expect((byId.get(notes.onAppointment.$id) as Record<string, unknown>)['context']).toEqual({ related: [{ reference: `Appointment/${notes.onAppointment['appointmentId'] as string}` }] });
    const attachment = (doc: Record<string, unknown>) => ((doc['content'] as Array<{ attachment: { contentType: string; data: string } }>)[0]!.attachment);
    return Promise.all([stored(notes.signed.$id, 'progress_notes'), stored(addendum.$id, 'note_addenda')]).then(([note, added]) => {
      expect(Date.parse(String(signed['date']))).toBe(Date.parse(String(note['signedAt'])));
      // The signed text, exactly the bytes whose SHA-256 is the note's contentHash.
      expect(attachment(signed).contentType).toBe('application/json');
      expect(Buffer.from(attachment(signed).data, 'base64').toString('utf8')).toBe(noteCanonical(note));
      expect(Buffer.from(attachment(signed).data, 'base64').toString('utf8')).toContain('marker-9f2c');
      expect(signed['identifier']).toEqual([{ system: 'urn:cadence:content-sha256', value: note['contentHash'] }]);
      const appended = byId.get(addendum.$id) as Record<string, unknown>;
      expect(appended).toMatchObject({ status: 'current', docStatus: 'final', subject: { reference: `Patient/${clients[0]!.$id}` }, relatesTo: [{ code: 'appends', target: { reference: `DocumentReference/${notes.signed.$id}` } }] });
      expect(Buffer.from(attachment(appended).data, 'base64').toString('utf8')).toBe(addendumCanonical(added));
    });
  }, 120_000);

  it.runIf(hasSignatures)('the notes CSVs: every note with its state, each signature, each addendum', () => {
    expect(csvRows('progress-notes.csv')).toHaveLength(Object.values(notes).filter((n, i, all) => all.indexOf(n) === i).length);
    expect(csvRows('note-signatures.csv').map((row) => row[0]).sort()).toEqual([notes.signed.$id, notes.onAppointment.$id].sort());
    expect(csvRows('note-addenda.csv')).toHaveLength(1);
    expect(answer.counts['note-signatures.csv']).toBe(2);
  });

  it.runIf(hasMoney)('ledger entries and invoices have their own CSVs, formulas defused', async () => {
    // The seeded charge and payment (beside any attendance charges the money functions wrote for the
    // sessions by then), each a stored entry of this therapist's.
    const rows = csvRows('ledger-entries.csv').map((row) => row[0]);
    expect(rows).toEqual(expect.arrayContaining(ledgerIds));
    const stored = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'ledger_entries', queries: [Query.equal('$id', rows as string[]), Query.limit(100)] });
    expect(stored.documents.every((d) => d['userId'] === therapist.id)).toBe(true);
    expect(stored.total).toBe(rows.length);
    expect(csvRows('invoices.csv')).toHaveLength(1);
    expect(files['ledger-entries.csv']).toContain("'=1+2");
    expect(files['invoices.csv']).toContain('INV-0001');
    expect(files['README.txt']).toContain(`ledger-entries.csv (${rows.length} rows)`);
  });

  it.runIf(hasMoney)('the FHIR Bundle holds the money: charges as ChargeItem, payments as PaymentReconciliation, invoices as Invoice with their charges', () => {
    const bundle = JSON.parse(files['fhir-r4-bundle.json'] ?? '{}') as { entry: Array<{ resource: Record<string, unknown> & { resourceType: string; id: string } }> };
    expect(fhirR4Errors(bundle)).toEqual([]);
    const ofType = (type: string) => bundle.entry.map((e) => e.resource).filter((r) => r.resourceType === type);
    const [charge, payment] = ledgerIds as [string, string];
    expect(ofType('ChargeItem').find((c) => c.id === charge)).toMatchObject({
      status: 'billed', subject: { reference: `Patient/${clients[0]!.$id}` }, priceOverride: { value: 120, currency: 'USD' }, occurrenceDateTime: '2026-11-19',
      code: { coding: [{ system: 'urn:cadence:charge-type', code: 'session_fee' }] },
    });
    expect(ofType('PaymentReconciliation')).toEqual([expect.objectContaining({ id: payment, status: 'active', paymentDate: '2026-11-20', paymentAmount: { value: 50, currency: 'USD' } })]);
    expect(ofType('Invoice')).toEqual([expect.objectContaining({
      status: 'issued', identifier: [{ system: 'urn:cadence:invoice-number', value: 'INV-0001' }], totalGross: { value: 120, currency: 'USD' },
      lineItem: [{ sequence: 1, chargeItemReference: { reference: `ChargeItem/${charge}` } }],
    })]);
  }, 120_000);

  it('the clients CSV re-imports through the dashboard import with every client ready and nothing lost', () => {
    const bytes = new TextEncoder().encode(files['clients.csv'] ?? '');
    const parsed = readImportFile({ name: 'clients.csv', size: bytes.length, type: 'text/csv' }, bytes);
    if (!parsed.ok) throw new Error(parsed.message);
    const mapping = guessMapping(parsed.value.headers);
    const plan = planImport(parsed.value, mapping, { existing: [], services: [{ $id: service.$id, name: 'Psychotherapy', serviceCode: '90834' }], currency: 'USD' });
    expect(plan.counts).toEqual({ total: 3, ready: 3, duplicates: 0, rejected: 0 });
    const fields = ['firstName', 'lastName', 'preferredName', 'pronouns', 'dateOfBirth', 'email', 'phone', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode',
      'status', 'tags', 'emergencyContactName', 'emergencyContactRelationship', 'emergencyContactPhone', 'defaultServiceId', 'feeOverride', 'diagnosisCodes',
      'reminderConsent', 'referralSource', 'adminNotes'] as const;
    const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
    // Phones are stored in one normalised form since issue 29 (E.164 when complete); these clients
    // were written straight through the SDK as typed, so compare with what a write stores now.
    const phoneFields = new Set<string>(['phone', 'emergencyContactPhone']);
    const stored = (field: string, value: unknown) => {
      if (!phoneFields.has(field)) return value;
      const checked = checkPhone(value);
      return checked.ok ? checked.value : value;
    };
    for (const original of clients) {
      const imported = plan.ready.find((c) => c.firstName === original['firstName']) as Record<string, unknown> | undefined;
      expect(imported, String(original['firstName'])).toBeDefined();
      for (const field of fields) {
        const before = original[field];
        const after = imported?.[field];
        if (empty(before)) expect(empty(after), field).toBe(true);
        else expect(after, field).toEqual(stored(field, before));
      }
    }
  });

  it('reports real progress: the stages in order, the bar never going back, 100 when ready', () => {
    const stages = ['queued', 'reading', 'writing', 'documents', 'compressing', 'saving', 'ready'];
    const steps = answer.seen.map((step) => step.split(' ') as [string, string]);
    expect(steps.at(-1)).toEqual(['ready', '100']);
    for (let i = 1; i < steps.length; i += 1) {
      expect(stages.indexOf(steps[i]![0])).toBeGreaterThanOrEqual(stages.indexOf(steps[i - 1]![0]));
      expect(Number(steps[i]![1])).toBeGreaterThanOrEqual(Number(steps[i - 1]![1]));
    }
    expect(answer.progress.bytes).toBe(answer.zip.length);
  });

  it('keeps the progress and the ZIP to the therapist: read and delete for them alone, nothing for anyone else', async () => {
    const { $id, $permissions } = answer.progress;
    expect($permissions.sort()).toEqual([`delete("user:${therapist.id}")`, `read("user:${therapist.id}")`]);
    await expect(therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'data_exports', documentId: $id, data: { status: 'failed' } }))
      .rejects.toMatchObject({ code: 401 });
    await expect(other.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'data_exports', documentId: $id })).rejects.toMatchObject({ code: 404 });
    await expect(other.storage.getFile({ bucketId: 'exports', fileId: $id })).rejects.toMatchObject({ code: 404 });
    await expect(downloadExport(other, $id)).rejects.toMatchObject({ code: 404 });
    const file = await aw.storage.getFile({ bucketId: 'exports', fileId: $id });
    expect(file.$permissions.sort()).toEqual([`delete("user:${therapist.id}")`, `read("user:${therapist.id}")`]);
    expect(file.sizeOriginal).toBe(answer.zip.length);
    // Nobody else can write exports: the bucket grants no one a file.
    await expect(other.storage.createFile({ bucketId: 'exports', fileId: 'forged', file: new File([Buffer.from(answer.zip)], 'x.zip') })).rejects.toMatchObject({ code: 401 });
  });

  it('adds private psychotherapy notes only when asked to, and a new export removes the earlier one', async () => {
    const first = answer.progress.$id;
    const withPrivate = await exportAs(therapist, { includePrivateNotes: true });
    expect(Object.keys(unzipSync(withPrivate.zip))).toContain('private-notes.csv');
    expect(Object.keys(files)).not.toContain('private-notes.csv');
    await expect(aw.storage.getFile({ bucketId: 'exports', fileId: first })).rejects.toMatchObject({ code: 404 });
    await expect(aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'data_exports', documentId: first })).rejects.toMatchObject({ code: 404 });
    // Saved: the browser removes both.
    await therapist.storage.deleteFile({ bucketId: 'exports', fileId: withPrivate.progress.$id });
    await therapist.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId: 'data_exports', documentId: withPrivate.progress.$id });
    await expect(aw.storage.getFile({ bucketId: 'exports', fileId: withPrivate.progress.$id })).rejects.toMatchObject({ code: 404 });
  }, 120_000);

  it.runIf(hasMoney)('adds the invoice and superbill PDFs when asked to: each invoice, a superbill per client and year of attended sessions', async () => {
    const withDocuments = await exportAs(therapist, { includeDocuments: true });
    const zip = unzipSync(withDocuments.zip);
    expect(Object.keys(files).some((name) => name.endsWith('.pdf'))).toBe(false);
    expect(Object.keys(zip)).toContain('invoices/INV-0001.pdf');
    const superbills = Object.keys(zip).filter((name) => name.startsWith('superbills/'));
    expect(superbills).toContain(`superbills/2026/doe-jane-${clients[0]!.$id}.pdf`);
    // Only Jane attended: Émile's late cancel and no-show make no superbill.
    expect(superbills.every((name) => name.includes(clients[0]!.$id))).toBe(true);
    const invoice = pdfText(Buffer.from(zip['invoices/INV-0001.pdf']!));
    expect(invoice).toContain('Invoice INV-0001');
    expect(invoice).toContain('Jane Doe');
    // The seeded charge of 2026-11-19 for Jane's attended session.
    const superbill = pdfText(Buffer.from(zip[`superbills/2026/doe-jane-${clients[0]!.$id}.pdf`]!));
    expect(superbill).toContain('Superbill');
    expect(superbill).toContain('01/01/2026');
    expect(superbill).toContain('90834');
    expect(strFromU8(zip['README.txt']!)).toContain('invoices/ (1 PDFs)');
    expect(withDocuments.counts['invoices/']).toBe(1);
  }, 120_000);

  it("never sends the ZIP in an execution's answer, and keeps it encrypted at rest", async () => {
    const execution = await therapist.functions.createExecution({ functionId: 'export-data', body: '{}', async: false });
    const body = JSON.parse(execution.responseBody) as ExportAnswer;
    expect(body).toMatchObject({ success: true, exportId: expect.any(String), fileName: expect.stringMatching(/^cadence-export-/) });
    expect(execution.responseBody.length).toBeLessThan(2000);
    const zip = await downloadExport(therapist, body.exportId);
    const csv = Buffer.from(unzipSync(zip)['clients.csv']!);
    const atRest = (dir: string): string => fs.readdirSync(dir, { withFileTypes: true })
      .map((entry) => (entry.isDirectory() ? atRest(path.join(dir, entry.name)) : fs.readFileSync(path.join(dir, entry.name)).toString('latin1'))).join('');
    const stored = atRest(aw.dataDir);
    expect(stored).not.toContain(Buffer.from(zip).subarray(100, 164).toString('latin1'));
    expect(stored).not.toContain(csv.toString('latin1').slice(0, 60));
  }, 120_000);

  it('refuses a caller without a session', async () => {
    const execution = await aw.functions.createExecution({ functionId: 'export-data', body: '{}', async: false });
    expect(execution.responseStatusCode).toBe(401);
  });
});
