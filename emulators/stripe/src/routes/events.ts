import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { missing } from '../errors.ts';
import type { StoredObject } from '../store.ts';
import { createdFilter, list, paramsOf, str } from '../wire.ts';
import { array, listParams, query, range, string } from './params.ts';
import { many, one } from './respond.ts';

const eventRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  app.get('/events', { schema: query({ ...listParams, type: string(), types: array(string(), { maxItems: 20 }), created: range }) }, async (request) => {
    const p = paramsOf(request);
    const type = str(p, 'type');
    const types = list(p, 'types').map(String);
    const created = createdFilter(p);
    // `type` accepts a trailing wildcard: `customer.subscription.*`.
    const typeOk = (t: string): boolean => (!type || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type)) && (types.length === 0 || types.includes(t));
    const items = ctx.store.all<StoredObject & { type: string; created: number }>('event').filter((e) => typeOk(e.type) && created(e.created));
    return many(ctx, p, items, '/v1/events');
  });
  app.get<{ Params: { id: string } }>('/events/:id', { schema: query() }, async (request) => {
    const event = ctx.store.get('event', request.params.id);
    if (!event) throw missing('event', request.params.id);
    return one(ctx, paramsOf(request), event);
  });
};

export default eventRoutes;
