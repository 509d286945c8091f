// A money document longer than a page (issue 16 "Documents"): every page after the first names the
// document, the client and, for a superbill, the date of birth, period and provider, with its page
// number — in the top margin, so the table's rows stay where they are (checked once by eye, rendered
// with poppler) — and the first page does not.
import { describe, expect, it } from 'vitest';
import { chargeLines, drawInvoice, drawSuperbill, invoiceFigures, superbillCharges } from '../functions/lib/money-documents.js';
import { pdfPageTexts, pdfText } from './support/pdf-text.ts';

type Doc = Record<string, unknown> & { $id: string };
const practice = { $id: 'p1', practiceName: 'Lane Therapy', therapistName: 'Dr. Ada Lane', credentials: 'PhD', npi: '1234567893' } as Doc;
const client = { $id: 'c1', firstName: 'Jane', lastName: 'Doe', dateOfBirth: '1985-03-14', diagnosisCodes: ['F41.1'] } as Doc;
const service = { $id: 's1', name: 'Psychotherapy, 45 minutes', serviceCode: '90834' } as Doc;
const SESSIONS = 70;
const appointments = new Map(Array.from({ length: SESSIONS }, (_, i) => [`a${i}`, { $id: `a${i}`, serviceId: 's1', status: 'show', locationType: i % 2 ? 'telehealth' : 'office' } as Doc]));
const entries = Array.from({ length: SESSIONS }, (_, i) => ({
  $id: `e${String(i).padStart(3, '0')}`, userId: 'u1', clientId: 'c1', kind: 'charge', type: 'session_fee', amount: 15_000, currency: 'USD',
  date: `2026-${String(1 + Math.floor(i / 6)).padStart(2, '0')}-${String(1 + (i % 6) * 4).padStart(2, '0')}`, appointmentId: `a${i}`, allocations: '[]',
}));
type Entries = Parameters<typeof superbillCharges>[0];
type Drawn = Parameters<typeof drawSuperbill>[0];

describe('money documents over several pages', () => {
  it('a 70-session superbill: each later page names it, the client, date of birth, period and provider, and its number', async () => {
    const lines = chargeLines(superbillCharges(entries as unknown as Entries, '2026-01-01', '2026-12-31'), appointments as never, new Map([['s1', service]]) as never);
    const { bytes, sessions } = await drawSuperbill({ client, practice, entries, lines, from: '2026-01-01', to: '2026-12-31' } as unknown as Drawn);
    expect(sessions).toBe(SESSIONS);
    const pages = pdfPageTexts(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const running = 'Superbill — Jane Doe, date of birth 03/14/1985 — 01/01/2026 – 12/31/2026 — Dr. Ada Lane, PhD';
    expect(pages[0]).not.toContain(running);
    pages.slice(1).forEach((page, i) => expect(page).toContain(`${running} — page ${i + 2}`));
    // Every session is still listed once.
    expect(pdfText(bytes).match(/90834/g)).toHaveLength(SESSIONS);
  });

  it('an invoice of 70 charges: its later pages name the invoice and the client', async () => {
    const invoice = { $id: 'i1', number: 'INV-0042', status: 'issued', clientId: 'c1', currency: 'USD', entryIds: entries.map((e) => e.$id), periodStart: '2026-01-01', periodEnd: '2026-12-31' } as Doc;
    const figures = invoiceFigures(invoice as never, entries as unknown as Entries);
    const lines = chargeLines(figures.charges, appointments as never, new Map([['s1', service]]) as never);
    const pages = pdfPageTexts(await drawInvoice({ invoice, client, practice, figures, lines } as never));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[0]).not.toContain('— page');
    expect(pages[1]).toContain('Invoice INV-0042 — Jane Doe — page 2');
  });

  it('amounts in a currency without minor units print as they are (8000 JPY is ¥8,000), in cents where it has them', async () => {
    const yen = entries.slice(0, 3).map((e) => ({ ...e, amount: 8_000, currency: 'JPY' }));
    const lines = chargeLines(superbillCharges(yen as unknown as Entries, '2026-01-01', '2026-12-31'), appointments as never, new Map([['s1', service]]) as never);
    const { bytes } = await drawSuperbill({ client: { ...client, currency: 'JPY' }, practice, entries: yen, lines, from: '2026-01-01', to: '2026-12-31' } as unknown as Drawn);
    const text = pdfText(bytes);
    expect(text).toContain('¥8,000');
    expect(text).toContain('Total fees: ¥24,000');
    expect(text).not.toContain('¥80');
    const dollars = chargeLines(superbillCharges(entries.slice(0, 1) as unknown as Entries, '2026-01-01', '2026-12-31'), appointments as never, new Map([['s1', service]]) as never);
    expect(pdfText((await drawSuperbill({ client, practice, entries: entries.slice(0, 1), lines: dollars, from: '2026-01-01', to: '2026-12-31' } as unknown as Drawn)).bytes)).toContain('Total fees: $150.00');
  });
});
