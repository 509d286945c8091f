import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { unrecognizedUrl } from '../errors.ts';
import apiKey from '../plugins/api-key.ts';
import idempotency from '../plugins/idempotency.ts';
import stripeAccount from '../plugins/stripe-account.ts';
import accountRoutes from './accounts.ts';
import paymentIntentRoutes from './payment-intents.ts';
import refundRoutes from './refunds.ts';
import setupIntentRoutes from './setup-intents.ts';
import billingPortalRoutes from './billing-portal.ts';
import checkoutRoutes from './checkout-sessions.ts';
import customerRoutes from './customers.ts';
import eventRoutes from './events.ts';
import invoicePaymentRoutes from './invoice-payments.ts';
import invoiceRoutes from './invoices.ts';
import paymentMethodRoutes from './payment-methods.ts';
import productRoutes from './products.ts';
import subscriptionItemRoutes from './subscription-items.ts';
import subscriptionRoutes from './subscriptions.ts';
import testClockRoutes from './test-clocks.ts';
import webhookEndpointRoutes from './webhook-endpoints.ts';

/** Stripe's `/v1` API: the key check and idempotency for every resource, then one plugin per resource. */
const stripeApi: FastifyPluginAsync<PluginOptions> = async (api, { ctx }) => {
  // Not `opts` itself: it carries this plugin's `/v1` prefix, which the children would add again.
  const opts: PluginOptions = { ctx };
  await api.register(apiKey, opts);
  await api.register(idempotency, opts);
  await api.register(stripeAccount, opts);
  // Its own 404 so that the key check runs first for unknown API URLs too.
  api.setNotFoundHandler(unrecognizedUrl);
  for (const resource of [
    productRoutes, customerRoutes, paymentMethodRoutes, checkoutRoutes, billingPortalRoutes, subscriptionRoutes,
    subscriptionItemRoutes, invoiceRoutes, invoicePaymentRoutes, eventRoutes, webhookEndpointRoutes, testClockRoutes,
    accountRoutes, paymentIntentRoutes, refundRoutes, setupIntentRoutes,
  ]) {
    await api.register(resource, opts);
  }
};

export default stripeApi;
