// The ledger's rules (issue 16, /tmp design "Money"), pure: no Appwrite here, so the functions, the
// bench and the property tests run the same code.
//
// An entry's `amount` is its signed effect on what the client owes (charge +, refund +, payment −,
// adjustment −); the balance is Σ amount over every entry, voided ones and their reversals included
// (they cancel). A reversal ("void") has −(original amount), the original's kind and type, and
// `voidsEntryId`; an entry is voided when some entry's voidsEntryId is its $id. Neither a voided
// entry nor a reversal takes part in allocations or aging ("active" entries do).
//
// Payments and adjustments carry `allocations` ([{entryId, amount}]): how much of them went to which
// charge, decided when they were recorded (oldest open charge first, or a chosen invoice's). What is
// not allocated is the client's credit pool, less active refunds; computeBalance applies that pool to
// the open charges oldest first, so a client shows either credit or open charges, not both.
//
// A refund may name the payment it pays back (`refundsEntryId`): it then shrinks that payment —
// first the part that was credit, then its allocations, last one first, so the charges it had paid
// are owed again — instead of coming out of the credit pool. Such a refund never exceeds what is
// left of the payment (`refundableOf`).
import { createHash } from 'node:crypto';

/**
 * @typedef {'charge' | 'payment' | 'adjustment' | 'refund'} EntryKind
 * @typedef {{ entryId: string, amount: number }} Allocation
 * @typedef {object} Entry
 * @property {string} $id
 * @property {EntryKind | string} kind
 * @property {string} [type]
 * @property {number} amount
 * @property {string} date YYYY-MM-DD
 * @property {string} [$createdAt]
 * @property {string | null} [voidsEntryId]
 * @property {string | null} [allocations] JSON
 * @property {string | null} [appointmentId]
 * @property {string | null} [invoiceId]
 * @property {string | null} [refundsEntryId] a refund's payment, when it pays back part or all of one
 * @typedef {{ entryId: string, date: string, open: number }} OpenCharge
 * @typedef {{ balance: number, credit: number, openCharges: OpenCharge[] }} Balance
 */

export const CHARGE_TYPES = ['session_fee', 'late_cancel_fee', 'no_show_fee', 'other'];
export const METHODS = ['cash', 'check', 'card', 'insurance', 'other'];
export const ADJUSTMENT_TYPES = ['discount', 'write_off'];

/**
 * The document id of the entry an idempotency key writes: a double submission (a double click, a
 * retried request) names the same document, which Appwrite stores once.
 * @param {string} userId
 * @param {string} key
 */
export function ledgerEntryId(userId, key) {
  return `l${createHash('sha256').update(`${userId}:${key}`).digest('hex').slice(0, 35)}`;
}

/**
 * An entry's stored allocations; anything malformed reads as none.
 * @param {unknown} value
 * @returns {Allocation[]}
 */
export function parseAllocations(value) {
  if (typeof value !== 'string' || value === '') return [];
  try {
    const list = /** @type {unknown} */ (JSON.parse(value));
    if (!Array.isArray(list)) return [];
    return list.filter((a) => a && typeof a.entryId === 'string' && Number.isInteger(a.amount) && a.amount > 0)
      .map((a) => ({ entryId: String(a.entryId), amount: Number(a.amount) }));
  } catch {
    return [];
  }
}

/**
 * Oldest first: by date, then by when it was written, then by id (a stable order for equal dates).
 * @param {Pick<Entry, 'date' | '$createdAt' | '$id'>} a
 * @param {Pick<Entry, 'date' | '$createdAt' | '$id'>} b
 */
export function byAge(a, b) {
  return a.date.localeCompare(b.date) || String(a.$createdAt ?? '').localeCompare(String(b.$createdAt ?? '')) || a.$id.localeCompare(b.$id);
}

/**
 * The ids of voided entries (those some reversal names).
 * @param {readonly Entry[]} entries
 */
export function voidedIds(entries) {
  const ids = new Set();
  for (const e of entries) if (e.voidsEntryId) ids.add(e.voidsEntryId);
  return /** @type {Set<string>} */ (ids);
}

/**
 * Entries that count in allocations and aging: neither voided nor a reversal.
 * @param {readonly Entry[]} entries
 */
export function activeEntries(entries) {
  const voided = voidedIds(entries);
  return entries.filter((e) => !e.voidsEntryId && !voided.has(e.$id));
}

/**
 * How much of each active payment the active refunds naming it have paid back (payment id → amount).
 * A refund naming a payment that is not active (voided) is not counted here: it comes out of the
 * credit pool like any other refund.
 * @param {readonly Entry[]} active
 * @returns {Map<string, number>}
 */
