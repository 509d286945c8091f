import type { FastifyPluginAsync } from 'fastify';
import type { Ctx, PluginOptions } from '../context.ts';
import { missing, requiredParam } from '../errors.ts';
import type { Subscription, SubscriptionItem } from '../objects.ts';
import { paramsOf, str } from '../wire.ts';
import { findSubscription } from './subscriptions.ts';
import { listParams, query, string } from './params.ts';
import { many, one } from './respond.ts';

/** Items live inside their subscription; these routes read them from there. */
function findItem(ctx: Ctx, id: string): SubscriptionItem {
  for (const sub of ctx.store.all<Subscription>('subscription')) {
    const item = sub.items.data.find((i) => i.id === id);
    if (item) return item;
  }
  throw missing('subscription_item', id);
}

const subscriptionItemRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  app.get('/subscription_items', { schema: query({ ...listParams, subscription: string() }) }, async (request) => {
    const p = paramsOf(request);
    const subscription = str(p, 'subscription');
    if (!subscription) throw requiredParam('subscription');
    const sub = findSubscription(ctx, subscription, 'subscription');
    return many(ctx, p, sub.items.data, `/v1/subscription_items?subscription=${sub.id}`);
  });
  app.get<{ Params: { id: string } }>('/subscription_items/:id', { schema: query() }, async (request) => one(ctx, paramsOf(request), findItem(ctx, request.params.id)));
};

export default subscriptionItemRoutes;
