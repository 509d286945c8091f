// The Stripe client every function uses: the real API, unless STRIPE_API_HOST points at a local
// Stripe (the emulator `npm start` and the tests run).
import Stripe from 'stripe';

/**
 * @param {Record<string, string | undefined>} env
 * @returns {Stripe}
 */
export function stripeFromEnv(env) {
  /** @type {import('stripe').Stripe.StripeConfig} */
  const options = {};
  if (env.STRIPE_API_HOST) {
    options.host = env.STRIPE_API_HOST;
    if (env.STRIPE_API_PORT) options.port = Number(env.STRIPE_API_PORT);
    if (env.STRIPE_API_PROTOCOL === 'http' || env.STRIPE_API_PROTOCOL === 'https') options.protocol = env.STRIPE_API_PROTOCOL;
  }
  return new Stripe(env.STRIPE_SECRET_KEY ?? '', options);
}
