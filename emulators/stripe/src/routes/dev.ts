import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { runDue } from '../lifecycle/billing.ts';
import { seedCatalog } from './products.ts';
import { webhookTargets } from './webhook-endpoints.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function bodyOf(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/** Dev-only controls (not part of Stripe's API), answered only on loopback. */
const devRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store, clock, deliveries } = ctx;

  app.addHook('onRequest', async (request, reply) => {
    if (!LOOPBACK.has(request.ip)) {
      void reply.status(404).send({ error: { type: 'invalid_request_error', message: 'Not found' } });
      return reply;
    }
  });

  app.get('/clock', async () => ({ now: clock.now() }));

  // Everything that falls due runs in order, and its webhooks are delivered (first attempts) before answering.
  app.post('/clock/advance', async (request, reply) => {
    const body = bodyOf(request.body);
    const seconds = Number(body.seconds);
    if (!Number.isInteger(seconds) || seconds < 0) {
      return reply.status(400).send({ error: { type: 'invalid_request_error', message: '`seconds` must be a non-negative integer', param: 'seconds' } });
    }
    const target = clock.now() + seconds;
    const ran = runDue(ctx, '', target, (t) => clock.setEmulatorNow(t));
    await deliveries.flush();
    return { now: clock.now(), ran };
  });

  app.get('/webhooks', async () => ({ ...deliveries.switches, targets: webhookTargets(ctx).map((t) => t.url) }));

  app.post('/webhooks', async (request) => {
    const body = bodyOf(request.body);
    const s = deliveries.switches;
    if (typeof body.duplicate === 'boolean') s.duplicate = body.duplicate;
    if (typeof body.reorder === 'boolean') s.reorder = body.reorder;
    if (typeof body.drop === 'boolean') s.drop = body.drop;
    if (typeof body.delay_ms === 'number' && body.delay_ms >= 0) s.delay_ms = body.delay_ms;
    if (Array.isArray(body.types)) s.types = body.types.map(String);
    return { ...s, targets: webhookTargets(ctx).map((t) => t.url) };
  });

  app.get('/webhooks/deliveries', async () => ({ data: deliveries.log() }));
  app.delete('/webhooks/deliveries', async () => {
    deliveries.clearLog();
    return { data: [] };
  });
  app.post('/webhooks/flush', async () => {
    await deliveries.flush();
    return { data: deliveries.log() };
  });

  /** Forgets every object, event and job and reseeds the catalog; the clock offset is kept unless asked. */
  app.post('/reset', async (request) => {
    const body = bodyOf(request.body);
    const now = clock.now();
    store.wipe();
    if (body.keep_clock !== false) clock.setEmulatorNow(now);
    seedCatalog(ctx);
    return { ok: true, now: clock.now() };
  });
};

export default devRoutes;
