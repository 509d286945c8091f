// Issue 35: the export's invoice and superbill PDFs are drawn on worker threads (export-data's
// pdf-pool.js). The same records drawn on the main thread and on two workers give the same PDFs —
// byte for byte but for pdfkit's creation date and the file ID made from it — each whole (header to
// %%EOF, every page's text readable), in the ZIP names' order, with the progress counted to the end.
import { describe, expect, it } from 'vitest';
import { practiceDocuments } from '../functions/export-data/src/export-documents.js';
import { pdfText } from './support/pdf-text.ts';

type Doc = Record<string, unknown> & { $id: string };
type Records = Parameters<typeof practiceDocuments>[0];

const CLIENTS = 9;
const practice = { $id: 'p1', userId: 'u1', practiceName: 'Lane Therapy', therapistName: 'Dr. Ada Lane', credentials: 'PhD', npi: '1234567893' } as Doc;
const services = new Map([['s1', { $id: 's1', name: 'Psychotherapy, 45 minutes', serviceCode: '90834' } as Doc]]);
const clients = Array.from({ length: CLIENTS }, (_, c) => ({ $id: `c${c}`, userId: 'u1', firstName: `Jane${c}`, lastName: `Doe${c}`, dateOfBirth: '1985-03-14', diagnosisCodes: ['F41.1'] }) as Doc);
const appointments: Doc[] = [];
const ledgerEntries: Doc[] = [];
for (const client of clients) {
  for (let i = 0; i < 30; i += 1) {
    const id = `${client.$id}-a${i}`;
    appointments.push({ $id: id, userId: 'u1', clientId: client.$id, serviceId: 's1', status: 'show', locationType: i % 2 ? 'telehealth' : 'office' });
    ledgerEntries.push({
      $id: `${client.$id}-e${String(i).padStart(3, '0')}`, userId: 'u1', clientId: client.$id, kind: 'charge', type: 'session_fee', amount: 15_000, currency: 'USD',
      date: `${2025 + (i % 2)}-${String(1 + (i % 12)).padStart(2, '0')}-15`, appointmentId: id, allocations: '[]',
    });
  }
}
const invoices = clients.slice(0, 4).map((client, i) => ({
  $id: `i${i}`, userId: 'u1', number: `INV-000${i + 1}`, status: 'issued', clientId: client.$id, currency: 'USD',
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
    expect(superbill.match(/90834/g)).toHaveLength(15);
    expect(pdfText(Buffer.from(pooled.files['invoices/INV-0003.pdf']!))).toContain('Invoice INV-0003');
  });
});
