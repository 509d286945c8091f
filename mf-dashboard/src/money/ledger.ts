import type { OwnedDocument } from '../shared/practice-collections.ts';
import { moneyInputText } from '@cadence/shared-auth/money';
import type { PlainDate } from '../schedule/calendar-dates.ts';
import type { EntryKind } from './ledger-kinds.ts';

// The client ledger (issue #16) as the dashboard reads it: append-only entries written by the
// ledger, invoices and attendance-charges functions (contract: backend/functions/ledger). Amounts
// are integer minor units, SIGNED by their effect on what the client owes — charge and refund +,
// payment and adjustment − — so a balance is the plain sum, positive when the client owes.

export const CHARGE_TYPES = ['session_fee', 'late_cancel_fee', 'no_show_fee', 'other'] as const;
export const PAYMENT_METHODS = ['cash', 'check', 'card', 'insurance', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ADJUSTMENT_TYPES = ['discount', 'write_off'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

export const ENTRY_KIND_LABELS: Record<EntryKind, string> = { charge: 'Charge', payment: 'Payment', adjustment: 'Adjustment', refund: 'Refund' };

export const ENTRY_TYPE_LABELS: Record<string, string> = {
  session_fee: 'Session fee',
  late_cancel_fee: 'Late-cancel fee',
  no_show_fee: 'No-show fee',
  other: 'Other',
  cash: 'Cash',
  check: 'Check',
  card: 'Card (taken elsewhere)',
  insurance: 'Insurance',
  discount: 'Discount',
  write_off: 'Write-off',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card (taken elsewhere)',
  insurance: 'Insurance',
  other: 'Other',
};

export interface Allocation {
  entryId: string;
  amount: number;
}

export interface LedgerEntry {
  userId: string;
  clientId: string;
  kind: EntryKind;
  type: string;
  amount: number;
  currency: string;
  date: PlainDate;
  memo: string | null;
  reference: string | null;
  reason: string | null;
  appointmentId: string | null;
  invoiceId: string | null;
  voidsEntryId: string | null;
  allocations: string | null;
  /** A refund's payment, when it pays back part or all of one. */
  refundsEntryId: string | null;
  /** A card payment's Stripe PaymentIntent (issue 33): it is refunded to the card, through Stripe. */
  paymentIntentId?: string | null;
}

export type LedgerEntryDocument = OwnedDocument<LedgerEntry>;

export interface ClientBalance {
  userId: string;
  clientId: string;
  balance: number;
  credit: number;
  /** JSON `[{"entryId","date","open"}]`: charges with something still owed, oldest first. */
  openCharges: string | null;
  lastEntryDate: string | null;
  currency: string;
}

export type ClientBalanceDocument = OwnedDocument<ClientBalance>;

export const INVOICE_STATUSES = ['draft', 'issued', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { draft: 'Draft', issued: 'Issued', paid: 'Paid', void: 'Void' };

export interface ClientInvoice {
  userId: string;
  clientId: string;
  seq: number;
  number: string;
  status: InvoiceStatus;
  issueDate: string | null;
  dueDate: string | null;
  periodStart: string;
  periodEnd: string;
  entryIds: string[];
  total: number;
  currency: string;
  emailedAt: string | null;
  voidReason: string | null;
}

export type ClientInvoiceDocument = OwnedDocument<ClientInvoice>;

/** An entry as stored, with absent optional fields as null. */
export function entryFromDocument(document: LedgerEntryDocument): LedgerEntryDocument {
  return {
    ...document,
    memo: document.memo ?? null,
    reference: document.reference ?? null,
    reason: document.reason ?? null,
    appointmentId: document.appointmentId ?? null,
    invoiceId: document.invoiceId ?? null,
    voidsEntryId: document.voidsEntryId ?? null,
    allocations: document.allocations ?? null,
    refundsEntryId: document.refundsEntryId ?? null,
    paymentIntentId: document.paymentIntentId ?? null,
  };
}

/** "Session fee", "Payment · Cash", "Void of Payment · Cash". */
export function entryLabel(entry: Pick<LedgerEntry, 'kind' | 'type' | 'voidsEntryId'>): string {
  const type = ENTRY_TYPE_LABELS[entry.type] ?? entry.type;
  const base = entry.kind === 'charge' ? type : `${ENTRY_KIND_LABELS[entry.kind]} · ${type}`;
  return entry.voidsEntryId ? `Void of ${base}` : base;
}

/** The ids of voided entries: those some reversing entry names. */
export function voidedIds(entries: readonly Pick<LedgerEntry, 'voidsEntryId'>[]): Set<string> {
  const ids = new Set<string>();
  for (const entry of entries) if (entry.voidsEntryId) ids.add(entry.voidsEntryId);
  return ids;
}

/** A charge that follows an appointment's attendance: changed by the attendance (or an adjustment), never voided by hand. */
export function isAttendanceCharge(entry: Pick<LedgerEntry, 'kind' | 'type' | 'appointmentId'>): boolean {
  return entry.kind === 'charge' && entry.appointmentId !== null && (CHARGE_TYPES as readonly string[]).includes(entry.type) && entry.type !== 'other';
}

/** Whether an entry can be voided: not itself a reversal, not voided already, not an attendance charge. */
export function canVoid(entry: Pick<LedgerEntryDocument, '$id' | 'voidsEntryId' | 'kind' | 'type' | 'appointmentId'>, voided: ReadonlySet<string>): boolean {
  return entry.voidsEntryId === null && !voided.has(entry.$id) && !isAttendanceCharge(entry);
}

/** Whether an entry is a payment that stands: not a reversal, not voided (one that can be refunded). */
export function isActivePayment(entry: Pick<LedgerEntryDocument, '$id' | 'kind' | 'voidsEntryId'>, voided: ReadonlySet<string>): boolean {
  return entry.kind === 'payment' && entry.voidsEntryId === null && !voided.has(entry.$id);
}

/** How much of each payment its standing refunds have paid back (payment id → amount). */
export function refundedByPayment(entries: readonly Pick<LedgerEntryDocument, '$id' | 'kind' | 'amount' | 'voidsEntryId' | 'refundsEntryId'>[]): Map<string, number> {
  const voided = voidedIds(entries);
  const refunded = new Map<string, number>();
  for (const entry of entries) {
    if (entry.kind !== 'refund' || !entry.refundsEntryId || entry.voidsEntryId !== null || voided.has(entry.$id)) continue;
    refunded.set(entry.refundsEntryId, (refunded.get(entry.refundsEntryId) ?? 0) + entry.amount);
  }
  return refunded;
}

/**
 * What is left to refund of each standing payment among a client's entries, as the dialog offers it
 * (the ledger function decides: backend/functions/lib/ledger.js refundableOf).
 */
export function refundablePayments<T extends Pick<LedgerEntryDocument, '$id' | 'kind' | 'amount' | 'voidsEntryId' | 'refundsEntryId'>>(entries: readonly T[]): { payment: T; left: number }[] {
  const voided = voidedIds(entries);
  const refunded = refundedByPayment(entries);
  return entries.filter((entry) => isActivePayment(entry, voided)).map((payment) => ({ payment, left: Math.max(0, -payment.amount - (refunded.get(payment.$id) ?? 0)) }));
}

/** Balance = Σ amount (positive: the client owes; negative: credit). */
export function balanceOf(entries: readonly Pick<LedgerEntry, 'amount'>[]): number {
  let sum = 0;
  for (const entry of entries) sum += entry.amount;
  return sum;
}

/**
 * The running balance after each entry of a list shown newest first: the newest row carries the
 * sum of all, each older row that minus what came after it. `total` is the sum of every entry the
 * list stands for and `before` the sum of the rows above this page (server paging: the page is a
 * window on a longer list).
 */
export function runningBalances(rowsNewestFirst: readonly Pick<LedgerEntry, 'amount'>[], total: number, before = 0): number[] {
  const out: number[] = [];
  let balance = total - before;
  for (const row of rowsNewestFirst) {
    out.push(balance);
    balance -= row.amount;
  }
  return out;
}

export function parseAllocations(text: string | null | undefined): Allocation[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((item): item is Allocation => typeof item === 'object' && item !== null && typeof item.entryId === 'string' && Number.isSafeInteger(item.amount));
  } catch {
    return [];
  }
}

export interface OpenCharge {
  entryId: string;
  date: PlainDate;
  open: number;
}

export function parseOpenCharges(text: string | null | undefined): OpenCharge[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((item): item is OpenCharge => typeof item === 'object' && item !== null && typeof item.entryId === 'string' && typeof item.date === 'string' && Number.isSafeInteger(item.open));
  } catch {
    return [];
  }
}

export const AGING_BUCKETS = ['current', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = { current: '0–30 days', days31to60: '31–60 days', days61to90: '61–90 days', over90: '90+ days' };

export type Aging = Record<AgingBucket, number>;

export const emptyAging = (): Aging => ({ current: 0, days31to60: 0, days61to90: 0, over90: 0 });

/** Whole days from `from` to `to` (plain dates, no zone: both are the practice's calendar days). */
export function daysBetween(from: PlainDate, to: PlainDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function agingBucket(days: number): AgingBucket {
  if (days <= 30) return 'current';
  if (days <= 60) return 'days31to60';
  if (days <= 90) return 'days61to90';
  return 'over90';
}

/** What each open charge still owes, by how old it is on `today` (the charge's date counts as day 0). */
export function agingOf(openCharges: readonly OpenCharge[], today: PlainDate): Aging {
  const aging = emptyAging();
  for (const charge of openCharges) {
    if (charge.open <= 0) continue;
    aging[agingBucket(Math.max(0, daysBetween(charge.date, today)))] += charge.open;
  }
  return aging;
}

/** The oldest open charge's date, or null when nothing is owed. */
export function oldestOpenDate(openCharges: readonly OpenCharge[]): PlainDate | null {
  let oldest: PlainDate | null = null;
  for (const charge of openCharges) if (charge.open > 0 && (oldest === null || charge.date < oldest)) oldest = charge.date;
  return oldest;
}

export interface AllocationPreview {
  /** What goes to charges. */
  applied: number;
  /** What is left over and kept as the client's credit. */
  credit: number;
}

/**
 * How a payment of `amount` will land, as the dialog says before it is recorded: against the chosen
 * invoice's open amount, or else the client's open charges; the rest becomes credit. The function
 * decides (this is the preview of backend/functions/lib/ledger.js's allocation).
 */
export function previewAllocation(amount: number, owed: number): AllocationPreview {
  const applied = Math.max(0, Math.min(amount, owed));
  return { applied, credit: Math.max(0, amount - applied) };
}

/** The open amount of the given charges (an invoice's lines) in the balance's open charges. */
export function openAmountOf(chargeIds: readonly string[], openCharges: readonly OpenCharge[]): number {
  const wanted = new Set(chargeIds);
  return openCharges.reduce((sum, charge) => (wanted.has(charge.entryId) ? sum + Math.max(0, charge.open) : sum), 0);
}

/**
 * An amount as a CSV cell: "120.50" as text for what is zero or more; a negative amount as a number
 * (-40), since text starting with "-" is defused as a formula and would no longer add up.
 */
export function amountCell(amount: number, currency: string): string | number {
  const text = moneyInputText(amount, currency);
  return amount < 0 ? Number(text) : text;
}

/** A sentence's full stop, not doubled after a name that ends with one ("Jane D."). */
export const endSentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);
