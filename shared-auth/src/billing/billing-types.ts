import type { Models } from 'appwrite';

/**
 * spec §3 subscription status values, plus Stripe's `paused` (a trial that ended without a payment
 * method), which the webhook stores as is (backend/appwrite.json allows it).
 */
export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'unpaid' | 'paused';

/** spec §3 invoice statuses. */
export type InvoiceStatus = 'paid' | 'void' | 'uncollectible' | 'open' | 'past_due' | 'draft';

// Attribute names follow backend/appwrite.json; optional attributes come back as null when unset.

/** customers: document id equals the user id. */
export interface CustomerFields {
  userId: string;
  stripeCustomerId: string;
  email?: string | null;
  name?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}
export type CustomerDocument = Models.Document & CustomerFields;

export interface SubscriptionFields {
  userId: string;
  stripeSubscriptionId: string;
  status: SubscriptionStatus;
  currentPeriodEnd?: string | null;
  trialStart?: string | null;
  trialEnd?: string | null;
  backupCardBrand?: string | null;
  backupCardLast4?: string | null;
  backupPaymentMethodType?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}
export type SubscriptionDocument = Models.Document & SubscriptionFields;

export interface InvoiceFields {
  userId: string;
  subscriptionId?: string | null;
  number?: string | null;
  stripeInvoiceId: string;
  status: InvoiceStatus;
  /** integer cents */
  total?: number | null;
  /** integer cents */
  amount?: number | null;
  currency?: string | null;
  createdAt?: string | null;
  periodStart?: string | null;
  periodEnd?: string | null;
  billingReason?: string | null;
  cardBrand?: string | null;
  cardLast4?: string | null;
  paymentMethod?: string | null;
  invoicePdf?: string | null;
  hostedInvoiceUrl?: string | null;
}
export type InvoiceDocument = Models.Document & InvoiceFields;

export interface CheckoutSessionFields {
  userId: string;
  status?: string | null;
  stripeSessionId?: string | null;
  createdAt?: string | null;
}
export type CheckoutSessionDocument = Models.Document & CheckoutSessionFields;
