import type { PluginOptions } from '../context.ts';
import { StripeError } from '../errors.ts';
import { hooksPlugin } from './hooks-plugin.ts';

/** `Authorization: Bearer <secret key>` on every API request, unknown URLs included (Stripe answers 401 first); echoes `Stripe-Version`. */
export default hooksPlugin<PluginOptions>('stripe-api-key', async (app, { ctx }) => {
  app.addHook('onRequest', async (request, reply) => {
    const version = request.headers['stripe-version'];
    if (typeof version === 'string') void reply.header('Stripe-Version', version);
    const auth = request.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    if (!key) {
      throw new StripeError(401, 'invalid_request_error', 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').');
    }
    if (key !== ctx.config.secretKey) {
      throw new StripeError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`);
    }
  });
});
