import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { StripeError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { Customer, Metadata, PaymentMethod } from '../objects.ts';
import { render } from '../render.ts';
import type { StoredObject } from '../store.ts';
import { cardBehavior } from './billing.ts';
import { attachCard } from './cards-on-file.ts';
import { setupKey } from './payments.ts';

export type SetupIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface SetupIntent extends StoredObject {
  customer: string | null; description: string | null; metadata: Metadata; payment_method: string | null; usage: 'on_session' | 'off_session';
  status: SetupIntentStatus; client_secret: string; created: number; last_setup_error: Record<string, unknown> | null; next_action: Record<string, unknown> | null;
  latest_attempt: string | null;
}

export function buildSetupIntent(p: { customer: string | null; description: string | null; metadata: Metadata; paymentMethod: string | null; usage: SetupIntent['usage'] }, now: number): SetupIntent {
  const id = newId('seti');
  return {
    id, object: 'setup_intent', application: null, automatic_payment_methods: null, cancellation_reason: null,
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`, created: now, customer: p.customer, customer_account: null,
    description: p.description, excluded_payment_method_types: null, flow_directions: null, last_setup_error: null, latest_attempt: null,
    livemode: false, mandate: null, metadata: p.metadata, next_action: null, on_behalf_of: null, payment_method: p.paymentMethod,
    payment_method_configuration_details: null, payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'], single_use_mandate: null, status: p.paymentMethod ? 'requires_confirmation' : 'requires_payment_method', usage: p.usage,
  };
}

/** The card is set up: attached to the customer (if any), remembered as authenticated for later off-session use. */
export function setUp(ctx: Ctx, si: SetupIntent, pm: PaymentMethod): SetupIntent {
  const customer = si.customer ? ctx.store.get<Customer>('customer', si.customer) : undefined;
  if (customer) attachCard(ctx, pm, customer);
  ctx.store.kvSet(setupKey(pm.id), si.usage);
  const done: SetupIntent = ctx.store.put({ ...si, status: 'succeeded', payment_method: pm.id, last_setup_error: null, next_action: null, latest_attempt: newId('setatt') });
  ctx.emit('setup_intent.succeeded', done);
  return done;
}

/**
 * `confirm`: a declining card fails (402 `card_error` with the `setup_intent` in the body, back to
 * requires_payment_method); a 3-D Secure card waits for the customer (`requires_action`, `/3ds/:id`);
 * any other card is set up.
 */
export function confirmSetup(ctx: Ctx, si: SetupIntent, returnUrl: string | null): SetupIntent {
  if (si.status !== 'requires_payment_method' && si.status !== 'requires_confirmation') {
    throw new StripeError(400, 'invalid_request_error', `You cannot confirm this SetupIntent because it has a status of ${si.status}. Only a SetupIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method.`, 'setup_intent_unexpected_state');
  }
  const pm = si.payment_method ? ctx.store.get<PaymentMethod>('payment_method', si.payment_method) : undefined;
  if (!pm) throw new StripeError(400, 'invalid_request_error', "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.", 'setup_intent_unexpected_state');
  const behavior = cardBehavior(ctx, pm.id);
  if (behavior === 'decline_generic' || behavior === 'decline_insufficient_funds') {
    const message = behavior === 'decline_insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.';
    const decline = behavior === 'decline_insufficient_funds' ? 'insufficient_funds' : 'generic_decline';
    const lastError = { type: 'card_error', code: 'card_declined', decline_code: decline, message, payment_method: render(ctx.store, pm) };
    const failed: SetupIntent = ctx.store.put({ ...si, status: 'requires_payment_method', last_setup_error: lastError, payment_method: null });
    ctx.emit('setup_intent.setup_failed', failed);
    const error = new StripeError(402, 'card_error', message, 'card_declined', undefined, decline);
    error.extra = { setup_intent: render(ctx.store, failed), payment_method: render(ctx.store, pm) };
    throw error;
  }
  if (behavior === 'authenticate_always' || behavior === 'authenticate_unless_setup') {
    const url = `${ctx.config.publicUrl}/3ds/${si.id}`;
    const nextAction = returnUrl
      ? { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl, url } }
      : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url, source: null } };
    const waiting: SetupIntent = ctx.store.put({ ...si, status: 'requires_action', next_action: nextAction, _return_url: returnUrl });
    ctx.emit('setup_intent.requires_action', waiting);
    return waiting;
  }
  return setUp(ctx, si, pm);
}

/** The hosted 3-D Secure page's answer for a SetupIntent. */
export function finishSetupAuthentication(ctx: Ctx, si: SetupIntent, approved: boolean): SetupIntent {
  const pm = si.payment_method ? ctx.store.get<PaymentMethod>('payment_method', si.payment_method) : undefined;
  if (!pm) throw new Error(`setup intent ${si.id} has no payment method`);
  if (approved) return setUp(ctx, si, pm);
  const lastError = {
    type: 'invalid_request_error', code: 'setup_intent_authentication_failure',
    message: 'The latest attempt to set up the payment method has failed because authentication failed.', payment_method: render(ctx.store, pm),
  };
  const failed: SetupIntent = ctx.store.put({ ...si, status: 'requires_payment_method', next_action: null, last_setup_error: lastError, payment_method: null });
  ctx.emit('setup_intent.setup_failed', failed);
  return failed;
}
