// What the money functions (attendance-charges, ledger, invoices, money-documents) share: reading a
// client's entries, the practice's zone and currency, and writing a change together with the
// client's recomputed balance in one Appwrite transaction.
//
// Per-client serialisation: every write for a client also writes its client_balances document
// (id = clientId), recomputed from ALL of the client's entries plus the new ones. The write stages
// its operations, then reads that document again: if it changed since the entries were read,
// another write landed meanwhile, so this one rolls back and starts over from a fresh read; a
// change after staging fails the commit (Appwrite's transaction conflict), also retried. So the
// allocations, invoice statuses and the cached balance always follow from what is stored.
//
// The same transaction adds the write's change to the practice's ledger_totals (issue 35,
// lib/ledger-totals.js) with Appwrite's atomic increments, so writes for different clients never
// overwrite each other's sums and never wait for each other: an increment is a step of the value
// stored at commit, not a conflict when another write stepped it first. Only a totals document
// created meanwhile (a new month's first entries, twice at once) fails the commit, and the write
// starts over.
import { AppwriteException, ID, Permission, Query, Role } from 'node-appwrite';
import { allocationState, computeBalance } from './ledger.js';
import { ALL, BALANCE_FIELDS, MONTH_FIELDS, totalsChange, totalsDocumentId } from './ledger-totals.js';
import { Refusal } from './note-signing.js';
import { ownedBy } from './owned-by.js';
import { ID_RE } from './ids.js';

/**
 * @typedef {import('node-appwrite').Databases} Databases
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('./collections.js').Collections} Collections
 * @typedef {import('./ledger.js').Entry & Record<string, unknown>} StoredEntry
 * @typedef {{ action: 'create' | 'update' | 'increment' | 'decrement', collectionId: string, documentId: string, data: Record<string, unknown> }} Op
 */

export const MAX_AMOUNT = 100_000_000;
const PAGE = 5000;
const OPEN_CHARGES_MAX = 20_000;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** @param {string} userId */
export const ownerOnly = (userId) => [Permission.read(Role.user(userId))];

/** @param {unknown} e */
export const isNotFound = (e) => e instanceof AppwriteException && e.code === 404;
/** @param {unknown} e */
export const isConflict = (e) => typeof e === 'object' && e !== null && 'code' in e && e.code === 409;

/**
 * @param {Record<string, unknown>} body
 * @param {string} field
 * @param {string} message
 * @param {number} [status] the refusal's status: 400, or 404 where a wrong id must look like a missing one
 */
export function idOf(body, field, message, status = 400) {
  const value = body[field];
  if (typeof value !== 'string' || !ID_RE.test(value)) throw new Refusal(status, message, field);
  return value;
}

/**
 * A YYYY-MM-DD calendar date.
 * @param {Record<string, unknown>} body
 * @param {string} field
 * @param {string} [message]
 */
export function dateOf(body, field, message = 'Enter the date as YYYY-MM-DD.') {
  const value = body[field];
  if (typeof value !== 'string' || !isCalendarDate(value)) throw new Refusal(400, message, field);
  return value;
}

