import { aliasCard, lookupCard, type TestCard } from '../cards.ts';
import type { Ctx } from '../context.ts';
import { cardDeclined, invalid, missing, StripeError } from '../errors.ts';
import { buildPaymentMethod, type Customer, type PaymentMethod } from '../objects.ts';
import { behaviorKey } from './billing.ts';

export function createCard(ctx: Ctx, card: TestCard, exp: { month: number; year: number }, name: string | null, clock: string | null): PaymentMethod {
  const pm = ctx.store.put(buildPaymentMethod(card, exp, name, ctx.clock.now(clock)));
  ctx.store.kvSet(behaviorKey(pm.id), card.behavior);
  return pm;
}

/** `pm_card_visa`, `tok_chargeCustomerFail`…: Stripe clones a fresh PaymentMethod for each use. */
export function cardFromAlias(ctx: Ctx, alias: string, clock: string | null): PaymentMethod | undefined {
  const number = aliasCard(alias);
  const card = number ? lookupCard(number) : undefined;
  if (!card) return undefined;
  return createCard(ctx, card, { month: 12, year: new Date().getUTCFullYear() + 3 }, null, clock);
}

export function cardFromNumber(raw: string): TestCard {
  const card = lookupCard(raw);
  if (!card) throw new StripeError(402, 'card_error', 'Your card number is invalid.', 'invalid_number', 'number');
  return card;
}

/** Declining cards can't be attached (PROTOCOL §4.1); 0341 attaches and fails later. */
export function attachCard(ctx: Ctx, pm: PaymentMethod, customer: Customer): PaymentMethod {
  if (pm.customer && pm.customer !== customer.id) {
    throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method', 'payment_method_unexpected_state');
  }
  if (pm.customer === customer.id) return pm;
  const behavior = ctx.store.kvGet(behaviorKey(pm.id));
  if (behavior === 'decline_generic') throw cardDeclined('generic_decline');
  if (behavior === 'decline_insufficient_funds') throw cardDeclined('insufficient_funds');
  const attached = ctx.store.put({ ...pm, customer: customer.id });
  ctx.emit('payment_method.attached', attached, { clock: customer.test_clock });
  return attached;
}

/** Resolves an id or a test alias to a stored PaymentMethod. */
export function findPaymentMethod(ctx: Ctx, id: string, param: string, clock: string | null = null): PaymentMethod {
  const pm = ctx.store.get<PaymentMethod>('payment_method', id) ?? cardFromAlias(ctx, id, clock);
  if (!pm) throw missing('PaymentMethod', id, param);
  return pm;
}

export function setCustomerDefault(ctx: Ctx, customer: Customer, pm: string): Customer {
  if (customer.invoice_settings.default_payment_method === pm) return customer;
  const previous = { invoice_settings: customer.invoice_settings };
  const next = ctx.store.put({ ...customer, invoice_settings: { ...customer.invoice_settings, default_payment_method: pm } });
  ctx.emit('customer.updated', next, { previous, clock: customer.test_clock });
  return next;
}
