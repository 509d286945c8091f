import type { TestCard } from '../cards.ts';
import type { Ctx } from '../context.ts';
import { cardDeclined } from '../errors.ts';
import { buildCustomer, buildSubscription, type CheckoutSession, type Customer, type Price, type Subscription } from '../objects.ts';
import { attachCard, createCard, setCustomerDefault } from './cards-on-file.ts';
import { buildPaymentIntent, succeed } from './payments.ts';
import { buildSetupIntent, setUp } from './setup-intents.ts';
import { attemptPayment, createSubscriptionInvoice, finalizeInvoice, scheduleSubscription } from './billing.ts';
import { DAY } from './jobs.ts';

export interface CardForm {
  card: TestCard;
  exp: { month: number; year: number };
  name: string | null;
  email: string | null;
}

/** A payment that waits for the 3-D Secure challenge: the hosted page sends the browser there. */
export interface ThreeDsChallenge {
  challenge: string;
}

export const isChallenge = (result: CheckoutSession | ThreeDsChallenge): result is ThreeDsChallenge => typeof result.challenge === 'string' && !('object' in result);

export function trialDays(session: CheckoutSession): number | null {
  return session._subscription_data.trial_period_days;
}

/**
 * The hosted Checkout "Subscribe" button (PROTOCOL §4.3 A). Declines throw before anything is written, so a
 * declined card creates nothing. Runs inside one transaction.
 */
export function completeCheckout(ctx: Ctx, session: CheckoutSession, form: CardForm): CheckoutSession | ThreeDsChallenge {
  if (session.mode === 'payment') return completePaymentCheckout(ctx, session, form);
  if (session.mode === 'setup') return completeSetupCheckout(ctx, session, form);
  const trial = trialDays(session);
  if (form.card.behavior === 'decline_generic') throw cardDeclined('generic_decline');
  if (form.card.behavior === 'decline_insufficient_funds') throw cardDeclined('insufficient_funds');
  // Without a trial the first charge happens now, and Checkout shows its decline (no subscription is created).
  if (!trial && form.card.behavior === 'charge_fail') throw cardDeclined('generic_decline');

  const priceId = session._line_items[0]?.price;
  const price = priceId ? ctx.store.get<Price>('price', priceId) : undefined;
  if (!price) throw new Error(`checkout session ${session.id} has no price`);

  let customer = session.customer ? ctx.store.get<Customer>('customer', session.customer) : undefined;
  const clock = customer?.test_clock ?? null;
  const now = ctx.clock.now(clock);
  if (!customer) {
    customer = ctx.store.put(buildCustomer({ email: form.email ?? session.customer_email, name: form.name, phone: null, description: null, metadata: {}, testClock: null }, now));
    ctx.emit('customer.created', customer);
  }
  const pm = attachCard(ctx, createCard(ctx, form.card, form.exp, form.name, clock), customer);
  customer = setCustomerDefault(ctx, customer, pm.id);

  let sub: Subscription = ctx.store.put(buildSubscription({
    customer: customer.id, price, metadata: session._subscription_data.metadata, defaultPaymentMethod: pm.id, testClock: clock,
    trialEnd: trial ? now + trial * DAY : null,
  }, now));
  ctx.emit('customer.subscription.created', sub, { clock });

  const item = sub.items.data[0];
  const amount = trial ? 0 : price.unit_amount;
  const invoice = finalizeInvoice(ctx, createSubscriptionInvoice(ctx, sub, 'subscription_create', amount, now, item?.current_period_end ?? now));
  sub = ctx.store.put({ ...sub, latest_invoice: invoice.id });
  const paid = attemptPayment(ctx, invoice, pm.id, false);
  if (!trial && paid.ok) {
    sub = ctx.store.get<Subscription>('subscription', sub.id) ?? sub;
    if (sub.status === 'incomplete') {
      const previous = { status: sub.status };
      sub = ctx.store.put({ ...sub, status: 'active' });
      ctx.emit('customer.subscription.updated', sub, { previous, clock });
    }
  }
  scheduleSubscription(ctx, sub, now);

  const completed: CheckoutSession = ctx.store.put({
    ...session, status: 'complete', url: null, customer: customer.id, subscription: sub.id, invoice: invoice.id,
    payment_status: trial ? 'no_payment_required' : 'paid',
    customer_details: { address: null, business_name: null, email: customer.email, individual_name: null, name: form.name, phone: null, tax_exempt: 'none', tax_ids: [] },
  });
  ctx.store.cancelJobs(session.id);
  ctx.emit('checkout.session.completed', completed, { clock });
  return completed;
}

/**
 * `payment` mode "Pay": one PaymentIntent for the total, charged now. A customer is created when asked
 * (`customer_creation: always`) or when the card is saved (`setup_future_usage`), and the card is attached to it.
 * A 3-D Secure card (4000002760003184, or 4000002500003155 not yet set up) waits for the challenge
 * (`/3ds/:pi`), which finishes the session; declines create nothing.
 */
