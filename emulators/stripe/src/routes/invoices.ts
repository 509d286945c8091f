import type { FastifyPluginAsync } from 'fastify';
import type { Ctx, PluginOptions } from '../context.ts';
import { cardDeclined, invalid, missing } from '../errors.ts';
import { attemptPayment, finalizeInvoice, paymentMethodFor } from '../lifecycle/billing.ts';
import { findPaymentMethod } from '../lifecycle/cards-on-file.ts';
import type { Invoice } from '../objects.ts';
import { createdFilter, mergeMetadata, paramsOf, str } from '../wire.ts';
import { body, listParams, metadata, oneOf, query, range, searchParams, string } from './params.ts';
import { many, one, search } from './respond.ts';

export function findInvoice(ctx: Ctx, id: string, param = 'id'): Invoice {
  const invoice = ctx.store.get<Invoice>('invoice', id);
  if (!invoice) throw missing('invoice', id, param);
  return invoice;
}

const notInState = (invoice: Invoice, allowed: string): Error =>
  invalid(`You can only perform this action on invoices with status ${allowed}. This invoice has status ${invoice.status}.`, undefined, 'invoice_not_editable');

const invoiceRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store } = ctx;

  app.get('/invoices/search', { schema: query(searchParams) }, async (request) => search(ctx, paramsOf(request), 'invoice', '/v1/invoices/search'));

  app.get('/invoices', { schema: query({ ...listParams, customer: string(), subscription: string(), status: oneOf('draft', 'open', 'paid', 'uncollectible', 'void'), created: range }) }, async (request) => {
    const p = paramsOf(request);
    const customer = str(p, 'customer');
    const subscription = str(p, 'subscription');
    const status = str(p, 'status');
    const created = createdFilter(p);
    const items = store.all<Invoice>('invoice').filter((i) =>
      (!customer || i.customer === customer) && (!subscription || i.parent?.subscription_details.subscription === subscription) &&
      (!status || i.status === status) && created(i.created));
    return many(ctx, p, items, '/v1/invoices');
  });

  app.get<{ Params: { id: string } }>('/invoices/:id', { schema: query() }, async (request) => one(ctx, paramsOf(request), findInvoice(ctx, request.params.id)));

  app.post<{ Params: { id: string } }>('/invoices/:id', { schema: body({ metadata }) }, async (request) => {
    const p = paramsOf(request);
    const invoice = findInvoice(ctx, request.params.id);
    const next = store.put({ ...invoice, metadata: mergeMetadata(invoice.metadata as Record<string, string>, p) });
    ctx.emit('invoice.updated', next, { previous: { metadata: invoice.metadata }, clock: invoice.test_clock });
    return one(ctx, p, next);
  });

  app.get<{ Params: { id: string } }>('/invoices/:id/lines', { schema: query(listParams) }, async (request) => {
    const p = paramsOf(request);
    const invoice = findInvoice(ctx, request.params.id);
    return many(ctx, p, invoice.lines.data, `/v1/invoices/${invoice.id}/lines`);
  });

  app.post<{ Params: { id: string } }>('/invoices/:id/finalize', { schema: body() }, async (request) => {
    const p = paramsOf(request);
    const invoice = findInvoice(ctx, request.params.id);
    if (invoice.status !== 'draft') throw notInState(invoice, 'draft');
    store.cancelJobs(invoice.id);
    return one(ctx, p, finalizeInvoice(ctx, invoice));
  });

  app.post<{ Params: { id: string } }>('/invoices/:id/pay', { schema: body({ payment_method: string() }) }, async (request) => {
    const p = paramsOf(request);
    let invoice = findInvoice(ctx, request.params.id);
    if (invoice.status === 'paid') throw invalid('Invoice is already paid', undefined, 'invoice_payment_intent_requires_action');
    if (invoice.status === 'draft') {
      store.cancelJobs(invoice.id);
      invoice = finalizeInvoice(ctx, invoice);
    }
    if (invoice.status !== 'open') throw notInState(invoice, 'open');
    const pmParam = str(p, 'payment_method');
    const pmId = pmParam ? findPaymentMethod(ctx, pmParam, 'payment_method', invoice.test_clock).id : paymentMethodFor(ctx, invoice);
    const result = store.transaction(() => attemptPayment(ctx, invoice, pmId, false));
    if (!result.ok) throw cardDeclined(result.declineCode);
    return one(ctx, p, result.invoice);
  });

  app.post<{ Params: { id: string } }>('/invoices/:id/void', { schema: body() }, async (request) => {
    const p = paramsOf(request);
    const invoice = findInvoice(ctx, request.params.id);
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible') throw notInState(invoice, 'open or uncollectible');
    store.cancelJobs(invoice.id);
    const now = ctx.clock.now(invoice.test_clock);
    const voided = store.put({ ...invoice, status: 'void' as const, next_payment_attempt: null, amount_remaining: 0, status_transitions: { ...invoice.status_transitions, voided_at: now } });
    ctx.emit('invoice.voided', voided, { clock: invoice.test_clock });
    return one(ctx, p, voided);
  });

  app.post<{ Params: { id: string } }>('/invoices/:id/mark_uncollectible', { schema: body() }, async (request) => {
    const p = paramsOf(request);
    const invoice = findInvoice(ctx, request.params.id);
    if (invoice.status !== 'open') throw notInState(invoice, 'open');
    store.cancelJobs(invoice.id);
    const now = ctx.clock.now(invoice.test_clock);
    const marked = store.put({ ...invoice, status: 'uncollectible' as const, next_payment_attempt: null, status_transitions: { ...invoice.status_transitions, marked_uncollectible_at: now } });
    ctx.emit('invoice.marked_uncollectible', marked, { clock: invoice.test_clock });
    return one(ctx, p, marked);
  });
};

export default invoiceRoutes;
