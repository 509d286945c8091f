// The pure billing rules (issue 5): the one label table and the Stripe → document mappers that
// stripe-webhook and subscriptions-sync share.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { USER_LABELS } from '../../shared-auth/src/config/constants.ts';
import {
  BILLING_LABELS,
  currentSubscription,
  documentIdFor,
  invoiceDocument,
  labelInput,
  labelsFor,
  mergeLabels,
  subscriptionDocument,
} from '../functions/lib/billing-rules.js';
import { readBody } from '../functions/lib/execution.js';
import { acceptableReturnUrl } from '../functions/lib/session-request.js';

const DAY = 86_400;
const T0 = 1_900_000_000;
/** Appwrite's datetime form of unix seconds. */
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('Z', '+00:00');

const running = (status: string, cancelAtPeriodEnd = false, latestInvoicePaymentFailed = false) => ({ status, cancelAtPeriodEnd, latestInvoicePaymentFailed });

describe('labelsFor (the label table)', () => {
  it("owns exactly spec §3's user labels, the ones the browser reads (shared-auth USER_LABELS)", () => {
    // Two copies, because functions deploy without the workspace; this keeps them one list.
    expect([...BILLING_LABELS]).toEqual([...USER_LABELS]);
  });

  const none = { checkoutCompleted: false };
  it.each([
    ['trialing', ['subscribed', 'trialActive']],
    ['active', ['subscribed', 'paymentCurrent']],
    ['past_due', ['subscribed', 'paymentFailed']],
    ['unpaid', ['subscribed', 'paymentFailed']],
    ['paused', ['subscriptionPaused']],
    ['canceled', ['subscriptionExpired']],
    ['incomplete_expired', ['subscriptionExpired']],
    ['incomplete', ['paymentFailed']],
  ])('%s → %j', (status, labels) => {
    expect(labelsFor(running(status), none)).toEqual(labels);
  });

  it('active with a failed charge on the latest invoice is not paid up', () => {
    expect(labelsFor(running('active', false, true), none)).toEqual(['subscribed', 'paymentFailed']);
  });

  it('cancel_at_period_end adds subscriptionCanceled while access lasts', () => {
    expect(labelsFor(running('active', true), none)).toEqual(['subscribed', 'paymentCurrent', 'subscriptionCanceled']);
    expect(labelsFor(running('trialing', true), none)).toEqual(['subscribed', 'trialActive', 'subscriptionCanceled']);
    expect(labelsFor(running('past_due', true), none)).toEqual(['subscribed', 'paymentFailed', 'subscriptionCanceled']);
  });

  it('an ended subscription never keeps subscribed or subscriptionCanceled', () => {
    expect(labelsFor(running('canceled', true), none)).toEqual(['subscriptionExpired']);
  });

  it('checkoutCompleted rides along, with or without a subscription', () => {
    expect(labelsFor(null, { checkoutCompleted: true })).toEqual(['checkoutCompleted']);
    expect(labelsFor(running('trialing'), { checkoutCompleted: true })).toEqual(['subscribed', 'trialActive', 'checkoutCompleted']);
    expect(labelsFor(null, none)).toEqual([]);
  });

  it('an unknown future status gives no access labels', () => {
    expect(labelsFor(running('something_new'), none)).toEqual([]);
  });
});

describe('mergeLabels', () => {
  it('replaces every billing label and keeps the others', () => {
    expect(mergeLabels(['admin', 'subscribed', 'paymentFailed', 'beta'], ['subscribed', 'paymentCurrent'])).toEqual(['admin', 'beta', 'subscribed', 'paymentCurrent']);
  });
  it('owns exactly the labels of spec §3', () => {
    expect([...BILLING_LABELS].sort()).toEqual(['checkoutCompleted', 'paymentCurrent', 'paymentFailed', 'subscribed', 'subscriptionCanceled', 'subscriptionExpired', 'subscriptionPaused', 'trialActive']);
  });
});

