import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { invalid, missing, requiredParam } from '../errors.ts';
import { attachCard, cardFromAlias, cardFromNumber, createCard, findPaymentMethod } from '../lifecycle/cards-on-file.ts';
import type { Customer, PaymentMethod } from '../objects.ts';
import { int, mergeMetadata, obj, paramsOf, str } from '../wire.ts';
import { findCustomer } from './customers.ts';
import { body, hash, integer, listParams, metadata, query, string } from './params.ts';
import { many, one } from './respond.ts';

const paymentMethodRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store } = ctx;

  app.post('/payment_methods', {
    schema: body({
      type: string(), metadata,
      card: hash({ token: string(), number: string(), exp_month: integer, exp_year: integer, cvc: string() }),
      billing_details: hash({ name: string(), email: string(), phone: string() }),
    }),
  }, async (request) => {
    const p = paramsOf(request);
    if (str(p, 'type') !== 'card') throw invalid('Only `type=card` is supported by this emulator.', 'type', 'parameter_invalid_string');
    const card = obj(p, 'card');
    const token = str(card, 'token');
    let pm: PaymentMethod | undefined;
    if (token) {
      pm = cardFromAlias(ctx, token, null);
      if (!pm) throw missing('token', token, 'card[token]');
    } else {
      const number = str(card, 'number');
      if (!number) throw requiredParam('card[number]');
      pm = createCard(ctx, cardFromNumber(number), { month: int(card, 'exp_month') ?? 12, year: int(card, 'exp_year') ?? 2030 }, str(obj(p, 'billing_details'), 'name') ?? null, null);
    }
    return one(ctx, p, store.put({ ...pm, metadata: mergeMetadata({}, p) }));
  });

  app.get<{ Params: { id: string } }>('/payment_methods/:id', { schema: query() }, async (request) => {
    const pm = store.get<PaymentMethod>('payment_method', request.params.id);
    if (!pm) throw missing('PaymentMethod', request.params.id);
    return one(ctx, paramsOf(request), pm);
  });

  app.post<{ Params: { id: string } }>('/payment_methods/:id', { schema: body({ metadata }) }, async (request) => {
    const p = paramsOf(request);
    const pm = store.get<PaymentMethod>('payment_method', request.params.id);
    if (!pm) throw missing('PaymentMethod', request.params.id);
    const next = store.put({ ...pm, metadata: mergeMetadata(pm.metadata as Record<string, string>, p) });
    ctx.emit('payment_method.updated', next);
    return one(ctx, p, next);
  });

  app.get('/payment_methods', { schema: query({ ...listParams, customer: string(), type: string() }) }, async (request) => {
    const p = paramsOf(request);
    const customer = str(p, 'customer');
    const items = store.all<PaymentMethod>('payment_method').filter((pm) => (customer ? pm.customer === customer : pm.customer !== null));
    return many(ctx, p, items, '/v1/payment_methods');
  });

  app.post<{ Params: { id: string } }>('/payment_methods/:id/attach', { schema: body({ customer: string() }) }, async (request) => {
    const p = paramsOf(request);
    const customerId = str(p, 'customer');
    if (!customerId) throw requiredParam('customer');
    const customer = findCustomer(ctx, customerId, 'customer');
    const pm = findPaymentMethod(ctx, request.params.id, 'payment_method', customer.test_clock);
    return one(ctx, p, attachCard(ctx, pm, customer));
  });

  app.post<{ Params: { id: string } }>('/payment_methods/:id/detach', { schema: body() }, async (request) => {
    const p = paramsOf(request);
    const pm = store.get<PaymentMethod>('payment_method', request.params.id);
    if (!pm) throw missing('PaymentMethod', request.params.id);
    if (!pm.customer) throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.', 'payment_method', 'payment_method_unexpected_state');
    const customer = store.get<Customer>('customer', pm.customer);
    const detached = store.put({ ...pm, customer: null });
    if (customer?.invoice_settings.default_payment_method === pm.id) {
      store.put({ ...customer, invoice_settings: { ...customer.invoice_settings, default_payment_method: null } });
    }
    ctx.emit('payment_method.detached', detached, { previous: { customer: pm.customer } });
    return one(ctx, p, detached);
  });
};

export default paymentMethodRoutes;
