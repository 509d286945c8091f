// Builders for each resource in its 2026-10-28.endive shape. Field sets follow fixtures3.json (the contract tests
// compare key sets), with null/empty values where this emulator has nothing to model.
import { createHash } from 'node:crypto';
import type { TestCard } from './cards.ts';
import { newId } from './ids.ts';
import type { StoredObject } from './store.ts';

export type Metadata = Record<string, string>;

export interface Product extends StoredObject { name: string; default_price: string | null }
export interface Price extends StoredObject { product: string; unit_amount: number; currency: string; lookup_key: string | null; type: 'one_time' | 'recurring'; created: number; recurring: { interval: string; interval_count: number; [k: string]: unknown } }
export interface Customer extends StoredObject {
  email: string | null; name: string | null; metadata: Metadata; created: number; test_clock: string | null;
  invoice_settings: { default_payment_method: string | null; custom_fields: null; footer: null; rendering_options: null };
}
export interface PaymentMethod extends StoredObject { customer: string | null; card: { brand: string; last4: string; exp_month: number; exp_year: number; [k: string]: unknown }; created: number; billing_details: { name: string | null; [k: string]: unknown } }
export interface SubscriptionItem extends StoredObject { price: Price; current_period_start: number; current_period_end: number; subscription: string; quantity: number }
export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';
export interface Subscription extends StoredObject {
  customer: string; status: SubscriptionStatus; created: number; metadata: Metadata;
  cancel_at_period_end: boolean; cancel_at: number | null; canceled_at: number | null; ended_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  default_payment_method: string | null; latest_invoice: string | null; test_clock: string | null;
  trial_start: number | null; trial_end: number | null;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
}
export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
export interface Invoice extends StoredObject {
  customer: string; status: InvoiceStatus; created: number; number: string | null; total: number; amount_due: number; amount_paid: number;
  amount_remaining: number; attempt_count: number; attempted: boolean; next_payment_attempt: number | null; billing_reason: string;
  period_start: number; period_end: number; currency: string; test_clock: string | null; hosted_invoice_url: string | null; invoice_pdf: string | null;
  parent: { type: 'subscription_details'; quote_details: null; subscription_details: { subscription: string; metadata: Metadata } } | null;
  status_transitions: { finalized_at: number | null; marked_uncollectible_at: number | null; paid_at: number | null; voided_at: number | null };
  default_payment_method: string | null; auto_advance: boolean; automatically_finalizes_at: number | null; effective_at: number | null;
  lines: { object: 'list'; data: StoredObject[]; has_more: false; url: string };
}
export interface InvoicePayment extends StoredObject { invoice: string; status: 'open' | 'paid' | 'canceled'; amount_paid: number | null; payment: { type: 'payment_intent'; payment_intent: string } }
export interface CheckoutSession extends StoredObject {
  status: 'open' | 'complete' | 'expired'; customer: string | null; customer_email: string | null; subscription: string | null; success_url: string | null;
  cancel_url: string | null; url: string | null; expires_at: number; metadata: Metadata; client_reference_id: string | null; created: number;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required'; invoice: string | null;
  // Internal (underscore fields are never rendered): what to create on completion.
  _line_items: Array<{ price: string; quantity: number }>;
  _subscription_data: { trial_period_days: number | null; metadata: Metadata };
  /** `payment` mode: what the PaymentIntent gets (`payment_intent_data`). */
  _payment_intent_data?: { setup_future_usage: 'on_session' | 'off_session' | null; description: string | null; metadata: Metadata; statement_descriptor_suffix: string | null };
}

const ADDRESS = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };
const AUTOMATIC_TAX = { enabled: false, liability: null, disabled_reason: null };

export function buildProduct(id: string, name: string, now: number, defaultPrice: string | null): Product {
  return {
    id, object: 'product', active: true, created: now, default_price: defaultPrice, description: null, images: [], livemode: false,
    marketing_features: [], metadata: {}, name, package_dimensions: null, shippable: null, statement_descriptor: null, tax_code: null,
    type: 'service', unit_label: null, updated: now, url: null,
  };
}

