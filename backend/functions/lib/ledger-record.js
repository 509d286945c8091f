// Writing one ledger entry for a client (issue 16), shared by the ledger function and the online
// payments that arrive by Stripe's webhook (issue 33): the entry's id comes from an idempotency key,
// so a repeat (a double click, a redelivered event) finds the stored entry instead of writing twice.
import { allocate, computeBalance } from './ledger.js';
import { clientEntries, entrySummary, storedEntry, writeForClient } from './money-store.js';

/**
 * @typedef {import('./money-store.js').StoredEntry} StoredEntry
 * @typedef {import('./money-function.js').Run} Run
 * @typedef {{ entries: StoredEntry[], invoices: import('node-appwrite').Models.DefaultDocument[] }} ClientState
 */

/**
 * The answer for an entry as stored now, with the client's balance.
 * @param {Run} run
 * @param {StoredEntry} entry
 * @param {number} status
 */
async function answerFor(run, entry, status) {
  const { balance, credit } = computeBalance(await clientEntries(run.databases, run.c, run.userId, String(entry['clientId'])));
  const allocated = typeof entry['allocations'] === 'string' && entry['allocations']
    ? /** @type {Array<{ amount: number }>} */ (JSON.parse(entry['allocations'])).reduce((s, a) => s + a.amount, 0) : 0;
  return { status, body: { success: true, entry: entrySummary(entry), allocated, credit, balance } };
}

/**
 * Writes one new entry for a client; a repeat of the key answers the stored entry.
 * @param {Run} run
 * @param {string} clientId
 * @param {string} entryId
 * @param {string} currency
 * @param {(state: ClientState) => Record<string, unknown>} build
 */
export async function record(run, clientId, entryId, currency, build) {
  const existing = await storedEntry(run.databases, run.c, entryId, run.userId);
  if (existing) return answerFor(run, existing, 200);
  const { written } = await writeForClient({ ...run, clientId, currency }, (state) => ({ entries: [{ $id: entryId, ...build(state) }] }), async () => storedEntry(run.databases, run.c, entryId, run.userId));
  const stored = await storedEntry(run.databases, run.c, entryId, run.userId);
  if (!stored) throw new Error(`entry ${entryId} not stored`);
  return answerFor(run, stored, written ? 201 : 200);
}

/**
 * A payment's or adjustment's data, applied as cash is: to a chosen invoice's open charges, else the
 * oldest open charges; the rest is the client's credit.
 * @param {ClientState} state
 * @param {{ userId: string, clientId: string, kind: 'payment' | 'adjustment', type: string, amount: number, currency: string, date: string,
 *   memo: string | null, reference: string | null, reason: string | null, appointmentId: string | null, invoiceId: string | null }} p
 */
export function creditEntry({ entries, invoices }, p) {
  const invoice = p.invoiceId ? invoices.find((i) => i.$id === p.invoiceId) : null;
  const only = invoice ? new Set(Array.isArray(invoice['entryIds']) ? invoice['entryIds'].map(String) : []) : null;
  const { allocations } = allocate(entries, p.amount, only);
  return { ...p, amount: -p.amount, allocations: JSON.stringify(allocations) };
}
