import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { invalid, missing, StripeError } from '../errors.ts';
import { refundCharge, type Charge, type PaymentIntent, type Refund } from '../lifecycle/payments.ts';
import type { StoredObject } from '../store.ts';
import { int, mergeMetadata, paramsOf, str } from '../wire.ts';
import { body, integer, listParams, metadata, oneOf, query, string } from './params.ts';
import { many, one } from './respond.ts';

/** Charges (read-only here: PaymentIntents make them), Refunds and Disputes. */
const refundRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store } = ctx;
  const charge = (id: string, param = 'id'): Charge => {
    const found = store.get<Charge>('charge', id);
    if (!found) throw missing('charge', id, param);
    return found;
  };

  app.get<{ Params: { id: string } }>('/charges/:id', { schema: query() }, async (request) => one(ctx, paramsOf(request), charge(request.params.id)));
  app.get('/charges', { schema: query({ ...listParams, customer: string(), payment_intent: string() }) }, async (request) => {
    const p = paramsOf(request);
    const customer = str(p, 'customer');
    const pi = str(p, 'payment_intent');
    return many(ctx, p, store.all<Charge>('charge').filter((c) => (!customer || c.customer === customer) && (!pi || c.payment_intent === pi)), '/v1/charges');
  });

  app.post('/refunds', {
    schema: body({ charge: string(), payment_intent: string(), amount: integer, reason: oneOf('duplicate', 'fraudulent', 'requested_by_customer'), metadata }),
  }, async (request) => {
    const p = paramsOf(request);
    const piId = str(p, 'payment_intent');
    const chargeId = str(p, 'charge');
    let target: Charge | undefined;
    if (chargeId) target = charge(chargeId, 'charge');
    else if (piId) {
      const pi = store.get<PaymentIntent>('payment_intent', piId);
      if (!pi) throw missing('payment_intent', piId, 'payment_intent');
      if (!pi.latest_charge || pi.status !== 'succeeded') {
        throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
      }
      target = charge(pi.latest_charge, 'payment_intent');
    } else throw invalid('One of the following params should be provided for this request: payment_intent or charge.', undefined);
    const ready = target;
    return one(ctx, p, store.transaction(() => refundCharge(ctx, ready, int(p, 'amount'), str(p, 'reason') ?? null, mergeMetadata({}, p))));
  });

  app.get<{ Params: { id: string } }>('/refunds/:id', { schema: query() }, async (request) => {
    const refund = store.get<Refund>('refund', request.params.id);
    if (!refund) throw missing('refund', request.params.id);
    return one(ctx, paramsOf(request), refund);
  });
  app.get('/refunds', { schema: query({ ...listParams, charge: string(), payment_intent: string() }) }, async (request) => {
    const p = paramsOf(request);
    const c = str(p, 'charge');
    const pi = str(p, 'payment_intent');
    return many(ctx, p, store.all<Refund>('refund').filter((r) => (!c || r.charge === c) && (!pi || r.payment_intent === pi)), '/v1/refunds');
  });

  app.get<{ Params: { id: string } }>('/disputes/:id', { schema: query() }, async (request) => {
    const dispute = store.get<StoredObject>('dispute', request.params.id);
    if (!dispute) throw missing('dispute', request.params.id);
    return one(ctx, paramsOf(request), dispute);
  });
  // Accepting the dispute, as the dashboard's "Accept dispute" does: lost, and `charge.dispute.closed`.
  app.post<{ Params: { id: string } }>('/disputes/:id/close', { schema: body({}) }, async (request) => {
    const p = paramsOf(request);
    const dispute = store.get<StoredObject>('dispute', request.params.id);
    if (!dispute) throw missing('dispute', request.params.id);
    if (dispute.status === 'won' || dispute.status === 'lost') {
      throw new StripeError(400, 'invalid_request_error', `This dispute is already closed (status: ${String(dispute.status)}).`, 'dispute_already_closed');
    }
    const closed = store.transaction(() => {
      const lost = store.put({ ...dispute, status: 'lost', is_charge_refundable: false });
      ctx.emit('charge.dispute.closed', lost, { previous: { status: dispute.status } });
      return lost;
    });
    return one(ctx, p, closed);
  });
  app.get('/disputes', { schema: query({ ...listParams, charge: string(), payment_intent: string() }) }, async (request) => {
    const p = paramsOf(request);
    return many(ctx, p, store.all('dispute').filter((d) => (!str(p, 'charge') || d.charge === str(p, 'charge')) && (!str(p, 'payment_intent') || d.payment_intent === str(p, 'payment_intent'))), '/v1/disputes');
  });
};

export default refundRoutes;
