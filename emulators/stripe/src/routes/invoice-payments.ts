import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { missing } from '../errors.ts';
import type { InvoicePayment } from '../objects.ts';
import { obj, paramsOf, str } from '../wire.ts';
import { hash, listParams, oneOf, query, string } from './params.ts';
import { many, one } from './respond.ts';

const invoicePaymentRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  app.get('/invoice_payments', { schema: query({ ...listParams, invoice: string(), status: oneOf('canceled', 'open', 'paid'), payment: hash({ payment_intent: string(), type: oneOf('payment_intent') }) }) }, async (request) => {
    const p = paramsOf(request);
    const invoice = str(p, 'invoice');
    const status = str(p, 'status');
    const pi = str(obj(p, 'payment'), 'payment_intent');
    const items = ctx.store.all<InvoicePayment>('invoice_payment').filter((x) =>
      (!invoice || x.invoice === invoice) && (!status || x.status === status) && (!pi || x.payment.payment_intent === pi));
    return many(ctx, p, items, '/v1/invoice_payments');
  });
  app.get<{ Params: { id: string } }>('/invoice_payments/:id', { schema: query() }, async (request) => {
    const payment = ctx.store.get<InvoicePayment>('invoice_payment', request.params.id);
    if (!payment) throw missing('invoice_payment', request.params.id);
    return one(ctx, paramsOf(request), payment);
  });
};

export default invoicePaymentRoutes;