/** @param {string} value */
export function isCalendarDate(value) {
  if (!DATE_RE.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/**
 * A whole number of minor units above 0.
 * @param {Record<string, unknown>} body
 */
export function amountOf(body) {
  const value = body['amount'];
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw new Refusal(400, 'Enter an amount greater than zero.', 'amount');
  if (value > MAX_AMOUNT) throw new Refusal(400, 'Enter an amount of at most 1,000,000.00.', 'amount');
  return value;
}

/**
 * Optional text, trimmed, at most `max` characters; required ones refuse with `missing`.
 * @param {Record<string, unknown>} body
 * @param {string} field
 * @param {number} max
 * @param {string} [missing]
 */
export function textOf(body, field, max, missing) {
  const value = body[field];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (missing) throw new Refusal(400, missing, field);
    return null;
  }
  if (typeof value !== 'string') throw new Refusal(400, `${field} must be text.`, field);
  if (value.trim().length > max) throw new Refusal(400, `Keep it to ${max} characters.`, field);
  return value.trim();
}

/**
 * A document of the caller's, or a 404 refusal.
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string} documentId
 * @param {string} userId
 * @param {string} message
 * @returns {Promise<Doc>}
 */
export async function ownOr404(databases, databaseId, collectionId, documentId, userId, message) {
  try {
    const document = await databases.getDocument({ databaseId, collectionId, documentId });
    if (ownedBy(document, userId)) return document;
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
  throw new Refusal(404, message);
}

/**
 * The practice's settings (the caller's own), or null.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 */
export async function practiceOf(databases, c, userId) {
  const list = await databases.listDocuments({ databaseId: c.databaseId, collectionId: c.practiceSettings, queries: [Query.equal('userId', userId), Query.limit(25)] });
  return list.documents.find((d) => ownedBy(d, userId)) ?? null;
}

/** @param {Doc | null} practice */
export const zoneOf = (practice) => (typeof practice?.['timeZone'] === 'string' && practice['timeZone'] ? String(practice['timeZone']) : 'UTC');
/** @param {Doc | null} practice */
export const currencyOf = (practice) => (typeof practice?.['currency'] === 'string' && practice['currency'] ? String(practice['currency']) : 'USD');

/**
 * The calendar date of an instant in a time zone (YYYY-MM-DD).
 * @param {Date | string} at
 * @param {string} timeZone
 */
export function dateIn(at, timeZone) {
  const when = typeof at === 'string' ? new Date(at) : at;
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(when);
  } catch {
    return when.toISOString().slice(0, 10);
  }
}

/**
 * YYYY-MM-DD `days` after a date.
 * @param {string} date
 * @param {number} days
 */
export function addDays(date, days) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Every document of a query, in pages of 5,000 ordered by `order` — the last attribute of the
 * index the query's equalities use (ordering by $id would walk the whole collection's id index).
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string[]} queries
 * @param {string} order
 * @returns {Promise<Doc[]>}
 */