function refundedByPayment(active) {
  const payments = new Set(active.filter((e) => e.kind === 'payment').map((e) => e.$id));
  /** @type {Map<string, number>} */
  const out = new Map();
  for (const e of active) {
    if (e.kind === 'refund' && e.refundsEntryId && payments.has(e.refundsEntryId)) out.set(e.refundsEntryId, (out.get(e.refundsEntryId) ?? 0) + e.amount);
  }
  return out;
}

/**
 * What is left to refund of a payment: its amount less the active refunds naming it; null when it
 * is not an active payment among `entries` (unknown, voided, a reversal, another kind).
 * @param {readonly Entry[]} entries the client's entries
 * @param {string} paymentId
 * @returns {number | null}
 */
export function refundableOf(entries, paymentId) {
  const active = activeEntries(entries);
  const payment = active.find((e) => e.$id === paymentId && e.kind === 'payment');
  if (!payment) return null;
  return Math.max(0, -payment.amount - (refundedByPayment(active).get(paymentId) ?? 0));
}

/**
 * What the allocations recorded say, before the credit pool is applied: each active charge's
 * explicitly open amount (its amount less the active payments' and adjustments' allocations to it,
 * never below 0), and the pool (unallocated credit less active refunds; negative when refunds exceed
 * it after a payment was voided).
 * @param {readonly Entry[]} entries
 */
export function allocationState(entries) {
  const active = activeEntries(entries);
  /** @type {Map<string, { entry: Entry, open: number, paid: number }>} */
  const charges = new Map();
  for (const e of active) if (e.kind === 'charge' && e.amount > 0) charges.set(e.$id, { entry: e, open: e.amount, paid: 0 });
  let pool = 0;
  const credits = active.filter((e) => e.kind === 'payment' || e.kind === 'adjustment').sort(byAge);
  const refunded = refundedByPayment(active);
  for (const credit of credits) {
    let left = Math.max(0, -credit.amount - (refunded.get(credit.$id) ?? 0));
    for (const a of parseAllocations(credit.allocations)) {
      const charge = charges.get(a.entryId);
      if (!charge) continue; // a voided charge: the allocation is credit again
      const applied = Math.min(a.amount, charge.open, left);
      charge.open -= applied;
      charge.paid += applied;
      left -= applied;
    }
    pool += left;
  }
  for (const e of active) {
    if (e.kind === 'refund' && !(e.refundsEntryId && refunded.has(e.refundsEntryId))) pool -= e.amount;
    // A charge entered with a negative amount (not written by the functions) lowers what is owed like credit.
    if (e.kind === 'charge' && e.amount < 0) pool -= e.amount;
  }
  return { charges, pool };
}

/**
 * The client's balance from ALL of their entries (the cache in client_balances must equal this):
 * balance = Σ amount; credit = the pool left after it is applied to the open charges oldest first;
 * openCharges = the charges with something still owed after that, oldest first.
 * @param {readonly Entry[]} entries
 * @returns {Balance}
 */
export function computeBalance(entries) {
  let balance = 0;
  for (const e of entries) balance += e.amount;
  const { charges, pool } = allocationState(entries);
  let left = Math.max(0, pool);
  /** @type {OpenCharge[]} */
  const openCharges = [];
  for (const { entry, open } of [...charges.values()].sort((x, y) => byAge(x.entry, y.entry))) {
    if (open === 0) continue;
    const covered = Math.min(open, left);
    left -= covered;
    if (open > covered) openCharges.push({ entryId: entry.$id, date: entry.date, open: open - covered });
  }
  return { balance, credit: left, openCharges };
}

/**
 * How much of `amount` goes to which charge: to the explicitly open charges oldest first (only those
 * in `onlyIds` when given: a chosen invoice's). The rest is credit.
 * @param {readonly Entry[]} entries the client's entries
 * @param {number} amount > 0
 * @param {ReadonlySet<string> | null} [onlyIds]
 * @returns {{ allocations: Allocation[], unallocated: number }}
 */
export function allocate(entries, amount, onlyIds = null) {
  const { charges } = allocationState(entries);
  /** @type {Allocation[]} */
  const allocations = [];
  let left = amount;
  for (const { entry, open } of [...charges.values()].sort((x, y) => byAge(x.entry, y.entry))) {
    if (left === 0) break;
    if (open === 0 || (onlyIds && !onlyIds.has(entry.$id))) continue;
    const applied = Math.min(open, left);
    allocations.push({ entryId: entry.$id, amount: applied });
    left -= applied;
  }
  return { allocations, unallocated: left };
}

