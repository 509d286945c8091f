// Issue 35: `ledger {action:'repair'}` — recomputes a practice's ledger_totals from every one of its
// entries and writes what is missing or stale, saying what it fixed. For a practice whose entries
// predate the totals, or whose totals someone suspects.
//
// Concurrent writes: the totals documents are read first, the entries after; once the fixes are
// staged the documents are read again, and if any changed or appeared meanwhile (a write landed
// between the two reads) the repair rolls back and starts over. Each pass is checked by the next:
// the repair ends when a pass finds nothing left to fix.
import { Query } from 'node-appwrite';
import { ALL, BALANCE_FIELDS, MONTH_FIELDS, practiceTotals, totalsDifferences, totalsDocumentId } from './ledger-totals.js';
import { currencyOf, isConflict, listAll, ownerOnly, practiceOf, Refusal } from './money-store.js';
import { ownedBy } from './owned-by.js';

/**
 * @typedef {import('node-appwrite').Databases} Databases
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('./collections.js').Collections} Collections
 * @typedef {import('./ledger-totals.js').Fields} Fields
 * @typedef {{ month: string, was: Fields | null, now: Fields }} Fix
 */

const PASSES = 6;
const OPERATIONS_PER_TRANSACTION = 100;

/**
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @returns {Promise<Map<string, Doc>>} month → document
 */
async function storedTotals(databases, c, userId) {
  const docs = await listAll(databases, c.databaseId, c.ledgerTotals, [Query.equal('userId', userId)], 'month');
  return new Map(docs.filter((d) => ownedBy(d, userId)).map((d) => [String(d['month']), d]));
}

/** @param {Map<string, Doc>} docs */
const versions = (docs) => JSON.stringify([...docs].map(([month, d]) => [month, d.$id, d.$updatedAt]).sort());

/**
 * @param {{ databases: Databases, c: Collections, userId: string }} run
 * @returns {Promise<{ entries: number, months: number, fixed: Fix[] }>}
 */
export async function repairTotals({ databases, c, userId }) {
  const currency = currencyOf(await practiceOf(databases, c, userId));
  /** @type {Fix[]} */
  const fixed = [];
  for (let pass = 1; pass <= PASSES; pass += 1) {
    const stored = await storedTotals(databases, c, userId);
    const entries = (await listAll(databases, c.databaseId, c.ledgerEntries, [Query.equal('userId', userId)], 'date')).filter((d) => ownedBy(d, userId));
    const wanted = practiceTotals(/** @type {import('./ledger-totals.js').StoredEntry[]} */ (/** @type {unknown} */ (entries)));
    const fixes = totalsDifferences(wanted, stored);
    if (fixes.length === 0) return { entries: entries.length, months: wanted.size - 1, fixed: merged(fixed) };
    const operations = fixes.map(({ month, was, now }) => {
      const documentId = stored.get(month)?.$id ?? totalsDocumentId(userId, month);
      const fields = Object.fromEntries((month === ALL ? BALANCE_FIELDS : MONTH_FIELDS).map((f) => [f, now[f] ?? 0]));
      return was
        ? { action: 'update', databaseId: c.databaseId, collectionId: c.ledgerTotals, documentId, data: fields }
        : { action: 'create', databaseId: c.databaseId, collectionId: c.ledgerTotals, documentId, data: { userId, month, currency, ...fields, $permissions: ownerOnly(userId) } };
    });
    if (await commitUnlessChanged(databases, c, userId, operations, versions(stored))) fixed.push(...fixes);
  }
  throw new Refusal(409, 'The practice’s ledger kept changing while it was being added up. Please try again.');
}

/**
 * Stages the operations (in transactions of at most 100), then commits them only if the totals
 * documents are as they were read; false when something changed (rolled back) or conflicted.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {Array<Record<string, unknown>>} operations
 * @param {string} read versions() of the documents the fixes were computed from
 */
async function commitUnlessChanged(databases, c, userId, operations, read) {
  /** @type {string[]} */
  const transactions = [];
  try {
    for (let i = 0; i < operations.length; i += OPERATIONS_PER_TRANSACTION) {
      const transaction = await databases.createTransaction({ ttl: 60 });
      transactions.push(transaction.$id);
      await databases.createOperations({ transactionId: transaction.$id, operations: operations.slice(i, i + OPERATIONS_PER_TRANSACTION) });
    }
    if (versions(await storedTotals(databases, c, userId)) !== read) throw Object.assign(new Error('totals changed meanwhile'), { code: 409 });
    while (transactions.length > 0) {
      await databases.updateTransaction({ transactionId: String(transactions[0]), commit: true });
      transactions.shift();
    }
    return true;
  } catch (e) {
    for (const transactionId of transactions) await databases.updateTransaction({ transactionId, rollback: true }).catch(() => undefined);
    if (!isConflict(e)) throw e;
    return false;
  }
}

/**
 * One line per document: what it held before the first fix and what it holds after the last.
 * @param {Fix[]} fixes
 * @returns {Fix[]}
 */
function merged(fixes) {
  /** @type {Map<string, Fix>} */
  const byMonth = new Map();
  for (const fix of fixes) {
    const first = byMonth.get(fix.month);
    byMonth.set(fix.month, first ? { month: fix.month, was: first.was, now: fix.now } : fix);
  }
  return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
}