function completePaymentCheckout(ctx: Ctx, session: CheckoutSession, form: CardForm): CheckoutSession | ThreeDsChallenge {
  const behavior = form.card.behavior;
  if (behavior === 'decline_generic' || behavior === 'charge_fail') throw cardDeclined('generic_decline');
  if (behavior === 'decline_insufficient_funds') throw cardDeclined('insufficient_funds');
  const data = session._payment_intent_data ?? { setup_future_usage: null, description: null, metadata: {}, statement_descriptor_suffix: null };
  const now = ctx.clock.now();
  let customer = session.customer ? ctx.store.get<Customer>('customer', session.customer) : undefined;
  if (!customer && (session.customer_creation === 'always' || data.setup_future_usage)) {
    customer = ctx.store.put(buildCustomer({ email: form.email ?? session.customer_email, name: form.name, phone: null, description: null, metadata: {}, testClock: null }, now));
    ctx.emit('customer.created', customer);
  }
  const pm = createCard(ctx, form.card, form.exp, form.name, null);
  const pi = ctx.store.put(buildPaymentIntent({
    amount: Number(session.amount_total), currency: String(session.currency), customer: customer?.id ?? null, description: data.description,
    metadata: data.metadata, paymentMethod: pm.id, setupFutureUsage: data.setup_future_usage, statementDescriptorSuffix: data.statement_descriptor_suffix,
    receiptEmail: null,
  }, now));
  ctx.emit('payment_intent.created', pi);
  const customerDetails = { address: null, business_name: null, email: customer?.email ?? form.email ?? session.customer_email, individual_name: null, name: form.name, phone: null, tax_exempt: 'none', tax_ids: [] };
  if (behavior === 'authenticate_always' || behavior === 'authenticate_unless_setup') {
    const url = `${ctx.config.publicUrl}/3ds/${pi.id}`;
    const waiting = ctx.store.put({ ...pi, status: 'requires_action' as const, next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url, source: null } } });
    ctx.store.put({ ...session, customer: customer?.id ?? null, payment_intent: pi.id, customer_details: customerDetails });
    ctx.emit('payment_intent.requires_action', waiting);
    return { challenge: url };
  }
  succeed(ctx, pi, pm);
  return finishPaymentCheckout(ctx, { ...session, customer: customer?.id ?? null, payment_intent: pi.id, customer_details: customerDetails });
}

/**
 * `setup` mode "Save card": a SetupIntent, set up now (the page stands in for a 3-D Secure challenge), the
 * card attached to the session's customer (made when `customer_creation: always`); nothing is charged.
 */
function completeSetupCheckout(ctx: Ctx, session: CheckoutSession, form: CardForm): CheckoutSession {
  const behavior = form.card.behavior;
  if (behavior === 'decline_generic') throw cardDeclined('generic_decline');
  if (behavior === 'decline_insufficient_funds') throw cardDeclined('insufficient_funds');
  const now = ctx.clock.now();
  let customer = session.customer ? ctx.store.get<Customer>('customer', session.customer) : undefined;
  if (!customer && session.customer_creation === 'always') {
    customer = ctx.store.put(buildCustomer({ email: form.email ?? session.customer_email, name: form.name, phone: null, description: null, metadata: {}, testClock: null }, now));
    ctx.emit('customer.created', customer);
  }
  const pm = createCard(ctx, form.card, form.exp, form.name, null);
  const data = (session._setup_intent_data ?? { description: null, metadata: {} }) as { description: string | null; metadata: Record<string, string> };
  const si = ctx.store.put(buildSetupIntent({ customer: customer?.id ?? null, description: data.description, metadata: data.metadata, paymentMethod: pm.id, usage: 'off_session' }, now));
  ctx.emit('setup_intent.created', si);
  setUp(ctx, si, pm);
  const completed: CheckoutSession = ctx.store.put({
    ...session, status: 'complete', url: null, customer: customer?.id ?? null, setup_intent: si.id,
    customer_details: { address: null, business_name: null, email: customer?.email ?? form.email ?? session.customer_email, individual_name: null, name: form.name, phone: null, tax_exempt: 'none', tax_ids: [] },
  });
  ctx.store.cancelJobs(session.id);
  ctx.emit('checkout.session.completed', completed);
  return completed;
}

/** The session of a payment that succeeded (at once, or after its challenge): complete, `checkout.session.completed`. */
export function finishPaymentCheckout(ctx: Ctx, session: CheckoutSession): CheckoutSession {
  const completed: CheckoutSession = ctx.store.put({ ...session, status: 'complete', url: null, payment_status: 'paid' });
  ctx.store.cancelJobs(session.id);
  ctx.emit('checkout.session.completed', completed);
  return completed;
}

/** The open payment-mode session a PaymentIntent waiting for its challenge belongs to. */
export function checkoutOfIntent(ctx: Ctx, piId: string): CheckoutSession | undefined {
  return ctx.store.all<CheckoutSession>('checkout.session').find((s) => s.mode === 'payment' && s.status === 'open' && s.payment_intent === piId);
}

/** What Checkout says when the challenge failed (Stripe's words). */
export const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** Where the browser goes after success: `{CHECKOUT_SESSION_ID}` replaced by the id (also when still encoded). */
export function successRedirect(session: CheckoutSession): string {
  return (session.success_url ?? '').replace(/\{CHECKOUT_SESSION_ID\}|%7BCHECKOUT_SESSION_ID%7D/gi, session.id);
}
