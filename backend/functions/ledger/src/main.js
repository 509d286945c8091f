// ledger (issue 16 "The ledger", "Payments"): the signed-in therapist records a payment, an
// adjustment, a refund or another charge for one of their clients, or voids an entry. Entries are
// append-only (read("user:<id>") only, written here with the function's key); a mistake is
// corrected by a reversing entry linked to it. Each write lands with its allocations, any invoice's
// status change and the client's recomputed balance in one transaction (lib/money-store.js).
//
// Body (JSON) {action, …, idempotencyKey} — the key (a fresh crypto.randomUUID() per form
// submission) names the entry's document, so a double submission writes one entry and the repeat
// is answered with it (200):
//   payment:    clientId, amount (> 0, minor units), method (cash|check|card|insurance|other), date,
//               reference?, memo?, invoiceId? → applied to that invoice's open charges, else the
//               oldest open charges; the rest is the client's credit.
//   adjustment: clientId, amount, type (discount|write_off), reason, date, memo?, appointmentId? → applied like a payment.
//   refund:     clientId, amount, method, date, reference?, memo? → at most the client's credit (409);
//               with paymentId (one of the client's payments): pays back part or all of that payment
//               (method defaults to the payment's), at most what is left of it (409) — the charges it
//               paid are owed again (lib/ledger.js). The entry names it in refundsEntryId.
//   charge:     clientId, amount, date, memo (required) → type other.
//   void:       entryId, reason → the reversing entry (key void:<entryId>: once per entry). A reversal
//               can't be voided; a charge that follows attendance is changed through the appointment.
//   repair:     (nothing else) → recomputes the practice's ledger_totals from all of its entries and
//               writes what was missing or stale (issue 35, lib/totals-repair.js): 200 {success:true,
//               entries, months, fixed:[{month, was, now}]} — `was` null for a document that was missing.
// → 201 {success:true, entry, allocated, credit, balance} (200 for a repeat); entry without memo,
//   reason or reference (Appwrite keeps execution answers).
// Refusals {success:false, error, field?}: 400 bad input, 401 not signed in, 404 client, invoice or
// entry not the caller's, 409 (refund over the credit or the payment, refund of a voided payment, void
// of a reversal or of a refunded payment, busy), 500.
import {
  activeEntries, ADJUSTMENT_TYPES, ATTENDANCE_TYPES, computeBalance, ledgerEntryId, METHODS, refundableOf, reversalOf,
} from '../../lib/ledger.js';
import { creditEntry, record } from '../../lib/ledger-record.js';
import { money } from '../../lib/money-format.js';
import { moneyFunction } from '../../lib/money-function.js';
import { repairTotals } from '../../lib/totals-repair.js';
import {
  amountOf, currencyOf, dateIn, dateOf, idOf, ownOr404, practiceOf, Refusal, storedEntry, textOf, zoneOf,
} from '../../lib/money-store.js';

/**
 * @typedef {import('../../lib/money-store.js').StoredEntry} StoredEntry
 * @typedef {import('../../lib/money-function.js').Run} Run
 */

const CLIENT_NOT_FOUND = 'This client could not be found.';
const ENTRY_NOT_FOUND = 'This entry could not be found.';
const PAYMENT_NOT_FOUND = 'This payment could not be found.';
const KEY_RE = /^[A-Za-z0-9:_-]{8,100}$/;

/** @param {Record<string, unknown>} body */
function keyOf(body) {
  const key = body['idempotencyKey'];
  if (typeof key !== 'string' || !KEY_RE.test(key)) throw new Refusal(400, 'idempotencyKey is missing: send a new one with each submission.', 'idempotencyKey');
  return key;
}

/**
 * @param {Record<string, unknown>} body
 * @param {readonly string[]} allowed
 */
function methodOf(body, allowed) {
  const value = body['method'];
  if (typeof value !== 'string' || !allowed.includes(value)) throw new Refusal(400, 'Choose how it was paid.', 'method');
  return value;
}

/**
 * payment and adjustment: allocated to a chosen invoice's open charges, else the oldest.
 * @param {Run} run
 * @param {Record<string, unknown>} body
 * @param {'payment' | 'adjustment'} kind
 */
