import { parseMoney } from '@cadence/shared-auth/money';
import { isPlainDate } from '../schedule/calendar-dates.ts';
import { ADJUSTMENT_TYPES, PAYMENT_METHODS, type AdjustmentType, type PaymentMethod } from './ledger.ts';

// The money dialogs' forms: what a person typed, checked field by field with the same plain words
// the ledger function answers with, before anything is sent.

export type EntryFormKind = 'payment' | 'adjustment' | 'refund' | 'charge';

export interface EntryFormValues {
  clientId: string;
  amount: string;
  method: PaymentMethod | '';
  adjustmentType: AdjustmentType | '';
  date: string;
  reference: string;
  memo: string;
  reason: string;
  /** '' applies a payment to the oldest unpaid charges. */
  invoiceId: string;
  /** A refund's payment; '' refunds the client's credit. */
  paymentId: string;
}

export type EntryField = keyof EntryFormValues;
export type EntryErrors = Partial<Record<EntryField, string>>;

export const ENTRY_LIMITS = { memo: 500, reference: 100, reason: 200 } as const;

export const ENTRY_MESSAGES = {
  client: 'Choose a client.',
  amountZero: 'Enter an amount greater than zero.',
  method: 'Choose how it was paid.',
  adjustmentType: 'Choose discount or write-off.',
  date: 'Enter a date.',
  reason: 'Enter a reason.',
  memoForCharge: 'Say what the charge is for.',
  tooLong: (what: string, max: number) => `Keep the ${what} to ${max} characters or fewer.`,
} as const;

export function emptyEntryForm(clientId: string, date: string): EntryFormValues {
  return { clientId, amount: '', method: '', adjustmentType: '', date, reference: '', memo: '', reason: '', invoiceId: '', paymentId: '' };
}

export interface CheckedEntry {
  clientId: string;
  amount: number;
  date: string;
  method?: PaymentMethod;
  type?: AdjustmentType;
  reference?: string;
  memo?: string;
  reason?: string;
  invoiceId?: string;
  paymentId?: string;
}

const optional = (text: string) => (text.trim() ? text.trim() : undefined);

/** The form as the ledger function takes it, or a message for each field that needs fixing. */
export function checkEntryForm(kind: EntryFormKind, values: EntryFormValues, currency: string): { entry: CheckedEntry } | { errors: EntryErrors } {
  const errors: EntryErrors = {};
  if (!values.clientId) errors.clientId = ENTRY_MESSAGES.client;
  const amount = parseMoney(values.amount, currency);
  if (!amount.ok) errors.amount = amount.message;
  else if (amount.value === 0) errors.amount = ENTRY_MESSAGES.amountZero;
  if (!isPlainDate(values.date)) errors.date = ENTRY_MESSAGES.date;
  if ((kind === 'payment' || kind === 'refund') && !PAYMENT_METHODS.includes(values.method as PaymentMethod)) errors.method = ENTRY_MESSAGES.method;
  if (kind === 'adjustment' && !ADJUSTMENT_TYPES.includes(values.adjustmentType as AdjustmentType)) errors.adjustmentType = ENTRY_MESSAGES.adjustmentType;
  if (kind === 'adjustment' && !values.reason.trim()) errors.reason = ENTRY_MESSAGES.reason;
  if (kind === 'charge' && !values.memo.trim()) errors.memo = ENTRY_MESSAGES.memoForCharge;
  if (values.memo.trim().length > ENTRY_LIMITS.memo) errors.memo = ENTRY_MESSAGES.tooLong('memo', ENTRY_LIMITS.memo);
  if (values.reference.trim().length > ENTRY_LIMITS.reference) errors.reference = ENTRY_MESSAGES.tooLong('reference', ENTRY_LIMITS.reference);
  if (values.reason.trim().length > ENTRY_LIMITS.reason) errors.reason = ENTRY_MESSAGES.tooLong('reason', ENTRY_LIMITS.reason);
  if (Object.keys(errors).length > 0 || !amount.ok) return { errors };

  const entry: CheckedEntry = { clientId: values.clientId, amount: amount.value, date: values.date };
  const memo = optional(values.memo);
  if (memo) entry.memo = memo;
  if (kind === 'payment' || kind === 'refund') {
    entry.method = values.method as PaymentMethod;
    const reference = optional(values.reference);
    if (reference) entry.reference = reference;
  }
  if (kind === 'payment' && values.invoiceId) entry.invoiceId = values.invoiceId;
  if (kind === 'refund' && values.paymentId) entry.paymentId = values.paymentId;
  if (kind === 'adjustment') {
    entry.type = values.adjustmentType as AdjustmentType;
    entry.reason = values.reason.trim();
  }
  return { entry };
}

/** Which form field a function's `field` names (the function speaks the contract's names). */
export function formFieldOf(field: string | null): EntryField | null {
  if (!field) return null;
  if (field === 'type') return 'adjustmentType';
  const known: readonly EntryField[] = ['clientId', 'amount', 'method', 'date', 'reference', 'memo', 'reason', 'invoiceId', 'paymentId'];
  return known.includes(field as EntryField) ? (field as EntryField) : null;
}
