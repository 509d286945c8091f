import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { invalid, missing, StripeError } from '../errors.ts';
import { findPaymentMethod } from '../lifecycle/cards-on-file.ts';
import { buildSetupIntent, confirmSetup, type SetupIntent } from '../lifecycle/setup-intents.ts';
import type { Customer } from '../objects.ts';
import { bool, createdFilter, mergeMetadata, paramsOf, str, type Params } from '../wire.ts';
import { findCustomer } from './customers.ts';
import { array, body, boolean, hash, listParams, metadata, oneOf, query, range, string } from './params.ts';
import { many, one } from './respond.ts';

/** SetupIntents: save a card for later (off-session) charges without charging it now. */
const setupIntentRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store } = ctx;
  const find = (id: string): SetupIntent => {
    const si = store.get<SetupIntent>('setup_intent', id);
    if (!si) throw missing('setup_intent', id, 'intent');
    return si;
  };
  const pmFor = (p: Params, customer: Customer | undefined): string | null => {
    const id = str(p, 'payment_method');
    if (!id) return null;
    const pm = findPaymentMethod(ctx, id, 'payment_method', customer?.test_clock ?? null);
    if (pm.customer && pm.customer !== customer?.id) {
      throw invalid(`The provided PaymentMethod ${pm.id} belongs to a different Customer.`, 'payment_method', 'payment_method_unexpected_state');
    }
    return pm.id;
  };

  app.post('/setup_intents', {
    schema: body({
      customer: string(), payment_method: string(), confirm: boolean, usage: oneOf('on_session', 'off_session'), description: string(1000), metadata,
      return_url: string(), payment_method_types: array(string()), automatic_payment_methods: hash({ enabled: boolean, allow_redirects: oneOf('always', 'never') }),
    }),
  }, async (request) => {
    const p = paramsOf(request);
    const customerId = str(p, 'customer');
    const customer = customerId ? findCustomer(ctx, customerId, 'customer') : undefined;
    const si = store.put(buildSetupIntent({
      customer: customer?.id ?? null, description: str(p, 'description') ?? null, metadata: mergeMetadata({}, p), paymentMethod: pmFor(p, customer),
      usage: (str(p, 'usage') as SetupIntent['usage'] | undefined) ?? 'off_session',
    }, ctx.clock.now()));
    ctx.emit('setup_intent.created', si);
    if (bool(p, 'confirm') !== true) return one(ctx, p, si);
    // Not in a transaction: a declined attempt keeps its state, as Stripe's does.
    return one(ctx, p, confirmSetup(ctx, si, str(p, 'return_url') ?? null));
  });

  app.get<{ Params: { id: string } }>('/setup_intents/:id', { schema: query({ client_secret: string() }) }, async (request) => one(ctx, paramsOf(request), find(request.params.id)));

  app.post<{ Params: { id: string } }>('/setup_intents/:id', { schema: body({ customer: string(), description: string(1000), metadata, payment_method: string() }) }, async (request) => {
    const p = paramsOf(request);
    const si = find(request.params.id);
    if (si.status === 'succeeded' || si.status === 'canceled') {
      throw new StripeError(400, 'invalid_request_error', `You cannot update this SetupIntent because it has a status of ${si.status}.`, 'setup_intent_unexpected_state');
    }
    const customerId = str(p, 'customer') ?? si.customer;
    const customer = customerId ? findCustomer(ctx, customerId, 'customer') : undefined;
    const pm = 'payment_method' in p ? pmFor(p, customer) : si.payment_method;
    return one(ctx, p, store.put({
      ...si, customer: customer?.id ?? null, description: 'description' in p ? str(p, 'description') ?? null : si.description, metadata: mergeMetadata(si.metadata, p),
      payment_method: pm, status: pm ? 'requires_confirmation' : 'requires_payment_method',
    }));
  });

  app.post<{ Params: { id: string } }>('/setup_intents/:id/confirm', { schema: body({ payment_method: string(), return_url: string() }) }, async (request) => {
    const p = paramsOf(request);
    let si = find(request.params.id);
    const customer = si.customer ? store.get<Customer>('customer', si.customer) : undefined;
    if ('payment_method' in p) si = { ...si, payment_method: pmFor(p, customer) };
    const ready = si;
    return one(ctx, p, confirmSetup(ctx, ready, str(p, 'return_url') ?? null));
  });

  app.post<{ Params: { id: string } }>('/setup_intents/:id/cancel', { schema: body({ cancellation_reason: oneOf('abandoned', 'duplicate', 'requested_by_customer') }) }, async (request) => {
    const p = paramsOf(request);
    const si = find(request.params.id);
    if (si.status === 'succeeded' || si.status === 'canceled') {
      throw new StripeError(400, 'invalid_request_error', `You cannot cancel this SetupIntent because it has a status of ${si.status}. Only a SetupIntent with one of the following statuses may be canceled: requires_payment_method, requires_confirmation, requires_action.`, 'setup_intent_unexpected_state');
    }
    const canceled = store.put({ ...si, status: 'canceled' as const, cancellation_reason: str(p, 'cancellation_reason') ?? null, next_action: null });
    ctx.emit('setup_intent.canceled', canceled);
    return one(ctx, p, canceled);
  });

  app.get('/setup_intents', { schema: query({ ...listParams, customer: string(), payment_method: string(), created: range }) }, async (request) => {
    const p = paramsOf(request);
    const customer = str(p, 'customer');
    const pm = str(p, 'payment_method');
    const created = createdFilter(p);
    const items = store.all<SetupIntent>('setup_intent').filter((si) => (!customer || si.customer === customer) && (!pm || si.payment_method === pm) && created(Number(si.created)));
    return many(ctx, p, items, '/v1/setup_intents');
  });
};

export default setupIntentRoutes;
