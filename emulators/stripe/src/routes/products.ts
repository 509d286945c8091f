import type { FastifyPluginAsync } from 'fastify';
import type { Ctx, PluginOptions } from '../context.ts';
import { missing, requiredParam } from '../errors.ts';
import { newId } from '../ids.ts';
import { buildPrice, buildProduct, type Price, type Product } from '../objects.ts';
import { bool, createdFilter, int, list, mergeMetadata, obj, paramsOf, str } from '../wire.ts';
import { array, body, boolean, hash, integer, listParams, metadata, oneOf, query, range, searchParams, string } from './params.ts';
import { many, one, search } from './respond.ts';

export const SEED_PRODUCT = 'prod_cadence';
export const SEED_PRICE = 'price_cadence_monthly';
export const SEED_LOOKUP_KEY = 'cadence_monthly';

/** spec §9: one plan, 10 USD a month. Fixed ids so local config can name them. */
export function seedCatalog(ctx: Ctx): void {
  if (ctx.store.get('product', SEED_PRODUCT)) return;
  const now = ctx.clock.now();
  ctx.store.put(buildProduct(SEED_PRODUCT, 'Cadence', now, SEED_PRICE));
  ctx.store.put(buildPrice(SEED_PRICE, SEED_PRODUCT, 1000, SEED_LOOKUP_KEY, now));
}

const productRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store } = ctx;

  app.post('/products', { schema: body({ name: string(), description: string(), metadata }) }, async (request) => {
    const p = paramsOf(request);
    const name = str(p, 'name');
    if (!name) throw requiredParam('name');
    const product = buildProduct(newId('prod', 14), name, ctx.clock.now(), null);
    product.metadata = mergeMetadata({}, p);
    product.description = str(p, 'description') ?? null;
    return one(ctx, p, store.put(product));
  });
  app.get('/products/search', { schema: query(searchParams) }, async (request) => search(ctx, paramsOf(request), 'product', '/v1/products/search'));
  app.get<{ Params: { id: string } }>('/products/:id', { schema: query() }, async (request) => {
    const product = store.get<Product>('product', request.params.id);
    if (!product) throw missing('product', request.params.id);
    return one(ctx, paramsOf(request), product);
  });
  app.post<{ Params: { id: string } }>('/products/:id', { schema: body({ name: string(), active: boolean, metadata }) }, async (request) => {
    const p = paramsOf(request);
    const product = store.get<Product>('product', request.params.id);
    if (!product) throw missing('product', request.params.id);
    const next = { ...product, name: str(p, 'name') ?? product.name, active: bool(p, 'active') ?? product.active, metadata: mergeMetadata(product.metadata as Record<string, string>, p), updated: ctx.clock.now() };
    return one(ctx, p, store.put(next));
  });
  app.get('/products', { schema: query({ ...listParams, active: boolean, created: range }) }, async (request) => {
    const p = paramsOf(request);
    const active = bool(p, 'active');
    const created = createdFilter(p);
    const items = store.all<Product>('product').filter((x) => (active === undefined || x.active === active) && created(Number(x.created)));
    return many(ctx, p, items, '/v1/products');
  });

  app.post('/prices', {
    schema: body({
      product: string(), unit_amount: integer, currency: string(), lookup_key: string(200), metadata,
      recurring: hash({ interval: oneOf('day', 'week', 'month', 'year'), interval_count: integer }),
    }),
  }, async (request) => {
    const p = paramsOf(request);
    const product = str(p, 'product');
    if (!product) throw requiredParam('product');
    if (!store.get('product', product)) throw missing('product', product, 'product');
    const amount = int(p, 'unit_amount');
    if (amount === undefined) throw requiredParam('unit_amount');
    const price = buildPrice(newId('price'), product, amount, str(p, 'lookup_key') ?? null, ctx.clock.now());
    const recurring = obj(p, 'recurring');
    if (recurring) price.recurring = { ...price.recurring, interval: str(recurring, 'interval') ?? 'month' };
    price.currency = str(p, 'currency') ?? 'usd';
    price.metadata = mergeMetadata({}, p);
    return one(ctx, p, store.put(price));
  });
  app.get('/prices/search', { schema: query(searchParams) }, async (request) => search(ctx, paramsOf(request), 'price', '/v1/prices/search'));
  app.get<{ Params: { id: string } }>('/prices/:id', { schema: query() }, async (request) => {
    const price = store.get<Price>('price', request.params.id);
    if (!price) throw missing('price', request.params.id);
    return one(ctx, paramsOf(request), price);
  });
  app.get('/prices', { schema: query({ ...listParams, lookup_keys: array(string(200)), product: string(), active: boolean, type: oneOf('one_time', 'recurring'), created: range }) }, async (request) => {
    const p = paramsOf(request);
    const lookupKeys = list(p, 'lookup_keys').map(String);
    const product = str(p, 'product');
    const active = bool(p, 'active');
    const type = str(p, 'type');
    const created = createdFilter(p);
    const items = store.all<Price>('price').filter((x) =>
      (lookupKeys.length === 0 || (x.lookup_key !== null && lookupKeys.includes(x.lookup_key))) &&
      (!product || x.product === product) && (active === undefined || x.active === active) && (!type || x.type === type) && created(x.created));
    return many(ctx, p, items, '/v1/prices');
  });
};

export default productRoutes;