async function credit(run, body, kind) {
  const key = keyOf(body);
  const clientId = idOf(body, 'clientId', 'Choose a client.');
  const amount = amountOf(body);
  const date = dateOf(body, 'date');
  const type = kind === 'payment' ? methodOf(body, METHODS) : String(body['type'] ?? '');
  if (kind === 'adjustment' && !ADJUSTMENT_TYPES.includes(type)) throw new Refusal(400, 'Choose discount or write-off.', 'type');
  const reason = kind === 'adjustment' ? textOf(body, 'reason', 200, 'Enter a reason.') : null;
  const memo = textOf(body, 'memo', 500);
  const reference = kind === 'payment' ? textOf(body, 'reference', 100) : null;
  const appointmentId = kind === 'adjustment' && body['appointmentId'] ? idOf(body, 'appointmentId', 'This appointment could not be found.') : null;
  await ownOr404(run.databases, run.c.databaseId, run.c.clients, clientId, run.userId, CLIENT_NOT_FOUND);
  /** @type {string | null} */
  let invoiceId = null;
  if (kind === 'payment' && body['invoiceId']) {
    invoiceId = idOf(body, 'invoiceId', 'This invoice could not be found.');
    const invoice = await ownOr404(run.databases, run.c.databaseId, run.c.clientInvoices, invoiceId, run.userId, 'This invoice could not be found.');
    if (invoice['clientId'] !== clientId) throw new Refusal(404, 'This invoice could not be found.', 'invoiceId');
    if (invoice['status'] === 'void') throw new Refusal(409, 'This invoice is void. Apply the payment to the oldest charges instead.', 'invoiceId');
  }
  if (appointmentId) await ownOr404(run.databases, run.c.databaseId, run.c.appointments, appointmentId, run.userId, 'This appointment could not be found.');
  const currency = currencyOf(await practiceOf(run.databases, run.c, run.userId));
  return record(run, clientId, ledgerEntryId(run.userId, key), currency, (state) => creditEntry(state, {
    userId: run.userId, clientId, kind, type, amount, currency, date, memo, reference, reason, appointmentId, invoiceId,
  }));
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function refund(run, body) {
  const key = keyOf(body);
  const clientId = idOf(body, 'clientId', 'Choose a client.');
  const amount = amountOf(body);
  const date = dateOf(body, 'date');
  const paymentId = body['paymentId'] ? idOf(body, 'paymentId', PAYMENT_NOT_FOUND) : null;
  const memo = textOf(body, 'memo', 500);
  const reference = textOf(body, 'reference', 100);
  await ownOr404(run.databases, run.c.databaseId, run.c.clients, clientId, run.userId, CLIENT_NOT_FOUND);
  const payment = paymentId ? await storedEntry(run.databases, run.c, paymentId, run.userId) : null;
  if (paymentId && (!payment || payment['clientId'] !== clientId || payment.kind !== 'payment' || payment.voidsEntryId)) throw new Refusal(404, PAYMENT_NOT_FOUND, 'paymentId');
  // Issue 33: money paid through Stripe goes back through Stripe (card-payments refund), never only on paper.
  if (payment?.['paymentIntentId']) throw new Refusal(409, 'This card payment is refunded to the card: use Refund to card.', 'paymentId');
  const method = payment && (body['method'] === undefined || body['method'] === null || body['method'] === '') ? String(payment.type) : methodOf(body, METHODS);
  const currency = currencyOf(await practiceOf(run.databases, run.c, run.userId));
  return record(run, clientId, ledgerEntryId(run.userId, key), currency, ({ entries }) => {
    if (paymentId) {
      const left = refundableOf(entries, paymentId);
      if (left === null) throw new Refusal(409, 'This payment was voided, so there is nothing of it to refund.', 'paymentId');
      if (amount > left) throw new Refusal(409, `A refund can't be more than what is left of this payment: ${money(left, currency)}.`, 'amount');
      return { userId: run.userId, clientId, kind: 'refund', type: method, amount, currency, date, memo, reference, refundsEntryId: paymentId };
    }
    const { credit: available } = computeBalance(entries);
    if (amount > available) throw new Refusal(409, `A refund can't be more than the client's credit of ${money(available, currency)}.`, 'amount');
    return { userId: run.userId, clientId, kind: 'refund', type: method, amount, currency, date, memo, reference };
  });
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function charge(run, body) {
  const key = keyOf(body);
  const clientId = idOf(body, 'clientId', 'Choose a client.');
  const amount = amountOf(body);
  const date = dateOf(body, 'date');
  const memo = textOf(body, 'memo', 500, 'Say what the charge is for.');
  await ownOr404(run.databases, run.c.databaseId, run.c.clients, clientId, run.userId, CLIENT_NOT_FOUND);
  const currency = currencyOf(await practiceOf(run.databases, run.c, run.userId));
  return record(run, clientId, ledgerEntryId(run.userId, key), currency, () => ({
    userId: run.userId, clientId, kind: 'charge', type: 'other', amount, currency, date, memo,
  }));
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function voidEntry(run, body) {
  const entryId = idOf(body, 'entryId', 'Say which entry to void.');
  const reason = textOf(body, 'reason', 200, 'Enter a reason.') ?? '';
  const original = await storedEntry(run.databases, run.c, entryId, run.userId);
  if (!original) throw new Refusal(404, ENTRY_NOT_FOUND);
  if (original.voidsEntryId) throw new Refusal(409, 'This entry is itself a void and can’t be voided.');
  if (original.kind === 'charge' && ATTENDANCE_TYPES.includes(String(original.type)) && original.appointmentId) {
    throw new Refusal(409, 'This charge follows the appointment’s attendance: change the attendance or waive the fee there, or record an adjustment.');
  }
  const practice = await practiceOf(run.databases, run.c, run.userId);
  const date = dateIn(new Date(), zoneOf(practice));
  return record(run, String(original['clientId']), ledgerEntryId(run.userId, `void:${entryId}`), currencyOf(practice), ({ entries }) => {
    // A payment's refunds pay back part of it: voiding it under them would leave refunds of nothing.
    if (original.kind === 'payment' && activeEntries(entries).some((e) => e.kind === 'refund' && e.refundsEntryId === entryId)) {
      throw new Refusal(409, 'This payment has been refunded: void its refunds first.');
    }
    return reversalOf(original, reason, date);
  });
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 * @returns {Promise<{ status: number, body: Record<string, unknown> }>}
 */
async function dispatch(run, body) {
  switch (body['action']) {
    case 'payment': return credit(run, body, 'payment');
    case 'adjustment': return credit(run, body, 'adjustment');
    case 'refund': return refund(run, body);
    case 'charge': return charge(run, body);
    case 'void': return voidEntry(run, body);
    case 'repair': return { status: 200, body: { success: true, ...await repairTotals(run) } };
    default: throw new Refusal(400, 'Say what to record: payment, adjustment, refund, charge, void or repair.', 'action');
  }
}

export default moneyFunction({
  name: 'ledger', field: 'action', signedOut: 'Sign in to record payments.', failed: 'This could not be recorded. Please try again.', handle: dispatch,
});