export async function listAll(databases, databaseId, collectionId, queries, order) {
  /** @type {Doc[]} */
  const all = [];
  let cursor = '';
  for (;;) {
    const page = await databases.listDocuments({
      databaseId, collectionId, queries: [...queries, Query.orderAsc(order), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
    });
    all.push(...page.documents);
    if (page.documents.length < PAGE) return all;
    cursor = page.documents[page.documents.length - 1]?.$id ?? '';
  }
}

/**
 * All of a client's ledger entries (the therapist's own: only functions write there).
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {string} clientId
 * @returns {Promise<StoredEntry[]>}
 */
export async function clientEntries(databases, c, userId, clientId) {
  const docs = await listAll(databases, c.databaseId, c.ledgerEntries, [Query.equal('userId', userId), Query.equal('clientId', clientId)], 'date');
  return /** @type {StoredEntry[]} */ (/** @type {unknown} */ (docs.filter((d) => ownedBy(d, userId))));
}

/**
 * The client's invoices (not the billing `invoices` of the subscription).
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {string} clientId
 */
export async function clientInvoices(databases, c, userId, clientId) {
  const docs = await listAll(databases, c.databaseId, c.clientInvoices, [Query.equal('userId', userId), Query.equal('clientId', clientId)], 'seq');
  return docs.filter((d) => ownedBy(d, userId));
}

/**
 * An invoice's status after the allocations as they stand: an issued invoice whose active charges
 * are all paid by allocations becomes paid; a paid one that no longer is goes back to issued.
 * @param {Doc[]} invoices
 * @param {readonly StoredEntry[]} entries
 * @returns {Array<{ invoice: Doc, status: 'paid' | 'issued' }>}
 */
export function invoiceStatusChanges(invoices, entries) {
  const { charges } = allocationState(entries);
  /** @type {Array<{ invoice: Doc, status: 'paid' | 'issued' }>} */
  const changes = [];
  for (const invoice of invoices) {
    if (invoice['status'] !== 'issued' && invoice['status'] !== 'paid') continue;
    const ids = Array.isArray(invoice['entryIds']) ? invoice['entryIds'].map(String) : [];
    const own = ids.map((id) => charges.get(id)).filter((x) => x !== undefined);
    const paid = own.length > 0 && own.every((ch) => ch.open === 0);
    if (invoice['status'] === 'issued' && paid) changes.push({ invoice, status: 'paid' });
    if (invoice['status'] === 'paid' && !paid) changes.push({ invoice, status: 'issued' });
  }
  return changes;
}

/**
 * The client_balances document's data for these entries.
 * @param {string} userId
 * @param {string} clientId
 * @param {readonly StoredEntry[]} entries
 * @param {string} currency
 */
export function balanceData(userId, clientId, entries, currency) {
  const { balance, credit, openCharges } = computeBalance(entries);
  // The oldest open charges that fit the attribute (20,000 characters, about 250 charges).
  let open = openCharges;
  let json = JSON.stringify(open);
  while (json.length > OPEN_CHARGES_MAX) {
    open = open.slice(0, Math.floor(open.length * 0.9));
    json = JSON.stringify(open);
  }
  const lastEntryDate = entries.reduce((d, e) => (e.date > d ? e.date : d), '');
  return { userId, clientId, balance, credit, openCharges: json, lastEntryDate: lastEntryDate || null, currency };
}

/**
 * @typedef {object} Plan
 * @property {Array<{ $id: string } & Record<string, unknown>>} entries new ledger entries (data with $id)
 * @property {Op[]} [operations] other operations (invoices)
 * @property {unknown} [answer]
 */

/**
 * Writes one change for a client: `plan` gets the client's entries and invoices as stored and says
 * what to add; the entries, the other operations and the recomputed balance go in one transaction.
 * Retried from a fresh read when another write for the client lands meanwhile. `onExists` answers a
 * create that Appwrite refused because the document already exists (a repeat), or null to retry.
 * @param {{ databases: Databases, c: Collections, userId: string, clientId: string, currency: string, log: (m: string) => void }} run
 * @param {(state: { entries: StoredEntry[], invoices: Doc[] }) => Promise<Plan | null> | Plan | null} plan
 * @param {(ids: string[]) => Promise<unknown>} [onExists]
 * @returns {Promise<{ written: boolean, answer: unknown }>}
 */
export async function writeForClient(run, plan, onExists) {
  const { databases, c, userId, clientId, currency } = run;
  const ATTEMPTS = 30;
  for (let attempt = 1; ; attempt += 1) {
    const before = await databases.getDocument({ databaseId: c.databaseId, collectionId: c.clientBalances, documentId: clientId }).catch((e) => {
      if (isNotFound(e)) return null;
      throw e;
    });
    const [entries, invoices] = await Promise.all([clientEntries(databases, c, userId, clientId), clientInvoices(databases, c, userId, clientId)]);
    const planned = await plan({ entries, invoices });
    if (!planned) return { written: false, answer: null };
    const newEntries = planned.entries.map((e) => /** @type {StoredEntry} */ (/** @type {unknown} */ (e)));
    const after = [...entries, ...newEntries];
    const invoiceOps = planned.operations ?? [];
    /** @type {Op[]} */
    const operations = [
      ...newEntries.map((e) => {
        const { $id, ...data } = e;
        return /** @type {Op} */ ({ action: 'create', collectionId: c.ledgerEntries, documentId: $id, data: { ...data, $permissions: ownerOnly(userId) } });
      }),
      ...invoiceOps,
      ...invoiceStatusChanges(invoices.filter((i) => !invoiceOps.some((op) => op.documentId === i.$id)), after).map(({ invoice, status }) => (
        /** @type {Op} */ ({ action: 'update', collectionId: c.clientInvoices, documentId: invoice.$id, data: { status } })
      )),
      {
        action: before ? 'update' : 'create', collectionId: c.clientBalances, documentId: clientId,
        data: { ...balanceData(userId, clientId, after, String(before?.['currency'] ?? currency)), $permissions: ownerOnly(userId) },
      },
    ];
    operations.push(...await totalsOperations(databases, c, userId, String(before?.['currency'] ?? currency), entries, newEntries));
    const transaction = await databases.createTransaction({ ttl: 60 });
    try {
      await databases.createOperations({
        transactionId: transaction.$id,
        operations: operations.map((op) => ({ ...op, databaseId: c.databaseId })),
      });
      const now = await databases.getDocument({ databaseId: c.databaseId, collectionId: c.clientBalances, documentId: clientId }).catch((e) => {
        if (isNotFound(e)) return null;
        throw e;
      });
      if ((now?.$updatedAt ?? null) !== (before?.$updatedAt ?? null)) throw Object.assign(new Error('client changed meanwhile'), { code: 409, retry: true });
      await databases.updateTransaction({ transactionId: transaction.$id, commit: true });
      return { written: true, answer: planned.answer };
    } catch (e) {
      await databases.updateTransaction({ transactionId: transaction.$id, rollback: true }).catch(() => undefined);
      if (!isConflict(e)) throw e;
      if (onExists && !(/** @type {{ retry?: boolean }} */ (e).retry)) {
        const repeat = await onExists(newEntries.map((x) => x.$id));
        if (repeat !== null && repeat !== undefined) return { written: false, answer: repeat };
      }
      if (attempt >= ATTEMPTS) throw new Refusal(409, 'Someone else changed this client’s account at the same time. Please try again.');
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.floor(Math.random() * 40 * Math.min(attempt, 5))));
    }
  }
}

