// Issue 35: the export's invoice and superbill PDFs are drawn on worker threads (export-data's
// pdf-pool.js). The same records drawn on the main thread and on two workers give the same PDFs —
// byte for byte but for pdfkit's creation date and the file ID made from it — each whole (header to
// %%EOF, every page's text readable), in the ZIP names' order, with the progress counted to the end;
// and they are the PDFs the dashboard draws from the records (drawSuperbill, drawInvoice), though the
// workers are sent only what each PDF says (no records: their copies cost more than the drawing).
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { documentJobs, practiceDocuments } from '../functions/export-data/src/export-documents.js';
import { chargeLines, drawInvoice, drawSuperbill, invoiceFigures, superbillCharges } from '../functions/lib/money-documents.js';
import { pdfText } from './support/pdf-text.ts';

type Doc = Record<string, unknown> & { $id: string };
type Records = Parameters<typeof practiceDocuments>[0];

const CLIENTS = 9;
/** Appwrite's fields of a stored document, which no PDF draws. */
const stored = (id: string) => ({ $id: id, $collectionId: 'x', $databaseId: 'main', $createdAt: '2025-01-01T00:00:00.000+00:00', $permissions: ['read("user:u1")'], userId: 'u1' });
const practice = { ...stored('p1'), practiceName: 'Lane Therapy', therapistName: 'Dr. Ada Lane', credentials: 'PhD', npi: '1234567893', taxId: '12-3456789', city: 'Portland', state: 'OR' } as Doc;
const services = new Map([['s1', { ...stored('s1'), name: 'Psychotherapy, 45 minutes', serviceCode: '90834' } as Doc]]);
const clients = Array.from({ length: CLIENTS }, (_, c) => ({
  ...stored(`c${c}`), firstName: `Jane${c}`, lastName: `Doe${c}`, dateOfBirth: '1985-03-14', diagnosisCodes: c % 3 ? ['F41.1'] : ['F41.1', 'F32.0'], addressLine1: `${c} Main St`, city: 'Salem',
  insurancePayerName: c % 2 ? 'Aetna' : null, insuranceMemberId: c % 2 ? `M${c}` : null, memo: 'a clinical note no PDF draws',
}) as Doc);
const appointments: Doc[] = [];
const ledgerEntries: Doc[] = [];
for (const client of clients) {
  const entry = (i: number, fields: Record<string, unknown>) => ledgerEntries.push({ ...stored(`${client.$id}-e${String(i).padStart(3, '0')}`), clientId: client.$id, currency: 'USD', allocations: null, voidsEntryId: null, ...fields });
  for (let i = 0; i < 30; i += 1) {
    const id = `${client.$id}-a${i}`;
    appointments.push({ ...stored(id), clientId: client.$id, serviceId: 's1', status: i % 7 === 3 ? 'no_show' : 'show', locationType: i % 2 ? 'telehealth' : 'office' });
    entry(i, { kind: 'charge', type: 'session_fee', amount: 15_000, date: `${2025 + (i % 2)}-${String(1 + (i % 12)).padStart(2, '0')}-15`, appointmentId: id });
  }
  // Paid in full, in part, discounted, and a charge voided: the amounts paid differ line to line and year to year.
  entry(100, { kind: 'payment', type: 'card', amount: -22_500, date: '2026-02-01', allocations: JSON.stringify([{ entryId: `${client.$id}-e000`, amount: 15_000 }, { entryId: `${client.$id}-e001`, amount: 7_500 }]) });
  entry(101, { kind: 'adjustment', type: 'discount', amount: -5_000, date: '2026-02-01', allocations: JSON.stringify([{ entryId: `${client.$id}-e002`, amount: 5_000 }]) });
  entry(102, { kind: 'charge', type: 'session_fee', amount: -15_000, date: '2026-03-01', voidsEntryId: `${client.$id}-e004` });
}
const invoices = clients.slice(0, 4).map((client, i) => ({
  ...stored(`i${i}`), number: `INV-000${i + 1}`, status: i === 3 ? 'void' : 'issued', voidReason: 'Billed twice', clientId: client.$id, currency: 'USD', issueDate: '2026-03-01',
  entryIds: ledgerEntries.filter((e) => e['clientId'] === client.$id).slice(0, 5).map((e) => e.$id), periodStart: '2025-01-01', periodEnd: '2026-12-31',
}) as Doc);
const records = { practice, clients, appointments, services, ledgerEntries, invoices } as unknown as Records;

