import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { invalid, missing, requiredParam } from '../errors.ts';
import { findPaymentMethod } from '../lifecycle/cards-on-file.ts';
import { buildPaymentIntent, confirmIntent, type PaymentIntent } from '../lifecycle/payments.ts';
import type { Customer } from '../objects.ts';
import type { StoredObject } from '../store.ts';
import { bool, createdFilter, int, mergeMetadata, paramsOf, str, type Params } from '../wire.ts';
import { findCustomer } from './customers.ts';
import { array, body, boolean, hash, integer, listParams, metadata, oneOf, query, range, string } from './params.ts';
import { many, one } from './respond.ts';

/** `off_session` is a boolean or `one_off` / `recurring` (both mean off-session). */
const offSessionParam = oneOf('true', 'false', 'one_off', 'recurring');
const isOffSession = (p: Params): boolean => ['true', 'one_off', 'recurring'].includes(str(p, 'off_session') ?? '');

const paymentIntentRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store } = ctx;
  const find = (id: string): PaymentIntent => {
    const pi = store.get<PaymentIntent>('payment_intent', id);
    if (!pi) throw missing('payment_intent', id, 'intent');
    return pi;
  };
  const pmFor = (p: Params, customer: Customer | undefined): string | null => {
    const id = str(p, 'payment_method');
    if (!id) return null;
    const pm = findPaymentMethod(ctx, id, 'payment_method', customer?.test_clock ?? null);
    if (pm.customer && customer && pm.customer !== customer.id) {
      throw invalid(`The provided PaymentMethod ${pm.id} belongs to a different Customer.`, 'payment_method', 'payment_method_unexpected_state');
    }
    if (pm.customer && !customer) {
      throw invalid(`The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.`, 'payment_method', 'payment_method_unexpected_state');
    }
    return pm.id;
  };

  app.post('/payment_intents', {
    schema: body({
      amount: integer, currency: string(), customer: string(), payment_method: string(), confirm: boolean, off_session: offSessionParam,
      description: string(1000), metadata, setup_future_usage: oneOf('on_session', 'off_session'), statement_descriptor_suffix: string(22),
      receipt_email: string(), return_url: string(), payment_method_types: array(string()), error_on_requires_action: boolean,
      automatic_payment_methods: hash({ enabled: boolean, allow_redirects: oneOf('always', 'never') }),
    }),
  }, async (request) => {
    const p = paramsOf(request);
    const amount = int(p, 'amount');
    if (amount === undefined) throw requiredParam('amount');
    const currency = str(p, 'currency');
    if (!currency) throw requiredParam('currency');
    if (amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    const customerId = str(p, 'customer');
    const customer = customerId ? findCustomer(ctx, customerId, 'customer') : undefined;
    if (isOffSession(p) && str(p, 'confirm') !== 'true') throw invalid('`off_session` can only be used when `confirm=true`.', 'off_session', 'parameter_invalid_string');
    const pi = store.put(buildPaymentIntent({
      amount, currency: currency.toLowerCase(), customer: customer?.id ?? null, description: str(p, 'description') ?? null, metadata: mergeMetadata({}, p),
      paymentMethod: pmFor(p, customer), setupFutureUsage: (str(p, 'setup_future_usage') as PaymentIntent['setup_future_usage']) ?? null,
      statementDescriptorSuffix: str(p, 'statement_descriptor_suffix') ?? null, receiptEmail: str(p, 'receipt_email') ?? null,
    }, ctx.clock.now()));
    ctx.emit('payment_intent.created', pi);
    if (bool(p, 'confirm') !== true) return one(ctx, p, pi);
    // Not in a transaction: a declined attempt keeps its failed charge and intent state, as Stripe's does.
    return one(ctx, p, confirmIntent(ctx, pi, { offSession: isOffSession(p), returnUrl: str(p, 'return_url') ?? null }));
  });

  app.get<{ Params: { id: string } }>('/payment_intents/:id', { schema: query({ client_secret: string() }) }, async (request) => one(ctx, paramsOf(request), find(request.params.id)));

  app.post<{ Params: { id: string } }>('/payment_intents/:id', {
    schema: body({ amount: integer, description: string(1000), metadata, payment_method: string(), setup_future_usage: oneOf('on_session', 'off_session'), receipt_email: string() }),
  }, async (request) => {
    const p = paramsOf(request);
    const pi = find(request.params.id);
    if (pi.status === 'succeeded' || pi.status === 'canceled') {
      throw invalid(`This PaymentIntent's ${Object.keys(p)[0] ?? 'amount'} could not be updated because it has a status of ${pi.status}. You may only update the ${Object.keys(p)[0] ?? 'amount'} of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`, undefined, 'payment_intent_unexpected_state');
    }
    const customer = pi.customer ? store.get<Customer>('customer', pi.customer) : undefined;
    const pm = 'payment_method' in p ? pmFor(p, customer) : pi.payment_method;
    const next: PaymentIntent = store.put({
      ...pi, amount: int(p, 'amount') ?? pi.amount, description: 'description' in p ? str(p, 'description') ?? null : pi.description,
      metadata: mergeMetadata(pi.metadata, p), payment_method: pm, status: pm ? 'requires_confirmation' : 'requires_payment_method',
      setup_future_usage: 'setup_future_usage' in p ? (str(p, 'setup_future_usage') as PaymentIntent['setup_future_usage']) ?? null : pi.setup_future_usage,
    });
    return one(ctx, p, next);
  });

  app.post<{ Params: { id: string } }>('/payment_intents/:id/confirm', {
    schema: body({ payment_method: string(), off_session: offSessionParam, return_url: string(), setup_future_usage: oneOf('on_session', 'off_session'), error_on_requires_action: boolean }),
  }, async (request) => {
    const p = paramsOf(request);
    let pi = find(request.params.id);
    const customer = pi.customer ? store.get<Customer>('customer', pi.customer) : undefined;
    if ('payment_method' in p) pi = { ...pi, payment_method: pmFor(p, customer) };
    if (str(p, 'setup_future_usage')) pi = { ...pi, setup_future_usage: str(p, 'setup_future_usage') as PaymentIntent['setup_future_usage'] };
    const ready = pi;
    return one(ctx, p, confirmIntent(ctx, ready, { offSession: isOffSession(p), returnUrl: str(p, 'return_url') ?? null }));
  });

  app.post<{ Params: { id: string } }>('/payment_intents/:id/cancel', { schema: body({ cancellation_reason: oneOf('duplicate', 'fraudulent', 'requested_by_customer', 'abandoned') }) }, async (request) => {
    const p = paramsOf(request);
    const pi = find(request.params.id);
    if (pi.status === 'succeeded' || pi.status === 'canceled') {
      throw invalid(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`, undefined, 'payment_intent_unexpected_state');
    }
    const canceled = store.put({ ...pi, status: 'canceled' as const, canceled_at: ctx.clock.now(), cancellation_reason: str(p, 'cancellation_reason') ?? null, next_action: null });
    ctx.emit('payment_intent.canceled', canceled);
    return one(ctx, p, canceled);
  });

  app.get('/payment_intents', { schema: query({ ...listParams, customer: string(), created: range }) }, async (request) => {
    const p = paramsOf(request);
    const customer = str(p, 'customer');
    const created = createdFilter(p);
    const items = store.all<PaymentIntent>('payment_intent').filter((pi: StoredObject) => (!customer || pi.customer === customer) && created(Number(pi.created)));
    return many(ctx, p, items, '/v1/payment_intents');
  });
};

export default paymentIntentRoutes;
