// What checkout and billing-portal need to start a hosted Stripe session for the caller (and
// delete-user-selfservice its Stripe client). Appwrite deploys each function folder alone, so this
// file is copied byte for byte into billing-portal/src/lib/ and delete-user-selfservice/src/lib/
// (backend/test/billing-rules.test.ts fails when the copies differ).
import Stripe from 'stripe';

/**
 * The JSON body of an execution; anything else reads as an empty object.
 * @param {string} bodyText
 * @returns {Record<string, unknown>}
 */
export function readBody(bodyText) {
  try {
    const body = /** @type {unknown} */ (JSON.parse(bodyText || '{}'));
    return body && typeof body === 'object' ? /** @type {Record<string, unknown>} */ (body) : {};
  } catch {
    return {};
  }
}

/**
 * Where Stripe may send the user back to. Only http(s); when ALLOWED_RETURN_ORIGINS is set
 * (comma-separated origins, production), only those, so the function is no open redirector.
 * @param {unknown} value
 * @param {string | undefined} allowedOrigins
 * @returns {string | null} the URL when acceptable
 */
export function acceptableReturnUrl(value, allowedOrigins) {
  if (typeof value !== 'string' || value.length > 2048) return null;
  /** @type {URL} */
  let url;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const allowed = (allowedOrigins ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  if (allowed.length > 0 && !allowed.includes(url.origin)) return null;
  return value;
}

/**
 * The Stripe client: the real API unless STRIPE_API_HOST points at a local Stripe.
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
