import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { StripeError } from '../errors.ts';
import { hooksPlugin } from './hooks-plugin.ts';

/** The request hash of a first use of an `Idempotency-Key`, for storing its answer. */
const firstUse = new WeakMap<FastifyRequest, string>();

/** Idempotency (PROTOCOL §5.3.2): the SDK keys every POST; a replay returns the stored response verbatim. */
export default hooksPlugin<PluginOptions>('stripe-idempotency', async (app, { ctx: { store } }) => {
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || typeof key !== 'string') return;
    const hash = createHash('sha256').update(`${request.url}\n${JSON.stringify(request.body ?? {})}`).digest('hex');
    const seen = store.idempotencyGet(key);
    void reply.header('Idempotency-Key', key);
    if (!seen) {
      firstUse.set(request, hash);
      return;
    }
    if (seen.hash !== hash) {
      throw new StripeError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
    }
    void reply.header('Idempotent-Replayed', 'true').status(seen.status).type('application/json').send(seen.body);
    return reply;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const hash = firstUse.get(request);
    const key = request.headers['idempotency-key'];
    if (hash && typeof key === 'string' && typeof payload === 'string' && reply.statusCode < 500) {
      store.idempotencySet(key, { hash, status: reply.statusCode, body: payload });
    }
    return payload;
  });
});
