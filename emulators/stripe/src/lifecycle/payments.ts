import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { invalid, StripeError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { Customer, Metadata, PaymentMethod } from '../objects.ts';
import { render } from '../render.ts';
import type { StoredObject } from '../store.ts';
import { cardBehavior } from './billing.ts';
import { attachCard } from './cards-on-file.ts';

export type PaymentIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface PaymentIntent extends StoredObject {
  amount: number; amount_received: number; currency: string; customer: string | null; description: string | null; metadata: Metadata;
  payment_method: string | null; setup_future_usage: 'on_session' | 'off_session' | null; status: PaymentIntentStatus; latest_charge: string | null;
  client_secret: string; created: number; last_payment_error: Record<string, unknown> | null; next_action: Record<string, unknown> | null;
  statement_descriptor_suffix: string | null;
}

export interface Charge extends StoredObject {
  amount: number; amount_refunded: number; refunded: boolean; disputed: boolean; status: 'succeeded' | 'failed' | 'pending'; paid: boolean;
  payment_intent: string | null; customer: string | null; currency: string; created: number; metadata: Metadata; description: string | null;
  payment_method: string | null;
}

export interface Refund extends StoredObject { amount: number; charge: string; payment_intent: string | null; status: string; reason: string | null; metadata: Metadata }

/** Remembers that a card was authenticated for later off-session use (4000002500003155 then pays off-session). */
export const setupKey = (pm: string): string => `pm.setup.${pm}`;

export function buildPaymentIntent(p: {
  amount: number; currency: string; customer: string | null; description: string | null; metadata: Metadata; paymentMethod: string | null;
  setupFutureUsage: PaymentIntent['setup_future_usage']; statementDescriptorSuffix: string | null; receiptEmail: string | null;
}, now: number): PaymentIntent {
  const id = newId('pi');
  return {
    id, object: 'payment_intent', amount: p.amount, amount_capturable: 0, amount_details: { tip: {} }, amount_received: 0, application: null,
    application_fee_amount: null, automatic_payment_methods: null, canceled_at: null, cancellation_reason: null, capture_method: 'automatic_async',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`, confirmation_method: 'automatic', created: now, currency: p.currency,
    customer: p.customer, customer_account: null, description: p.description, excluded_payment_method_types: null, last_payment_error: null,
    latest_charge: null, livemode: false, metadata: p.metadata, next_action: null, on_behalf_of: null, payment_details: null,
    payment_method: p.paymentMethod, payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'], presentment_details: null, processing: null, receipt_email: p.receiptEmail, review: null,
    setup_future_usage: p.setupFutureUsage, shipping: null, source: null, statement_descriptor: null,
    statement_descriptor_suffix: p.statementDescriptorSuffix, status: p.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    transfer_data: null, transfer_group: null,
  };
}

function buildCharge(ctx: Ctx, pi: PaymentIntent, pm: PaymentMethod, failure: { code: string; message: string; decline: string } | null): Charge {
  const now = ctx.clock.now();
  const id = newId('ch');
  return {
    id, object: 'charge', amount: pi.amount, amount_captured: failure ? 0 : pi.amount, amount_refunded: 0, application: null,
    application_fee: null, application_fee_amount: null, balance_transaction: null, billing_details: pm.billing_details, calculated_statement_descriptor: null,
    captured: !failure, created: now, currency: pi.currency, customer: pi.customer, description: pi.description, disputed: false,
    failure_balance_transaction: null, failure_code: failure?.code ?? null, failure_message: failure?.message ?? null, fraud_details: {},
    livemode: false, metadata: pi.metadata, on_behalf_of: null,
    outcome: failure
      ? { advice_code: null, network_advice_code: null, network_decline_code: null, network_status: 'declined_by_network', reason: failure.decline, risk_level: 'normal', seller_message: 'The bank did not return any further details with this decline.', type: 'issuer_declined' }
      : { advice_code: null, network_advice_code: null, network_decline_code: null, network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
    paid: !failure, payment_intent: pi.id, payment_method: pm.id,
    payment_method_details: {
      card: { amount_authorized: failure ? null : pi.amount, brand: pm.card.brand, checks: pm.card.checks, country: 'US', exp_month: pm.card.exp_month, exp_year: pm.card.exp_year, fingerprint: pm.card.fingerprint, funding: 'credit', last4: pm.card.last4, network: pm.card.brand, three_d_secure: null, wallet: null },
      type: 'card',
    },
    receipt_email: null, receipt_number: null, receipt_url: null, refunded: false, review: null, shipping: null, source_transfer: null,
    statement_descriptor: null, statement_descriptor_suffix: pi.statement_descriptor_suffix, status: failure ? 'failed' : 'succeeded',
    transfer_data: null, transfer_group: null,
  };
}

const DECLINES: Record<string, { code: string; decline: string; message: string }> = {
  decline_generic: { code: 'card_declined', decline: 'generic_decline', message: 'Your card was declined.' },
  charge_fail: { code: 'card_declined', decline: 'generic_decline', message: 'Your card was declined.' },
  decline_insufficient_funds: { code: 'card_declined', decline: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  authentication_required: { code: 'authentication_required', decline: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' },
};

function paymentMethodOf(ctx: Ctx, pi: PaymentIntent): PaymentMethod {
  const pm = pi.payment_method ? ctx.store.get<PaymentMethod>('payment_method', pi.payment_method) : undefined;
  if (!pm) {
    throw new StripeError(400, 'invalid_request_error', "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with cus_, specify a payment method attached to this customer along with the customer ID.", 'payment_intent_unexpected_state');
  }
  return pm;
}

/** The card is charged: a succeeded charge, a saved card when asked, a dispute for the dispute test card. */
export function succeed(ctx: Ctx, pi: PaymentIntent, pm: PaymentMethod): PaymentIntent {
  let charge = ctx.store.put(buildCharge(ctx, pi, pm, null));
  if (pi.setup_future_usage && pi.customer) {
    const customer = ctx.store.get<Customer>('customer', pi.customer);
    if (customer) attachCard(ctx, pm, customer);
    ctx.store.kvSet(setupKey(pm.id), pi.setup_future_usage);
  }
  const paid: PaymentIntent = ctx.store.put({ ...pi, status: 'succeeded', amount_received: pi.amount, latest_charge: charge.id, last_payment_error: null, next_action: null, payment_method: pm.id });
  ctx.emit('charge.succeeded', charge);
  ctx.emit('payment_intent.succeeded', paid);
  if (cardBehavior(ctx, pm.id) === 'dispute') {
    charge = ctx.store.put({ ...charge, disputed: true });
    const dispute = ctx.store.put({
      id: newId('du'), object: 'dispute', amount: charge.amount, balance_transactions: [], charge: charge.id, created: ctx.clock.now(),
      currency: charge.currency, enhanced_eligibility_types: [], evidence: {}, evidence_details: { due_by: ctx.clock.now() + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
      is_charge_refundable: false, livemode: false, metadata: {}, payment_intent: pi.id, reason: 'fraudulent', status: 'needs_response',
    });
    ctx.emit('charge.dispute.created', dispute);
  }
  return paid;
}

/** A declined or unauthenticated attempt: a failed charge, the intent back to requires_payment_method, a 402. */
function fail(ctx: Ctx, pi: PaymentIntent, pm: PaymentMethod, kind: string): never {
  const decline = DECLINES[kind] ?? DECLINES.decline_generic;
  if (!decline) throw new Error('no decline');
  const charge = ctx.store.put(buildCharge(ctx, pi, pm, { code: decline.code, message: decline.message, decline: decline.decline }));
  const lastError = { type: 'card_error', code: decline.code, decline_code: decline.decline, message: decline.message, charge: charge.id, payment_method: render(ctx.store, pm) };
  const failed: PaymentIntent = ctx.store.put({ ...pi, status: 'requires_payment_method', latest_charge: charge.id, last_payment_error: lastError, next_action: null, payment_method: null });
  ctx.emit('charge.failed', charge);
  ctx.emit('payment_intent.payment_failed', failed);
  const error = new StripeError(402, 'card_error', decline.message, decline.code, undefined, decline.decline);
  error.extra = { charge: charge.id, payment_intent: render(ctx.store, failed), payment_method: render(ctx.store, pm) };
  throw error;
}

/**
 * `confirm`: Stripe's card outcomes. 3-D Secure cards on-session wait for the customer (`requires_action`, the
 * hosted `/3ds/:id` page); off-session they fail with `authentication_required` unless set up for off-session use.
 */
export function confirmIntent(ctx: Ctx, pi: PaymentIntent, opts: { offSession: boolean; returnUrl: string | null }): PaymentIntent {
  if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation') {
    throw invalid(`You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method.`, undefined, 'payment_intent_unexpected_state');
  }
  const pm = paymentMethodOf(ctx, pi);
  const behavior = cardBehavior(ctx, pm.id);
  if (behavior === 'decline_generic' || behavior === 'decline_insufficient_funds' || behavior === 'charge_fail') fail(ctx, pi, pm, behavior);
  const needsAuth = behavior === 'authenticate_always' || (behavior === 'authenticate_unless_setup' && !(opts.offSession && ctx.store.kvGet(setupKey(pm.id))));
  if (!needsAuth) return succeed(ctx, pi, pm);
  if (opts.offSession) fail(ctx, pi, pm, 'authentication_required');
  const url = `${ctx.config.publicUrl}/3ds/${pi.id}`;
  const nextAction = opts.returnUrl
    ? { type: 'redirect_to_url', redirect_to_url: { return_url: opts.returnUrl, url } }
    : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url, source: null } };
  const waiting: PaymentIntent = ctx.store.put({ ...pi, status: 'requires_action', next_action: nextAction, _return_url: opts.returnUrl });
  ctx.emit('payment_intent.requires_action', waiting);
  return waiting;
}

/** The hosted 3-D Secure page's answer. */
export function finishAuthentication(ctx: Ctx, pi: PaymentIntent, approved: boolean): PaymentIntent {
  const pm = paymentMethodOf(ctx, pi);
  if (approved) return succeed(ctx, pi, pm);
  const lastError = {
    type: 'invalid_request_error', code: 'payment_intent_authentication_failure',
    message: 'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
    payment_method: render(ctx.store, pm),
  };
  const failed: PaymentIntent = ctx.store.put({ ...pi, status: 'requires_payment_method', next_action: null, last_payment_error: lastError, payment_method: null });
  ctx.emit('payment_intent.payment_failed', failed);
  return failed;
}

const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** A refund, full or partial, up to what is left on the charge (`charge.refunded` and `refund.created`). */
export function refundCharge(ctx: Ctx, charge: Charge, amount: number | undefined, reason: string | null, metadata: Metadata): Refund {
  if (charge.status !== 'succeeded') throw invalid(`Charge ${charge.id} has not succeeded and cannot be refunded.`, 'charge', 'charge_not_refundable');
  if (charge.disputed) throw new StripeError(400, 'invalid_request_error', `Charge ${charge.id} has been charged back; cannot issue a refund.`, 'charge_disputed');
  const left = charge.amount - charge.amount_refunded;
  if (left <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
  const value = amount ?? left;
  if (value < 1) throw invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
  if (value > left) throw invalid(`Refund amount (${dollars(value)}) is greater than unrefunded amount on charge (${dollars(left)})`, 'amount', 'amount_too_large');
  const now = ctx.clock.now();
  const refund: Refund = ctx.store.put({
    id: newId('re'), object: 'refund', amount: value, balance_transaction: null, charge: charge.id, created: now, currency: charge.currency,
    destination_details: { card: { reference: null, reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
    metadata, payment_intent: charge.payment_intent, reason, receipt_number: null, source_transfer_reversal: null, status: 'succeeded', transfer_reversal: null,
  });
  const refunded: Charge = ctx.store.put({ ...charge, amount_refunded: charge.amount_refunded + value, refunded: charge.amount_refunded + value >= charge.amount });
  ctx.emit('refund.created', refund);
  ctx.emit('charge.refunded', refunded, { previous: { amount_refunded: charge.amount_refunded, refunded: charge.refunded } });
  return refund;
}