/** pdfkit stamps each PDF with the time it was drawn and an ID made from it: the rest is content. */
const content = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').replace(/\(D:\d{14}Z\)/, '(D:…)').replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '/ID […]');

describe('the export PDFs on worker threads (issue 35)', () => {
  it('draw the same complete PDFs as the main thread, in order, counting the progress to the end', async () => {
    const progress: number[] = [];
    const [here, pooled] = await Promise.all([
      practiceDocuments(records, () => undefined, { threads: 0 }),
      practiceDocuments(records, (done, total) => progress.push(done / total), { threads: 2 }),
    ]);
    expect(pooled.invoices).toBe(4);
    expect(pooled.superbills).toBe(CLIENTS * 2);
    expect(Object.keys(pooled.files)).toEqual(Object.keys(here.files));
    expect(progress).toHaveLength(4 + CLIENTS * 2);
    expect(progress.at(-1)).toBe(1);
    for (const [name, bytes] of Object.entries(pooled.files)) {
      const text = Buffer.from(bytes).toString('latin1');
      expect(text.startsWith('%PDF-'), name).toBe(true);
      expect(text.trimEnd().endsWith('%%EOF'), name).toBe(true);
      expect(content(bytes), name).toBe(content(here.files[name]!));
    }
    const superbill = pdfText(Buffer.from(pooled.files['superbills/2026/doe8-jane8-c8.pdf']!));
    expect(superbill).toContain('Superbill');
    expect(superbill).toContain('Jane8 Doe8');
    expect(superbill.match(/90834/g)).toHaveLength(13);
    expect(pdfText(Buffer.from(pooled.files['invoices/INV-0003.pdf']!))).toContain('Invoice INV-0003');
  });

  it('are the PDFs the dashboard draws from the records, though the workers are sent only what each says', async () => {
    const { files } = await practiceDocuments(records, () => undefined, { threads: 0 });
    type Entries = Parameters<typeof superbillCharges>[0];
    const entriesOf = (clientId: string) => ledgerEntries.filter((e) => e['clientId'] === clientId).sort((a, b) => String(a['date']).localeCompare(String(b['date'])) || a.$id.localeCompare(b.$id)) as unknown as Entries;
    const appointmentsById = new Map(appointments.map((a) => [a.$id, a]));
    let superbills = 0;
    for (const client of clients) {
      for (const year of ['2025', '2026']) {
        const [from, to] = [`${year}-01-01`, `${year}-12-31`];
        const entries = entriesOf(client.$id);
        const lines = chargeLines(superbillCharges(entries, from, to), appointmentsById as never, services as never);
        const { bytes, totalPaid } = await drawSuperbill({ client, practice, entries, lines, from, to } as never);
        const name = `superbills/${year}/doe${client.$id.slice(1)}-jane${client.$id.slice(1)}-${client.$id}.pdf`;
        expect(content(files[name]!), name).toBe(content(bytes));
        expect(totalPaid).toBe(year === '2025' ? 15_000 : 7_500);
        superbills += 1;
      }
    }
    for (const invoice of invoices) {
      const entries = entriesOf(String(invoice['clientId']));
      const figures = invoiceFigures(invoice as never, entries);
      const lines = chargeLines(figures.charges, appointmentsById as never, services as never);
      const client = clients.find((c) => c.$id === invoice['clientId']);
      expect(content(files[`invoices/${String(invoice['number'])}.pdf`]!)).toBe(content(await drawInvoice({ invoice, client, practice, figures, lines } as never)));
    }
    expect(Object.keys(files)).toHaveLength(superbills + invoices.length);
    expect(pdfText(Buffer.from(files['invoices/INV-0004.pdf']!))).toContain('Voided: Billed twice');

    // What a worker is sent: what the PDFs say — no Appwrite fields, no ledger, nothing the PDFs leave out.
    const { jobs } = documentJobs(records);
    const sent = JSON.stringify(jobs);
    for (const left of ['$permissions', '$collectionId', '$createdAt', 'allocations', 'a clinical note no PDF draws']) expect(sent).not.toContain(left);
    expect(serialize(jobs).length / jobs.length).toBeLessThan(4_000);
  });
});
