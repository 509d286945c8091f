import type { FastifyPluginAsync } from 'fastify';
import type { Ctx, PluginOptions } from '../context.ts';
import { invalid, missing } from '../errors.ts';
import { cancelSubscription, periodEnd, runPeriodEnd, updateSubscription } from '../lifecycle/billing.ts';
import { findPaymentMethod } from '../lifecycle/cards-on-file.ts';
import { JOB } from '../lifecycle/jobs.ts';
import type { Subscription } from '../objects.ts';
import { bool, createdFilter, mergeMetadata, obj, paramsOf, str, type Params } from '../wire.ts';
import { body, boolean, hash, integer, listParams, metadata, oneOf, query, range, searchParams, string, timestampOr } from './params.ts';

/** `cancellation_details[feedback]` values (Subscriptions.d.ts). */
const CANCELLATION_FEEDBACK = ['customer_service', 'low_quality', 'missing_features', 'other', 'switched_service', 'too_complex', 'too_expensive', 'unused'];
import { many, one, search } from './respond.ts';

export function findSubscription(ctx: Ctx, id: string, param = 'id'): Subscription {
  const sub = ctx.store.get<Subscription>('subscription', id);
  if (!sub) throw missing('subscription', id, param);
  return sub;
}

/** Scheduling a cancel keeps the status; `cancel_at` shows when it takes effect (PROTOCOL §4.3 E). */
export function setCancelAtPeriodEnd(ctx: Ctx, sub: Subscription, cancel: boolean, feedback?: Params): Subscription {
  const now = ctx.clock.now(sub.test_clock);
  const changes: Partial<Subscription> = cancel
    ? { cancel_at_period_end: true, cancel_at: periodEnd(sub), canceled_at: now }
    : { cancel_at_period_end: false, cancel_at: null, canceled_at: null };
  if (feedback) {
    changes.cancellation_details = { ...sub.cancellation_details, comment: str(feedback, 'comment') ?? null, feedback: str(feedback, 'feedback') ?? null };
  }
  return updateSubscription(ctx, sub, changes);
}

function assertNotCanceled(sub: Subscription): void {
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    throw invalid(`A canceled subscription can only update its cancellation_details and metadata.`, undefined);
  }
}

const subscriptionRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store } = ctx;

  app.get('/subscriptions/search', { schema: query(searchParams) }, async (request) => search(ctx, paramsOf(request), 'subscription', '/v1/subscriptions/search'));

  app.get<{ Params: { id: string } }>('/subscriptions/:id', { schema: query() }, async (request) => one(ctx, paramsOf(request), findSubscription(ctx, request.params.id)));

  app.post<{ Params: { id: string } }>('/subscriptions/:id', {
    schema: body({
      cancel_at_period_end: boolean, cancel_at: integer, default_payment_method: string(), metadata, trial_end: timestampOr('now'),
      cancellation_details: hash({ comment: string(), feedback: oneOf(...CANCELLATION_FEEDBACK) }, { emptyable: true }),
    }),
  }, async (request) => {
    const p = paramsOf(request);
    let sub = findSubscription(ctx, request.params.id);
    const onlyMetadata = Object.keys(p).every((k) => k === 'metadata' || k === 'expand' || k === 'cancellation_details');
    if (!onlyMetadata) assertNotCanceled(sub);
    const cancel = bool(p, 'cancel_at_period_end');
    if (cancel !== undefined) sub = setCancelAtPeriodEnd(ctx, sub, cancel, obj(p, 'cancellation_details'));
    if ('cancel_at' in p && cancel === undefined) {
      const at = str(p, 'cancel_at');
      sub = updateSubscription(ctx, sub, at ? { cancel_at: Number(at), cancel_at_period_end: Number(at) === periodEnd(sub) } : { cancel_at: null, cancel_at_period_end: false });
    }
    if ('default_payment_method' in p) {
      const pmId = str(p, 'default_payment_method') ?? null;
      if (pmId) {
        const pm = findPaymentMethod(ctx, pmId, 'default_payment_method', sub.test_clock);
        if (pm.customer !== sub.customer) {
          throw invalid(`The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`, 'default_payment_method', 'resource_missing');
        }
        sub = updateSubscription(ctx, sub, { default_payment_method: pm.id });
      } else {
        sub = updateSubscription(ctx, sub, { default_payment_method: null });
      }
    }
    if ('metadata' in p) sub = updateSubscription(ctx, sub, { metadata: mergeMetadata(sub.metadata, p) });
    if (str(p, 'trial_end') === 'now' && sub.status === 'trialing') {
      // Ending a trial early bills at once, like the trial-end job would.
      store.cancelJobs(sub.id, JOB.periodEnd);
      store.cancelJobs(sub.id, JOB.trialWillEnd);
      const now = ctx.clock.now(sub.test_clock);
      const items = { ...sub.items, data: sub.items.data.map((i) => ({ ...i, current_period_end: now })) };
      sub = store.put({ ...sub, trial_end: now, items });
      runPeriodEnd(ctx, sub);
      sub = findSubscription(ctx, sub.id);
    }
    return one(ctx, p, sub);
  });

  app.delete<{ Params: { id: string } }>('/subscriptions/:id', { schema: query() }, async (request) => {
    const p = paramsOf(request);
    const sub = findSubscription(ctx, request.params.id);
    if (sub.status === 'canceled') throw invalid(`No such subscription: '${sub.id}'. It has already been canceled.`, 'id', 'resource_missing');
    return one(ctx, p, cancelSubscription(ctx, sub, 'cancellation_requested'));
  });

  app.post<{ Params: { id: string } }>('/subscriptions/:id/resume', { schema: body() }, async (request) => {
    const p = paramsOf(request);
    const sub = findSubscription(ctx, request.params.id);
    if (sub.status !== 'paused') throw invalid('Only subscriptions with `status=paused` can be resumed.', undefined);
    const resumed = updateSubscription(ctx, sub, { status: 'active' });
    ctx.emit('customer.subscription.resumed', resumed, { clock: sub.test_clock });
    return one(ctx, p, resumed);
  });

  app.post<{ Params: { id: string } }>('/subscriptions/:id/pause', { schema: body() }, async (request) => {
    const p = paramsOf(request);
    const sub = findSubscription(ctx, request.params.id);
    assertNotCanceled(sub);
    const paused = updateSubscription(ctx, sub, { status: 'paused' });
    ctx.emit('customer.subscription.paused', paused, { clock: sub.test_clock });
    return one(ctx, p, paused);
  });

  app.get('/subscriptions', { schema: query({ ...listParams, customer: string(), price: string(), test_clock: string(), created: range, status: oneOf('active', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'trialing', 'paused', 'all', 'ended') }) }, async (request) => {
    const p = paramsOf(request);
    const customer = str(p, 'customer');
    const status = str(p, 'status');
    const price = str(p, 'price');
    const clock = str(p, 'test_clock');
    const created = createdFilter(p);
    const items = store.all<Subscription>('subscription').filter((s) => {
      // Without `status`, canceled subscriptions are left out (Subscriptions.d.ts).
      const statusOk = status === 'all' ? true : status === 'ended' ? s.status === 'canceled' || s.status === 'incomplete_expired' : status ? s.status === status : s.status !== 'canceled';
      return statusOk && (!customer || s.customer === customer) && (!clock || s.test_clock === clock) && created(s.created) &&
        (!price || s.items.data.some((i) => i.price.id === price));
    });
    return many(ctx, p, items, '/v1/subscriptions');
  });
};

export default subscriptionRoutes;
