import type { InvoiceDocument, SubscriptionDocument } from '@cadence/shared-auth';
import { MESSAGES } from '../messages.ts';
import { formatDate } from '../profile/profile-status.ts';

/**
 * An invoice as the backend may store it (spec §3: id or $id, createdAt or created, camel or snake
 * period, cardBrand/cardLast4 or brand/last4) plus the client's derived isTrialInvoice flag.
 */
export type RawInvoice = Partial<InvoiceDocument> & {
  id?: string | null;
  created?: string | number | null;
  period_start?: string | number | null;
  period_end?: string | number | null;
  brand?: string | null;
  last4?: string | null;
};

export interface Invoice {
  id: string;
  /** The invoice number at the payment provider (e.g. 'A1B2C3D4-0002'), once finalised. */
  number: string | null;
  status: string;
  totalCents: number;
  createdAt: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  billingReason: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  invoicePdf: string | null;
  hostedInvoiceUrl: string | null;
  isTrialInvoice: boolean;
}

export type TrialSubscription = Pick<SubscriptionDocument, 'status'> & Partial<Pick<SubscriptionDocument, 'trialStart' | 'trialEnd'>>;

/** spec §4: statuses the list shows (plus trial invoices, whatever their status). */
export const LISTED_STATUSES = ['paid', 'void', 'uncollectible', 'open', 'past_due'] as const;

function toIso(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  // Stripe-style timestamps are seconds since the epoch.
  if (typeof value === 'number') return new Date(value * 1000).toISOString();
  return value;
}

function totalOf(raw: RawInvoice): number {
  return raw.total ?? raw.amount ?? 0;
}

/**
 * spec §4: a trial invoice has total 0 and was created on or before the subscription's trial end;
 * or the subscription is trialing, billingReason is subscription_create and total is 0.
 */
export function isTrialInvoice(raw: RawInvoice, subscription: TrialSubscription | null | undefined): boolean {
  if (!subscription || totalOf(raw) !== 0) return false;
  const created = toIso(raw.createdAt ?? raw.created);
  if (subscription.trialEnd && created && Date.parse(created) <= Date.parse(subscription.trialEnd)) return true;
  return subscription.status === 'trialing' && raw.billingReason === 'subscription_create';
}

/** Normalises one stored invoice; a trial invoice with no period takes the trial start and end (spec §4). */
export function toInvoice(raw: RawInvoice, subscription: TrialSubscription | null | undefined): Invoice {
  const trial = isTrialInvoice(raw, subscription);
  let periodStart = toIso(raw.periodStart ?? raw.period_start);
  let periodEnd = toIso(raw.periodEnd ?? raw.period_end);
  if (trial && !periodStart && !periodEnd) {
    periodStart = subscription?.trialStart ?? null;
    periodEnd = subscription?.trialEnd ?? null;
  }
  return {
    id: raw.id ?? raw.$id ?? raw.stripeInvoiceId ?? '',
    number: raw.number ?? null,
    status: raw.status ?? 'draft',
    totalCents: totalOf(raw),
    createdAt: toIso(raw.createdAt ?? raw.created),
    periodStart,
    periodEnd,
    billingReason: raw.billingReason ?? null,
    cardBrand: raw.cardBrand ?? raw.brand ?? null,
    cardLast4: raw.cardLast4 ?? raw.last4 ?? null,
    invoicePdf: raw.invoicePdf ?? null,
    hostedInvoiceUrl: raw.hostedInvoiceUrl ?? null,
    isTrialInvoice: trial,
  };
}

/** spec §4: paid, void, uncollectible, open, past_due, or a trial invoice. */
export function isListed(invoice: Invoice): boolean {
  return invoice.isTrialInvoice || (LISTED_STATUSES as readonly string[]).includes(invoice.status);
}

/** spec §4: the first open or draft invoice with a positive total that is not a trial invoice. */
export function currentInvoice(invoices: readonly Invoice[]): Invoice | null {
  return invoices.find((i) => (i.status === 'open' || i.status === 'draft') && i.totalCents > 0 && !i.isTrialInvoice) ?? null;
}

/** The rows of the Payments list, in the order given (newest first from the backend). */
export function listedInvoices(raw: readonly RawInvoice[], subscription: TrialSubscription | null | undefined): Invoice[] {
  return raw.map((r) => toInvoice(r, subscription)).filter(isListed);
}

/** spec §9: integer cents as dollars with 2 decimals; ' (Trial)' after a trial invoice's amount. */
export function formatAmount(cents: number, trial = false): string {
  const dollars = `$${(cents / 100).toFixed(2)}`;
  return trial ? `${dollars}${MESSAGES.trialSuffix}` : dollars;
}

/** Pay Now is offered for open and past_due invoices (spec §2). */
export function isPayable(invoice: Invoice): boolean {
  return invoice.status === 'open' || invoice.status === 'past_due';
}

/** The Period shown for an invoice: 'start – end', else the creation date, else '—'. */
export function invoicePeriod(invoice: Invoice): string {
  if (invoice.periodStart && invoice.periodEnd) return `${formatDate(invoice.periodStart)} – ${formatDate(invoice.periodEnd)}`;
  return invoice.createdAt ? formatDate(invoice.createdAt) : '—';
}