export function buildPrice(id: string, product: string, unitAmount: number, lookupKey: string | null, now: number): Price {
  return {
    id, object: 'price', active: true, billing_scheme: 'per_unit', created: now, currency: 'usd', custom_unit_amount: null, livemode: false,
    lookup_key: lookupKey, metadata: {}, nickname: null, product,
    recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified', tiers_mode: null, transform_quantity: null, type: 'recurring', unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
}

export function buildCustomer(p: { email: string | null; name: string | null; phone: string | null; description: string | null; metadata: Metadata; testClock: string | null }, now: number): Customer {
  return {
    id: newId('cus', 14), object: 'customer', address: null, balance: 0, created: now, currency: null, default_source: null, delinquent: false,
    description: p.description, discount: null, email: p.email, invoice_prefix: newId('', 8).slice(1).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false, metadata: p.metadata, name: p.name, next_invoice_sequence: 1, phone: p.phone, preferred_locales: [], shipping: null,
    tax_exempt: 'none', test_clock: p.testClock,
  };
}

export function buildPaymentMethod(card: TestCard, exp: { month: number; year: number }, name: string | null, now: number): PaymentMethod {
  return {
    id: newId('pm'), object: 'payment_method', allow_redisplay: 'unspecified',
    billing_details: { address: ADDRESS, email: null, name, phone: null, tax_id: null },
    card: {
      brand: card.brand, checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' }, country: 'US',
      display_brand: card.brand, exp_month: exp.month, exp_year: exp.year,
      fingerprint: createHash('sha256').update(card.number).digest('base64url').slice(0, 16), funding: 'credit', generated_from: null,
      last4: card.number.slice(-4), networks: { available: [card.brand], preferred: null }, regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true }, wallet: null,
    },
    created: now, customer: null, customer_account: null, livemode: false, metadata: {}, type: 'card',
  };
}

export function buildSubscription(p: { customer: string; price: Price; metadata: Metadata; defaultPaymentMethod: string | null; testClock: string | null; trialEnd: number | null }, now: number): Subscription {
  const id = newId('sub');
  const periodEnd = p.trialEnd ?? addMonths(now, 1);
  const item: SubscriptionItem = {
    id: newId('si', 14), object: 'subscription_item', billing_thresholds: null, created: now, current_period_end: periodEnd,
    current_period_start: now, discounts: [], metadata: {}, plan: planOf(p.price), price: p.price, quantity: 1, subscription: id, tax_rates: [],
  };
  return {
    id, object: 'subscription', application: null, application_fee_percent: null, automatic_tax: AUTOMATIC_TAX, billing_cycle_anchor: periodEnd,
    billing_cycle_anchor_config: null, billing_mode: { type: 'flexible', flexible: { proration_discounts: 'included' }, updated_at: now },
    billing_schedules: [], billing_thresholds: null, cancel_at: null, cancel_at_period_end: false, canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null }, collection_method: 'charge_automatically', created: now, currency: 'usd',
    customer: p.customer, customer_account: null, days_until_due: null, default_payment_method: p.defaultPaymentMethod, default_source: null,
    default_tax_rates: [], description: null, discounts: [], ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null, livemode: false, managed_payments: null, metadata: p.metadata, next_pending_invoice_item_invoice: null, on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null, pending_setup_intent: null, pending_update: null, schedule: null, start_date: now,
    status: p.trialEnd ? 'trialing' : 'incomplete', test_clock: p.testClock, transfer_data: null, trial_end: p.trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } }, trial_start: p.trialEnd ? now : null,
  };
}

export function planOf(price: Price): Record<string, unknown> {
  return {
    id: price.id, object: 'plan', active: true, amount: price.unit_amount, amount_decimal: String(price.unit_amount), billing_scheme: 'per_unit',
    created: price.created, currency: price.currency, interval: 'month', interval_count: 1, livemode: false, metadata: {}, meter: null,
    nickname: null, product: price.product, tiers_mode: null, transform_usage: null, trial_period_days: null, usage_type: 'licensed',
  };
}

