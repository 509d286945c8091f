// The invoice and superbill PDFs of "Export all my data", when ticked (issue 17): every invoice as
// invoices/INV-0001.pdf, and for each client a superbill per calendar year with attended sessions,
// superbills/2026/doe-jane-<client id>.pdf — drawn by lib/money-documents.js exactly as the
// dashboard's downloads are, from the records the export has read already (no reads of their own),
// on worker threads (pdf-pool.js), which are sent what each PDF says rather than the records.
import { amountsPaid, chargeLines, invoiceContent, invoiceFigures, superbillCharges, superbillContent } from '../../lib/money-documents.js';
import { drawPdfs } from './pdf-pool.js';

/**
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('../../lib/money-store.js').StoredEntry} StoredEntry
 * @typedef {{ practice: Doc | null, clients: Doc[], appointments: Doc[], services: Map<string, Doc>, ledgerEntries: Doc[], invoices: Doc[] }} Records
 */

/** A name part for a file: lower-case ASCII letters and digits joined by hyphens. @param {unknown} text */
const slug = (text) => String(text ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** @param {Doc} client */
export const superbillName = (client, /** @type {string} */ year) => `superbills/${year}/${[slug(client['lastName']), slug(client['firstName']), client.$id].filter(Boolean).join('-')}.pdf`;

/** @param {Doc} invoice */
export const invoiceFileName = (invoice) => `invoices/${slug(invoice['number']).toUpperCase() || invoice.$id}.pdf`;

/**
 * The entries of each client, in date order (as the money functions read them).
 * @param {Doc[]} entries
 * @returns {Map<string, StoredEntry[]>}
 */
function entriesByClient(entries) {
  /** @type {Map<string, StoredEntry[]>} */
  const byClient = new Map();
  for (const entry of entries) {
    const clientId = String(entry['clientId'] ?? '');
    const list = byClient.get(clientId) ?? [];
    list.push(/** @type {StoredEntry} */ (/** @type {unknown} */ (entry)));
    byClient.set(clientId, list);
  }
  for (const list of byClient.values()) list.sort((a, b) => a.date.localeCompare(b.date) || a.$id.localeCompare(b.$id));
  return byClient;
}

/**
 * What each invoice and superbill PDF says (a PdfJob: only what is drawn, not the records), and its
 * name in the ZIP.
 * @param {Records} records
 */
export function documentJobs({ practice, clients, appointments, services, ledgerEntries, invoices }) {
  const appointmentsById = new Map(appointments.map((a) => [a.$id, a]));
  const clientsById = new Map(clients.map((c) => [c.$id, c]));
  const byClient = entriesByClient(ledgerEntries);
  /** @type {string[]} */
  const names = [];
  /** @type {import('./pdf-pool.js').PdfJob[]} */
  const jobs = [];
  for (const invoice of invoices) {
    const client = clientsById.get(String(invoice['clientId'] ?? ''));
    if (!client) continue;
    const entries = byClient.get(client.$id) ?? [];
    const figures = invoiceFigures(invoice, entries);
    const lines = chargeLines(figures.charges, appointmentsById, services);
    names.push(invoiceFileName(invoice));
    jobs.push({ kind: 'invoice', content: invoiceContent({ invoice, client, practice, figures, lines }) });
  }
  const invoiceCount = jobs.length;
  for (const client of clients) {
    const entries = byClient.get(client.$id) ?? [];
    const years = new Set(entries.filter((e) => e.kind === 'charge' && e.type === 'session_fee').map((e) => e.date.slice(0, 4)));
    if (!years.size) continue;
    // The client's ledger worked out once for all of its years (each year's superbillCharges: these, by date).
    const fees = superbillCharges(entries, '0000-01-01', '9999-12-31');
    const paid = amountsPaid(entries);
    for (const year of [...years].sort()) {
      const [from, to] = [`${year}-01-01`, `${year}-12-31`];
      const lines = chargeLines(fees.filter((e) => e.date >= from && e.date <= to), appointmentsById, services);
      if (!lines.some((l) => l.appointment?.['status'] === 'show')) continue;
      names.push(superbillName(client, year));
      jobs.push({ kind: 'superbill', content: superbillContent({ client, practice, entries, paid, lines, from, to }) });
    }
  }
  return { names, jobs, invoices: invoiceCount };
}

/**
 * Every invoice and superbill PDF, by its name in the ZIP, drawn on worker threads (pdf-pool.js).
 * @param {Records} records
 * @param {(done: number, total: number) => void} [onProgress]
 * @param {{ threads?: number }} [options] `threads`: 0 draws on the main thread (tests compare the two)
 * @returns {Promise<{ files: Record<string, Uint8Array>, invoices: number, superbills: number }>}
 */
export async function practiceDocuments(records, onProgress = () => {}, options = {}) {
  const { names, jobs, invoices } = documentJobs(records);
  const drawn = await drawPdfs(jobs, { ...options, onProgress });
  /** @type {Record<string, Uint8Array>} */
  const files = {};
  for (const [i, name] of names.entries()) files[name] = /** @type {Uint8Array} */ (drawn[i]);
  return { files, invoices, superbills: jobs.length - invoices };
}
