import type { FastifyPluginAsync } from 'fastify';
import type { Ctx, PluginOptions } from '../context.ts';
import { invalid, missing } from '../errors.ts';
import { attachCard, findPaymentMethod, setCustomerDefault } from '../lifecycle/cards-on-file.ts';
import { buildCustomer, type Customer, type PaymentMethod } from '../objects.ts';
import { createdFilter, mergeMetadata, obj, paramsOf, str } from '../wire.ts';
import { body, hash, listParams, metadata, query, range, searchParams, string } from './params.ts';
import { many, one, search } from './respond.ts';

/** The customer fields create and update share (lengths as Stripe documents them). */
const customerFields = {
  email: string(512), name: string(256), phone: string(20), description: string(), metadata,
  invoice_settings: hash({ default_payment_method: string() }),
};

export function findCustomer(ctx: Ctx, id: string, param = 'id'): Customer {
  const customer = ctx.store.get<Customer>('customer', id);
  if (!customer || customer.deleted) throw missing('customer', id, param);
  return customer;
}

const customerRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store } = ctx;

  app.post('/customers', { schema: body({ ...customerFields, payment_method: string(), test_clock: string() }) }, async (request) => {
    const p = paramsOf(request);
    const testClock = str(p, 'test_clock') ?? null;
    if (testClock && !store.get('test_helpers.test_clock', testClock)) throw missing('test_helpers.test_clock', testClock, 'test_clock');
    let customer = store.put(buildCustomer({
      email: str(p, 'email') ?? null, name: str(p, 'name') ?? null, phone: str(p, 'phone') ?? null,
      description: str(p, 'description') ?? null, metadata: mergeMetadata({}, p), testClock,
    }, ctx.clock.now(testClock)));
    ctx.emit('customer.created', customer, { clock: testClock });
    const pmId = str(p, 'payment_method');
    if (pmId) {
      const pm = attachCard(ctx, findPaymentMethod(ctx, pmId, 'payment_method', testClock), customer);
      const settings = obj(p, 'invoice_settings');
      if (str(settings, 'default_payment_method') === pmId) customer = setCustomerDefault(ctx, customer, pm.id);
    }
    return one(ctx, p, customer);
  });

  app.get('/customers/search', { schema: query(searchParams) }, async (request) => search(ctx, paramsOf(request), 'customer', '/v1/customers/search'));

  app.get<{ Params: { id: string } }>('/customers/:id', { schema: query() }, async (request) => {
    const customer = store.get<Customer>('customer', request.params.id);
    if (!customer) throw missing('customer', request.params.id);
    if (customer.deleted) return { id: customer.id, object: 'customer', deleted: true };
    return one(ctx, paramsOf(request), customer);
  });

  app.post<{ Params: { id: string } }>('/customers/:id', { schema: body(customerFields) }, async (request) => {
    const p = paramsOf(request);
    const customer = findCustomer(ctx, request.params.id);
    const previous: Record<string, unknown> = {};
    const next: Customer = { ...customer };
    for (const field of ['email', 'name', 'phone', 'description'] as const) {
      if (field in p) {
        previous[field] = customer[field] ?? null;
        next[field] = str(p, field) ?? null;
      }
    }
    if ('metadata' in p) {
      previous.metadata = customer.metadata;
      next.metadata = mergeMetadata(customer.metadata, p);
    }
    const settings = obj(p, 'invoice_settings');
    const defaultPm = settings && 'default_payment_method' in settings ? str(settings, 'default_payment_method') ?? null : undefined;
    if (defaultPm !== undefined) {
      if (defaultPm) {
        const pm = findPaymentMethod(ctx, defaultPm, 'invoice_settings[default_payment_method]', customer.test_clock);
        if (pm.customer !== customer.id) throw invalid(`The customer does not have a payment method with the ID ${defaultPm}.`, 'invoice_settings[default_payment_method]', 'resource_missing');
      }
      previous.invoice_settings = customer.invoice_settings;
      next.invoice_settings = { ...customer.invoice_settings, default_payment_method: defaultPm };
    }
    store.put(next);
    ctx.emit('customer.updated', next, { previous, clock: customer.test_clock });
    return one(ctx, p, next);
  });

  app.delete<{ Params: { id: string } }>('/customers/:id', { schema: query() }, async (request) => {
    const customer = findCustomer(ctx, request.params.id);
    store.put({ ...customer, deleted: true });
    ctx.emit('customer.deleted', customer, { clock: customer.test_clock });
    return { id: customer.id, object: 'customer', deleted: true };
  });

  app.get('/customers', { schema: query({ ...listParams, email: string(512), test_clock: string(), created: range }) }, async (request) => {
    const p = paramsOf(request);
    const email = str(p, 'email');
    const clock = str(p, 'test_clock');
    const created = createdFilter(p);
    // The email filter is exact and case-sensitive (PROTOCOL §2.1).
    const items = store.all<Customer>('customer').filter((c) => !c.deleted && (!email || c.email === email) && (!clock || c.test_clock === clock) && created(c.created));
    return many(ctx, p, items, '/v1/customers');
  });

  app.get<{ Params: { id: string } }>('/customers/:id/payment_methods', { schema: query({ ...listParams, type: string() }) }, async (request) => {
    const p = paramsOf(request);
    const customer = findCustomer(ctx, request.params.id);
    const items = store.all<PaymentMethod>('payment_method').filter((pm) => pm.customer === customer.id);
    return many(ctx, p, items, `/v1/customers/${customer.id}/payment_methods`);
  });
};

export default customerRoutes;
