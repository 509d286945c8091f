import { createHash, randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import qs from 'qs';
import type { StripeEmulatorConfig } from './config.ts';
import type { Ctx } from './context.ts';
import { installErrorHandling, StripeError } from './errors.ts';
import { createEmitter } from './events.ts';
import hostedRoutes from './hosted/routes.ts';
import { createClock } from './lifecycle/clock.ts';
import { runDue } from './lifecycle/billing.ts';
import billingPortalRoutes from './routes/billing-portal.ts';
import checkoutRoutes from './routes/checkout-sessions.ts';
import customerRoutes from './routes/customers.ts';
import devRoutes from './routes/dev.ts';
import eventRoutes from './routes/events.ts';
import invoicePaymentRoutes from './routes/invoice-payments.ts';
import invoiceRoutes from './routes/invoices.ts';
import paymentMethodRoutes from './routes/payment-methods.ts';
import productRoutes, { seedCatalog } from './routes/products.ts';
import subscriptionItemRoutes from './routes/subscription-items.ts';
import subscriptionRoutes from './routes/subscriptions.ts';
import testClockRoutes from './routes/test-clocks.ts';
import webhookEndpointRoutes, { webhookTargets } from './routes/webhook-endpoints.ts';
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
  });
  const ctx: Ctx = { config, store, clock, deliveries, emit: createEmitter(store, clock, deliveries) };
  seedCatalog(ctx);

  const app = Fastify({
    logger: process.env.STRIPE_LOG === 'on' ? { level: 'info' } : false,
    routerOptions: { querystringParser: (raw: string) => parseForm(raw) },
    genReqId: () => `req_${randomBytes(10).toString('hex')}`,
  });
  await app.register(formbody, { parser: parseForm });
  // The SDK sends `Content-Type: application/x-www-form-urlencoded` even on GET/DELETE with an empty body.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, typeof body === 'string' && body ? parseForm(body) : {}));
  installErrorHandling(app);

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('Request-Id', request.id);
    if (!request.url.startsWith('/v1/')) return;
    const version = request.headers['stripe-version'];
    if (typeof version === 'string') void reply.header('Stripe-Version', version);
    const auth = request.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    if (!key) {
      throw new StripeError(401, 'invalid_request_error', 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').');
    }
    if (key !== config.secretKey) {
      throw new StripeError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`);
    }
  });

  // Idempotency (PROTOCOL §5.3.2): the SDK keys every POST; a replay returns the stored response verbatim.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || !request.url.startsWith('/v1/') || typeof key !== 'string') return;
    const hash = createHash('sha256').update(`${request.url}\n${JSON.stringify(request.body ?? {})}`).digest('hex');
    const seen = store.idempotencyGet(key);
    void reply.header('Idempotency-Key', key);
    if (!seen) {
      (request as { idempotencyHash?: string }).idempotencyHash = hash;
      return;
    }
    if (seen.hash !== hash) {
      throw new StripeError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
    }
    void reply.header('Idempotent-Replayed', 'true').status(seen.status).type('application/json').send(seen.body);
    return reply;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const hash = (request as { idempotencyHash?: string }).idempotencyHash;
    const key = request.headers['idempotency-key'];
    if (hash && typeof key === 'string' && typeof payload === 'string' && reply.statusCode < 500) {
      store.idempotencySet(key, { hash, status: reply.statusCode, body: payload });
    }
    return payload;
  });
  // Webhooks caused by an API call go out after the response, as Stripe's do.
  app.addHook('onResponse', async () => {
    void deliveries.flush();
  });

  await app.register(async (v1) => {
    productRoutes(v1, ctx);
    customerRoutes(v1, ctx);
    paymentMethodRoutes(v1, ctx);
    checkoutRoutes(v1, ctx);
    billingPortalRoutes(v1, ctx);
    subscriptionRoutes(v1, ctx);
    subscriptionItemRoutes(v1, ctx);
    invoiceRoutes(v1, ctx);
    invoicePaymentRoutes(v1, ctx);
    eventRoutes(v1, ctx);
    webhookEndpointRoutes(v1, ctx);
    testClockRoutes(v1, ctx);
  }, { prefix: '/v1' });
  await app.register(async (hosted) => hostedRoutes(hosted, ctx));
  await app.register(async (dev) => devRoutes(dev, ctx), { prefix: '/_dev' });

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
