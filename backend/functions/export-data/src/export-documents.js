// The invoice and superbill PDFs of "Export all my data", when ticked (issue 17): every invoice as
// invoices/INV-0001.pdf, and for each client a superbill per calendar year with attended sessions,
// superbills/2026/doe-jane-<client id>.pdf — drawn by lib/money-documents.js exactly as the
// dashboard's downloads are, from the records the export has read already (no reads of their own),
// on worker threads (pdf-pool.js).
import { chargeLines, invoiceFigures, superbillCharges } from '../../lib/money-documents.js';
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
 * Every invoice and superbill PDF, by its name in the ZIP, drawn on worker threads (pdf-pool.js).
 * @param {Records} records
 * @param {(done: number, total: number) => void} [onProgress]
 * @param {{ threads?: number }} [options] `threads`: 0 draws on the main thread (tests compare the two)
 * @returns {Promise<{ files: Record<string, Uint8Array>, invoices: number, superbills: number }>}
 */
export async function practiceDocuments({ practice, clients, appointments, services, ledgerEntries, invoices }, onProgress = () => {}, options = {}) {
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
    jobs.push({ kind: 'invoice', parts: { invoice, client, practice, figures, lines } });
  }
  const invoiceCount = jobs.length;
  for (const client of clients) {
    const entries = byClient.get(client.$id) ?? [];
    const years = new Set(entries.filter((e) => e.kind === 'charge' && e.type === 'session_fee').map((e) => e.date.slice(0, 4)));
    for (const year of [...years].sort()) {
      const lines = chargeLines(superbillCharges(entries, `${year}-01-01`, `${year}-12-31`), appointmentsById, services);
      if (!lines.some((l) => l.appointment?.['status'] === 'show')) continue;
      names.push(superbillName(client, year));
      jobs.push({ kind: 'superbill', parts: { client, practice, entries, lines, from: `${year}-01-01`, to: `${year}-12-31` } });
    }
  }
  const drawn = await drawPdfs(jobs, { ...options, onProgress });
  /** @type {Record<string, Uint8Array>} */
  const files = {};
  for (const [i, name] of names.entries()) files[name] = /** @type {Uint8Array} */ (drawn[i]);
  return { files, invoices: invoiceCount, superbills: jobs.length - invoiceCount };
}
