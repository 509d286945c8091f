import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import qs from 'qs';
import type { StripeEmulatorConfig } from './config.ts';
import type { Ctx, PluginOptions } from './context.ts';
import { installErrorHandling } from './errors.ts';
import { createEmitter } from './events.ts';
import hostedRoutes from './hosted/routes.ts';
import { createClock } from './lifecycle/clock.ts';
import { runDue } from './lifecycle/billing.ts';
import devRoutes from './routes/dev.ts';
import stripeApi from './routes/index.ts';
import { PARAM_KIND_KEYWORD } from './routes/params.ts';
import { seedCatalog } from './routes/products.ts';
import { webhookTargets } from './routes/webhook-endpoints.ts';
import { openStore } from './store.ts';
import { createDeliveries } from './webhooks/delivery.ts';

export interface BuildOptions {
  /** Real time in milliseconds (tests may pin it); the emulator clock adds its persisted offset. */
  now?: () => number;
  /** Background runner for jobs that fall due in real time; off in tests that want full control. */
  ticker?: boolean;
}

/** qs defaults (depth 5, arrayLimit 20) silently mangle deep or long params (PROTOCOL §1.2). */
const parseForm = (raw: string): Record<string, unknown> => qs.parse(raw, { depth: 10, arrayLimit: 200, parameterLimit: 5000 });

export async function buildApp(config: StripeEmulatorConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const store = openStore(config.dataDir);
  const clock = createClock(store, opts.now ?? Date.now);
  const deliveries = createDeliveries({
    switches: { duplicate: config.webhookDuplicate, reorder: config.webhookReorder, drop: config.webhookDrop, delay_ms: config.webhookDelayMs, types: [] },
    targets: () => webhookTargets(ctx),
    now: () => clock.now(),
    concurrency: config.webhookConcurrency,
  });
  const ctx: Ctx = { config, store, clock, deliveries, emit: createEmitter(store, clock, deliveries) };
  seedCatalog(ctx);

  const app = Fastify({
    logger: process.env.STRIPE_LOG === 'on' ? { level: 'info' } : false,
    routerOptions: { querystringParser: (raw: string) => parseForm(raw) },
    genReqId: () => `req_${randomBytes(10).toString('hex')}`,
    // Route schemas check Stripe's params as they arrive (strings, nested by qs): nothing is coerced, defaulted
    // or silently dropped, and an error keeps its schema and value so errors.ts can word it as Stripe does.
    ajv: { customOptions: { coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: false, verbose: true, allowUnionTypes: true, keywords: [PARAM_KIND_KEYWORD] } },
  });
  await app.register(formbody, { parser: parseForm });
  // The SDK sends `Content-Type: application/x-www-form-urlencoded` even on GET/DELETE with an empty body.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, typeof body === 'string' && body ? parseForm(body) : {}));
  installErrorHandling(app);

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('Request-Id', request.id);
  });
  // A POST without a body has no params, not an invalid params object.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
  // Webhooks caused by an API call go out after the response, as Stripe's do.
  app.addHook('onResponse', async () => {
    void deliveries.flush();
  });

  const plugins: PluginOptions = { ctx };
  await app.register(stripeApi, { ...plugins, prefix: '/v1' });
  await app.register(hostedRoutes, plugins);
  await app.register(devRoutes, { ...plugins, prefix: '/_dev' });

  // On port 0 (tests) the hosted links must carry the port the OS picked.
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (config.publicUrl.endsWith(':0') && address && typeof address === 'object') {
      config.publicUrl = config.publicUrl.replace(/:0$/, `:${address.port}`);
    }
  });

  if (opts.ticker !== false) {
    // Jobs also fall due in real time (a renewal invoice finalizes an hour after creation).
    const timer = setInterval(() => {
      if (runDue(ctx, '', clock.now(), () => undefined) > 0) void deliveries.flush();
    }, 1_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  app.addHook('onClose', async () => {
    await deliveries.close();
    store.close();
  });
  return app;
}