export function buildInvoice(p: { customer: Customer; subscription: Subscription; amount: number; billingReason: string; periodStart: number; periodEnd: number; publicUrl: string }, now: number): Invoice {
  const id = newId('in');
  const item = p.subscription.items.data[0];
  const price = item?.price;
  const line = {
    id: newId('il'), object: 'line_item', amount: p.amount, currency: 'usd',
    description: p.amount === 0 ? `Trial period for ${productName(price)}` : `1 × ${productName(price)} (at $${(p.amount / 100).toFixed(2)} / month)`,
    discount_amounts: [], discountable: true, discounts: [], invoice: id, livemode: false, metadata: {},
    parent: {
      type: 'subscription_item_details', invoice_item_details: null,
      subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: p.subscription.id, subscription_item: item?.id ?? null },
    },
    period: { start: p.periodStart, end: p.periodEnd }, pretax_credit_amounts: [],
    pricing: { type: 'price_details', price_details: { price: price?.id ?? null, product: price?.product ?? null }, unit_amount_decimal: String(price?.unit_amount ?? p.amount) },
    quantity: 1, quantity_decimal: '1', subscription: p.subscription.id, subtotal: p.amount, taxes: [],
  };
  return {
    id, object: 'invoice', account_country: 'US', account_name: 'Cadence', account_tax_ids: null, amount_due: p.amount, amount_overpaid: 0,
    amount_paid: 0, amount_remaining: p.amount, amount_shipping: 0, application: null, attempt_count: 0, attempted: false, auto_advance: true,
    automatic_tax: { ...AUTOMATIC_TAX, status: null, provider: null }, automatically_finalizes_at: null, billing_reason: p.billingReason,
    collection_method: 'charge_automatically', created: now, currency: 'usd', custom_fields: null, customer: p.customer.id, customer_account: null,
    customer_address: null, customer_email: p.customer.email, customer_name: p.customer.name, customer_phone: null, customer_shipping: null,
    customer_tax_exempt: 'none', customer_tax_ids: [], default_payment_method: null, default_source: null, default_tax_rates: [], description: null,
    discounts: [], due_date: null, effective_at: null, ending_balance: null, footer: null, from_invoice: null,
    hosted_invoice_url: null, invoice_pdf: null, issuer: { type: 'self' }, last_finalization_error: null, latest_revision: null,
    lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${id}/lines` }, livemode: false, metadata: {},
    next_payment_attempt: null, number: null, on_behalf_of: null,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: p.subscription.id, metadata: p.subscription.metadata } },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null }, period_end: p.periodEnd,
    period_start: p.periodStart, post_payment_credit_notes_amount: 0, pre_payment_credit_notes_amount: 0, receipt_number: null,
    rendering: null, shipping_cost: null, shipping_details: null, starting_balance: 0, statement_descriptor: null, status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    // Removed from the endive type but still in Stripe's fixtures; kept for clients that read it.
    subscription: p.subscription.id,
    subtotal: p.amount, subtotal_excluding_tax: p.amount, test_clock: p.subscription.test_clock, total: p.amount, total_discount_amounts: [],
    total_excluding_tax: p.amount, total_pretax_credit_amounts: [], total_taxes: [], webhooks_delivered_at: null,
  };
}

function productName(price: Price | undefined): string {
  return price ? 'Cadence' : 'Subscription';
}

export function buildInvoicePayment(invoice: Invoice, paymentIntent: string, now: number): InvoicePayment {
  return {
    id: newId('inpay'), object: 'invoice_payment', amount_paid: null, amount_requested: invoice.amount_remaining, created: now,
    currency: invoice.currency, invoice: invoice.id, is_default: true, livemode: false,
    payment: { type: 'payment_intent', payment_intent: paymentIntent }, status: 'open', status_transitions: { canceled_at: null, paid_at: null },
  };
}

/** Whole months forward in UTC, clamping the day like Stripe (Jan 31 → Feb 28). */
export function addMonths(unix: number, months: number): number {
  const d = new Date(unix * 1000);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}