describe('currentSubscription', () => {
  it('prefers the newest running subscription over a newer ended one', () => {
    const old = { id: 'a', status: 'canceled', created: 3 };
    const live = { id: 'b', status: 'active', created: 2 };
    expect(currentSubscription([old, live])?.id).toBe('b');
  });
  it('falls back to the newest ended one', () => {
    expect(currentSubscription([{ id: 'a', status: 'canceled', created: 1 }, { id: 'b', status: 'incomplete_expired', created: 2 }])?.id).toBe('b');
    expect(currentSubscription([])).toBeNull();
  });
});

const visa = { id: 'pm_1', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' } } as unknown as Stripe.PaymentMethod;

function stripeSubscription(overrides: Record<string, unknown> = {}): Stripe.Subscription {
  return {
    id: 'sub_123',
    object: 'subscription',
    status: 'trialing',
    created: T0,
    cancel_at_period_end: false,
    trial_start: T0,
    trial_end: T0 + 7 * DAY,
    latest_invoice: 'in_1',
    items: { object: 'list', data: [{ id: 'si_1', current_period_start: T0, current_period_end: T0 + 7 * DAY }] },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

function stripeInvoice(overrides: Record<string, unknown> = {}): Stripe.Invoice {
  return {
    id: 'in_1',
    object: 'invoice',
    number: 'CAD-0001',
    status: 'paid',
    total: 1000,
    amount_due: 1000,
    amount_paid: 1000,
    currency: 'usd',
    created: T0 + 7 * DAY,
    // Stripe's own period on a cycle invoice is the period before it; the line has the billed one.
    period_start: T0,
    period_end: T0 + 7 * DAY,
    billing_reason: 'subscription_cycle',
    attempted: true,
    attempt_count: 1,
    invoice_pdf: 'http://127.0.0.1:4242/invoices/in_1/pdf',
    hosted_invoice_url: 'http://127.0.0.1:4242/invoices/in_1',
    parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_123', metadata: {} } },
    lines: { object: 'list', data: [{ id: 'il_1', period: { start: T0 + 7 * DAY, end: T0 + 37 * DAY } }] },
    ...overrides,
  } as unknown as Stripe.Invoice;
}

describe('subscriptionDocument', () => {
  it('maps spec §3 subscription fields, period end from the subscription item', () => {
    expect(subscriptionDocument(stripeSubscription(), 'user1', visa, Date.UTC(2030, 0, 1))).toEqual({
      userId: 'user1',
      stripeSubscriptionId: 'sub_123',
      status: 'trialing',
      currentPeriodEnd: iso(T0 + 7 * DAY),
      trialStart: iso(T0),
      trialEnd: iso(T0 + 7 * DAY),
      backupCardBrand: 'visa',
      backupCardLast4: '4242',
      backupPaymentMethodType: 'card',
      createdAt: iso(T0),
      updatedAt: '2030-01-01T00:00:00.000+00:00',
    });
  });
  it('reads a legacy top-level current_period_end and tolerates no card', () => {
    const document = subscriptionDocument(stripeSubscription({ items: { data: [] }, current_period_end: T0, trial_start: null, trial_end: null }), 'u', null, 0);
    expect(document.currentPeriodEnd).toBe(iso(T0));
    expect(document.trialStart).toBeNull();
    expect(document.backupCardLast4).toBeNull();
  });
});

describe('invoiceDocument', () => {
  it('maps every spec §3 invoice field in integer cents', () => {
    expect(invoiceDocument(stripeInvoice(), 'user1', visa)).toEqual({
      userId: 'user1',
      subscriptionId: 'sub_123',
      number: 'CAD-0001',
      stripeInvoiceId: 'in_1',
      status: 'paid',
      total: 1000,
      amount: 1000,
      currency: 'usd',
      createdAt: iso(T0 + 7 * DAY),
      periodStart: iso(T0 + 7 * DAY),
      periodEnd: iso(T0 + 37 * DAY),
      billingReason: 'subscription_cycle',
      cardBrand: 'visa',
      cardLast4: '4242',
      paymentMethod: 'card',
      invoicePdf: 'http://127.0.0.1:4242/invoices/in_1/pdf',
      hostedInvoiceUrl: 'http://127.0.0.1:4242/invoices/in_1',
    });
  });
  it('an open invoice shows the amount due; a draft has no number', () => {
    const open = invoiceDocument(stripeInvoice({ status: 'open', amount_paid: 0 }), 'u', visa);
    expect([open.status, open.amount, open.total]).toEqual(['open', 1000, 1000]);
    const draft = invoiceDocument(stripeInvoice({ status: 'draft', number: null, lines: { data: [] } }), 'u', null);
    expect([draft.status, draft.number, draft.periodStart]).toEqual(['draft', null, iso(T0)]);
  });
  it('reads a legacy invoice.subscription', () => {
    expect(invoiceDocument(stripeInvoice({ parent: null, subscription: 'sub_old' }), 'u', null).subscriptionId).toBe('sub_old');
  });
});

describe('labelInput', () => {
  it('an open invoice after a failed attempt is a failed payment; a draft is not', () => {
    expect(labelInput(stripeSubscription({ status: 'active' }), stripeInvoice({ status: 'open', attempted: true, attempt_count: 1 })).latestInvoicePaymentFailed).toBe(true);
    expect(labelInput(stripeSubscription({ status: 'active' }), stripeInvoice({ status: 'draft', attempted: false, attempt_count: 0 })).latestInvoicePaymentFailed).toBe(false);
    expect(labelInput(stripeSubscription({ cancel_at_period_end: true }), null)).toEqual({ status: 'trialing', cancelAtPeriodEnd: true, latestInvoicePaymentFailed: false });
  });
});

describe('documentIdFor', () => {
  it('keeps Stripe ids that are valid document ids and shortens others deterministically', () => {
    expect(documentIdFor('sub_1MowQVLkdIwHu7ixeRlqHVzs')).toBe('sub_1MowQVLkdIwHu7ixeRlqHVzs');
    const long = `evt_${'x'.repeat(60)}`;
    expect(documentIdFor(long)).toMatch(/^[a-z0-9]{1,36}$/);
    expect(documentIdFor(long)).toBe(documentIdFor(long));
    expect(documentIdFor(long)).not.toBe(documentIdFor(`${long}y`));
  });
});

describe('execution bodies and return URLs', () => {
  it('reads a JSON object body; anything else is empty', () => {
    expect(readBody('{"returnUrl":"http://x"}')).toEqual({ returnUrl: 'http://x' });
    expect(readBody('')).toEqual({});
    expect(readBody('not json')).toEqual({});
    expect(readBody('null')).toEqual({});
    expect(readBody('"a string"')).toEqual({});
  });

  it('accepts http(s) URLs of an allowed origin only, compared as parsed origins; none when unset', () => {
    const allowed = 'https://app.cadence.test, http://localhost:3000/';
    expect(acceptableReturnUrl('http://localhost:3000/payment-success', allowed)).toBe('http://localhost:3000/payment-success');
    expect(acceptableReturnUrl('https://app.cadence.test/account', allowed)).toBe('https://app.cadence.test/account');
    expect(acceptableReturnUrl('http://localhost:3000/payment-success', undefined)).toBeNull();
    expect(acceptableReturnUrl('http://localhost:3000/payment-success', ' , ')).toBeNull();
    expect(acceptableReturnUrl('http://localhost:3000@evil.example/', allowed)).toBeNull();
    expect(acceptableReturnUrl('http://user:pw@localhost:3000/', allowed)).toBeNull();
    expect(acceptableReturnUrl('http://localhost:3000.evil.example/', allowed)).toBeNull();
    expect(acceptableReturnUrl('http://app.cadence.test/account', allowed)).toBeNull();
    expect(acceptableReturnUrl('https://app.cadence.test:8443/account', allowed)).toBeNull();
    expect(acceptableReturnUrl('javascript:alert(1)', allowed)).toBeNull();
    expect(acceptableReturnUrl(42, allowed)).toBeNull();
  });
});