/**
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} documentId
 * @returns {Promise<Doc | null>}
 */
async function documentOrNull(databases, c, documentId) {
  return databases.getDocument({ databaseId: c.databaseId, collectionId: c.ledgerTotals, documentId }).catch((e) => {
    if (isNotFound(e)) return null;
    throw e;
  });
}

/**
 * The operations that add a write's change to the practice's ledger_totals: an increment or
 * decrement per changed attribute of a document that exists, a create of one that does not. A
 * practice without its `all` document keeps no totals (entries from before them: the repair makes
 * them), unless it has no entry at all yet — then this write starts them.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {string} currency
 * @param {readonly StoredEntry[]} before the client's entries as stored
 * @param {readonly StoredEntry[]} added
 * @returns {Promise<Op[]>}
 */
export async function totalsOperations(databases, c, userId, currency, before, added) {
  if (added.length === 0) return [];
  const allId = totalsDocumentId(userId, ALL);
  const all = await documentOrNull(databases, c, allId);
  if (!all) {
    const any = await databases.listDocuments({ databaseId: c.databaseId, collectionId: c.ledgerEntries, queries: [Query.equal('userId', userId), Query.select(['$id']), Query.limit(1)], total: false });
    if (any.documents.length > 0) return [];
  }
  const { months, balances } = totalsChange(before, added);
  /** @type {Array<{ month: string, change: Record<string, number>, fields: string[] }>} */
  const changes = [...months].map(([month, change]) => ({ month, change, fields: MONTH_FIELDS }));
  if (!all || Object.keys(balances).length > 0) changes.push({ month: ALL, change: balances, fields: BALANCE_FIELDS });
  /** @type {Op[]} */
  const operations = [];
  for (const { month, change, fields } of changes) {
    const documentId = totalsDocumentId(userId, month);
    const stored = month === ALL ? all : await documentOrNull(databases, c, documentId);
    if (!stored) {
      const data = Object.fromEntries(fields.map((f) => [f, change[f] ?? 0]));
      operations.push({ action: 'create', collectionId: c.ledgerTotals, documentId, data: { userId, month, currency, ...data, $permissions: ownerOnly(userId) } });
      continue;
    }
    for (const f of fields) {
      const value = change[f] ?? 0;
      if (value === 0) continue;
      operations.push({ action: value > 0 ? 'increment' : 'decrement', collectionId: c.ledgerTotals, documentId, data: { attribute: f, value: Math.abs(value) } });
    }
  }
  return operations;
}

/**
 * An existing ledger entry of the caller's, or null.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} entryId
 * @param {string} userId
 * @returns {Promise<StoredEntry | null>}
 */
export async function storedEntry(databases, c, entryId, userId) {
  try {
    const document = await databases.getDocument({ databaseId: c.databaseId, collectionId: c.ledgerEntries, documentId: entryId });
    return ownedBy(document, userId) ? /** @type {StoredEntry} */ (/** @type {unknown} */ (document)) : null;
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

/**
 * What an answer says of an entry: its ids, kind, amounts and dates — not the memo, reason or
 * reference (Appwrite keeps execution answers; the dashboard reads the entry itself).
 * @param {Record<string, unknown>} entry
 */
export function entrySummary(entry) {
  const keys = ['$id', '$createdAt', 'userId', 'clientId', 'kind', 'type', 'amount', 'currency', 'date', 'appointmentId', 'invoiceId', 'voidsEntryId', 'refundsEntryId', 'allocations'];
  return Object.fromEntries(keys.filter((k) => k in entry).map((k) => [k, entry[k]]));
}

export { ID, Refusal };
