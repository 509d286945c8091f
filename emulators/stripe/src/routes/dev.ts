import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { runDue } from '../lifecycle/billing.ts';
import { seedCatalog } from './products.ts';
import { webhookTargets } from './webhook-endpoints.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const flag = { type: 'boolean', description: 'must be true or false' };

/** JSON bodies (these are not Stripe routes); a refusal names the field and `description` says why. */
const controls = {
  advance: {
    type: 'object', required: ['seconds'], additionalProperties: false,
    properties: { seconds: { type: 'integer', minimum: 0, description: '`seconds` must be a non-negative integer' } },
  },
  switches: {
    type: 'object', additionalProperties: false,
    properties: {
      duplicate: flag, reorder: flag, drop: flag,
      delay_ms: { type: 'integer', minimum: 0, description: '`delay_ms` must be a non-negative integer' },
      types: { type: 'array', items: { type: 'string' }, description: '`types` must be a list of event types' },
    },
  },
  reset: { type: 'object', additionalProperties: false, properties: { keep_clock: flag } },
  none: { type: 'object', additionalProperties: false, properties: {} },
};

interface Switches { duplicate?: boolean; reorder?: boolean; drop?: boolean; delay_ms?: number; types?: string[] }

/** Dev-only controls (not part of Stripe's API), answered only on loopback. */
const devRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store, clock, deliveries } = ctx;

  app.addHook('onRequest', async (request, reply) => {
    if (!LOOPBACK.has(request.ip)) {
      void reply.status(404).send({ error: { type: 'invalid_request_error', message: 'Not found' } });
      return reply;
    }
  });

  // Every object stored, whatever its account (tests read what reached "Stripe", e.g. that no health information did).
  app.get('/objects', async () => ({ data: ctx.store.everything() }));

  app.get('/clock', async () => ({ now: clock.now() }));

  // Everything that falls due runs in order, and its webhooks are delivered (first attempts) before answering.
  app.post<{ Body: { seconds: number } }>('/clock/advance', { schema: { body: controls.advance } }, async (request) => {
    const { seconds } = request.body;
    const target = clock.now() + seconds;
    const ran = runDue(ctx, '', target, (t) => clock.setEmulatorNow(t));
    await deliveries.flush();
    return { now: clock.now(), ran };
  });

  app.get('/webhooks', async () => ({ ...deliveries.switches, targets: webhookTargets(ctx).map((t) => t.url) }));

  app.post<{ Body: Switches }>('/webhooks', { schema: { body: controls.switches } }, async (request) => {
    const { duplicate, reorder, drop, delay_ms: delayMs, types } = request.body;
    const s = deliveries.switches;
    if (duplicate !== undefined) s.duplicate = duplicate;
    if (reorder !== undefined) s.reorder = reorder;
    if (drop !== undefined) s.drop = drop;
    if (delayMs !== undefined) s.delay_ms = delayMs;
    if (types !== undefined) s.types = types;
    return { ...s, targets: webhookTargets(ctx).map((t) => t.url) };
  });

  app.get('/webhooks/deliveries', async () => ({ data: deliveries.log() }));
  app.delete('/webhooks/deliveries', async () => {
    deliveries.clearLog();
    return { data: [] };
  });
  app.post('/webhooks/flush', { schema: { body: controls.none } }, async () => {
    await deliveries.flush();
    return { data: deliveries.log() };
  });

  /** Forgets every object, event and job and reseeds the catalog; the clock offset is kept unless asked. */
  app.post<{ Body: { keep_clock?: boolean } }>('/reset', { schema: { body: controls.reset } }, async (request) => {
    const body = request.body;
    const now = clock.now();
    store.wipe();
    if (body.keep_clock !== false) clock.setEmulatorNow(now);
    seedCatalog(ctx);
    return { ok: true, now: clock.now() };
  });
};

export default devRoutes;
