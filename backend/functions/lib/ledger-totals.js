// Issue 35: the practice's ledger totals, kept by the money functions the way one keeps them on
// Appwrite, which has no SUM query. Collection `ledger_totals`, read("user:<id>") only, written only
// with the functions' key:
//   - one document per therapist and month (`month` YYYY-MM, by each entry's date — a void is dated
//     the day it was made, so it counts in that month): per kind (charge, payment, adjustment,
//     refund) the Σ of the amounts as stored (signed: a payment is negative, its void positive) and
//     the number of entries, reversals included — what All Transactions and Income add up;
//   - one document per therapist with `month` 'all': what clients owe in all (Σ max(0, balance)) and
//     the credit they hold (Σ credit), by each client's balance as computeBalance has it — the money
//     card's Outstanding and the Outstanding report's total.
// Each write for a client adds its change to these in the same transaction as its entries
// (lib/money-store.js, atomic increments). A practice whose `all` document is missing has no
// maintained totals (its entries predate them): writes leave them alone and readers page the
// entries until `ledger {action:'repair'}` recomputes them (repairTotals below).
import { createHash } from 'node:crypto';
import { computeBalance } from './ledger.js';

/**
 * @typedef {import('./ledger.js').Entry & Record<string, unknown>} StoredEntry
 * @typedef {'charge' | 'payment' | 'adjustment' | 'refund'} TotalKind
 * @typedef {Record<string, number>} Fields  attribute → value (or change)
 */

/** @type {readonly TotalKind[]} */
export const TOTAL_KINDS = ['charge', 'payment', 'adjustment', 'refund'];
/** The month of the practice-wide document. */
export const ALL = 'all';
/** Every numeric attribute of a month document. */
export const MONTH_FIELDS = TOTAL_KINDS.flatMap((kind) => [`${kind}Amount`, `${kind}Count`]);
/** Every numeric attribute of the practice-wide document. */
export const BALANCE_FIELDS = ['owed', 'credit'];

/**
 * The document id of a therapist's totals for a month (or ALL): 't' + 35 hex of SHA-256, as ledger
 * entries are named, so every writer names the same document.
 * @param {string} userId
 * @param {string} month
 */
export function totalsDocumentId(userId, month) {
  return `t${createHash('sha256').update(`${userId}:totals:${month}`).digest('hex').slice(0, 35)}`;
}

/** @param {string} date YYYY-MM-DD */
export const monthOf = (date) => date.slice(0, 7);

/** @returns {Fields} */
const zeroMonth = () => Object.fromEntries(MONTH_FIELDS.map((f) => [f, 0]));

/**
 * Per month, the kinds' sums and counts of `entries` (unknown kinds are left out).
 * @param {readonly StoredEntry[]} entries
 * @returns {Map<string, Fields>}
 */
export function monthTotals(entries) {
  /** @type {Map<string, Fields>} */
  const months = new Map();
  for (const e of entries) {
    if (!TOTAL_KINDS.includes(/** @type {TotalKind} */ (e.kind))) continue;
    const month = monthOf(e.date);
    let fields = months.get(month);
    if (!fields) months.set(month, (fields = zeroMonth()));
    fields[`${e.kind}Amount`] = (fields[`${e.kind}Amount`] ?? 0) + e.amount;
    fields[`${e.kind}Count`] = (fields[`${e.kind}Count`] ?? 0) + 1;
  }
  return months;
}

/**
 * What one client's entries add to the practice-wide document.
 * @param {readonly StoredEntry[]} entries the client's
 * @returns {Fields}
 */
export function clientBalanceFields(entries) {
  if (entries.length === 0) return { owed: 0, credit: 0 };
  const { balance, credit } = computeBalance(entries);
  return { owed: Math.max(0, balance), credit };
}

/**
 * The change a write makes: the new entries' month totals, and the client's balance fields after
 * less before. Zero changes are left out.
 * @param {readonly StoredEntry[]} before the client's entries as stored
 * @param {readonly StoredEntry[]} added the write's new entries
 * @returns {{ months: Map<string, Fields>, balances: Fields }}
 */
export function totalsChange(before, added) {
  const months = monthTotals(added);
  const was = clientBalanceFields(before);
  const now = clientBalanceFields([...before, ...added]);
  /** @type {Fields} */
  const balances = {};
  for (const f of BALANCE_FIELDS) if ((now[f] ?? 0) !== (was[f] ?? 0)) balances[f] = (now[f] ?? 0) - (was[f] ?? 0);
  return { months, balances };
}

/**
 * Every totals document a practice's entries make, recomputed from all of them: month → fields,
 * with ALL → the balance fields.
 * @param {readonly StoredEntry[]} entries every entry of the therapist
 * @returns {Map<string, Fields>}
 */
export function practiceTotals(entries) {
  const totals = monthTotals(entries);
  /** @type {Map<string, StoredEntry[]>} */
  const byClient = new Map();
  for (const e of entries) {
    const id = String(e['clientId'] ?? '');
    const list = byClient.get(id);
    if (list) list.push(e);
    else byClient.set(id, [e]);
  }
  const all = { owed: 0, credit: 0 };
  for (const list of byClient.values()) {
    const fields = clientBalanceFields(list);
    all.owed += fields['owed'] ?? 0;
    all.credit += fields['credit'] ?? 0;
  }
  totals.set(ALL, all);
  return totals;
}

/**
 * The fields of a stored totals document (missing attributes read as 0).
 * @param {Record<string, unknown>} document
 * @returns {Fields}
 */
export function storedFields(document) {
  const names = document['month'] === ALL ? BALANCE_FIELDS : MONTH_FIELDS;
  return Object.fromEntries(names.map((f) => [f, typeof document[f] === 'number' ? Number(document[f]) : 0]));
}

/**
 * What a repair finds: for each document that is missing, stale or should not be there, what it
 * holds and what it should hold (a month without entries should hold nothing: all zeros).
 * @param {Map<string, Fields>} wanted practiceTotals
 * @param {Map<string, Record<string, unknown>>} stored month → stored document
 * @returns {Array<{ month: string, was: Fields | null, now: Fields }>}
 */
export function totalsDifferences(wanted, stored) {
  /** @type {Array<{ month: string, was: Fields | null, now: Fields }>} */
  const out = [];
  const months = [...new Set([...wanted.keys(), ...stored.keys()])].sort();
  for (const month of months) {
    const document = stored.get(month);
    const was = document ? storedFields(document) : null;
    const now = wanted.get(month) ?? (month === ALL ? { owed: 0, credit: 0 } : zeroMonth());
    const same = was !== null && Object.keys(now).every((f) => was[f] === now[f]);
    if (!same) out.push({ month, was, now });
  }
  return out;
}