/** The charge type each attendance status bills; other statuses bill nothing. */
export const ATTENDANCE_CHARGE = /** @type {const} */ ({ show: 'session_fee', late_cancelled: 'late_cancel_fee', no_show: 'no_show_fee' });
/** @type {string[]} */
export const ATTENDANCE_TYPES = Object.values(ATTENDANCE_CHARGE);

/**
 * The attendance charge an appointment wants: its status's type and feeAmount, when the fee is
 * above 0 and not waived, and for an attended session when the therapist has not decided it is
 * free of charge (noChargeAt, issue 29); else null.
 * @param {{ status?: unknown, feeAmount?: unknown, feeWaived?: unknown, noChargeAt?: unknown }} appointment
 * @returns {{ type: string, amount: number } | null}
 */
export function wantedAttendanceCharge(appointment) {
  const type = ATTENDANCE_CHARGE[/** @type {keyof typeof ATTENDANCE_CHARGE} */ (String(appointment.status))];
  const amount = appointment.feeAmount;
  if (!type || typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0 || appointment.feeWaived === true) return null;
  if (isNoChargeDecided(appointment)) return null;
  return { type, amount };
}

/**
 * Whether the therapist decided an attended session is not charged ("No charge", kept with who and
 * when on the appointment).
 * @param {Record<string, unknown>} appointment
 */
export function isNoChargeDecided(appointment) {
  return appointment['status'] === 'show' && typeof appointment['noChargeAt'] === 'string' && appointment['noChargeAt'] !== '';
}

/**
 * What attendance-charges does for an appointment, given the appointment's ledger entries: nothing
 * when its active attendance charge is already the wanted one; otherwise void the active one (if
 * any) and charge the wanted one (if any), together. `newKey` is the idempotency key of the new
 * charge: `attendance:<appointmentId>:<statusHistory length>`, or with `:<n>` (the number of
 * attendance charges the appointment has had) when that id is taken — a waiver undone or a fee
 * changed without a new status — so two runs on the same state agree on it.
 * @param {{ $id: string, status?: unknown, feeAmount?: unknown, feeWaived?: unknown, noChargeAt?: unknown, statusHistory?: unknown }} appointment
 * @param {readonly Entry[]} entries the appointment's entries (appointmentId = its $id)
 * @param {(key: string) => string} idOf the entry id a key gives (ledgerEntryId for the therapist)
 * Should more than one attendance charge stand (never written so, but a ledger is read as it is),
 * every one but the one that is wanted is reversed.
 * @returns {{ reverse: Entry[], charge: { type: string, amount: number, key: string } | null }}
 */
export function attendanceDecision(appointment, entries, idOf) {
  const wanted = wantedAttendanceCharge(appointment);
  const attendance = entries.filter((e) => e.kind === 'charge' && ATTENDANCE_TYPES.includes(String(e.type)) && e.appointmentId === appointment.$id);
  const active = activeEntries(attendance).sort(byAge);
  const kept = wanted ? active.findLast((e) => e.type === wanted.type && e.amount === wanted.amount) ?? null : null;
  const reverse = active.filter((e) => e !== kept);
  if (!wanted || kept) return { reverse, charge: null };
  const length = Array.isArray(appointment.statusHistory) ? appointment.statusHistory.length : 0;
  const ids = new Set(attendance.map((e) => e.$id));
  let key = `attendance:${appointment.$id}:${length}`;
  if (ids.has(idOf(key))) {
    let n = attendance.filter((e) => !e.voidsEntryId).length;
    while (ids.has(idOf(`${key}:${n}`))) n += 1;
    key = `${key}:${n}`;
  }
  return { reverse, charge: { ...wanted, key } };
}

/**
 * The reversal of an entry, as stored data (without ids and permissions).
 * @param {Entry & Record<string, unknown>} entry
 * @param {string} reason
 * @param {string} date YYYY-MM-DD
 */
export function reversalOf(entry, reason, date) {
  return {
    userId: entry['userId'], clientId: entry['clientId'], kind: entry.kind, type: entry.type, amount: -entry.amount, currency: entry['currency'],
    date, reason, voidsEntryId: entry.$id, appointmentId: entry.appointmentId ?? null, invoiceId: entry.invoiceId ?? null,
    ...(entry.refundsEntryId ? { refundsEntryId: entry.refundsEntryId } : {}),
  };
}
