import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../context.ts';
import { requiredParam } from '../errors.ts';
import { newId } from '../ids.ts';
import type { StoredObject } from '../store.ts';
import { paramsOf, str } from '../wire.ts';
import { findCustomer } from './customers.ts';
import { body, string } from './params.ts';
import { one } from './respond.ts';

export const DEFAULT_PORTAL_CONFIGURATION = 'bpc_cadence_default';

const billingPortalRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  // There is no retrieve or list for portal sessions in Stripe's API; the hosted page reads the store.
  app.post('/billing_portal/sessions', { schema: body({ customer: string(), configuration: string(), locale: string(), return_url: string() }) }, async (request) => {
    const p = paramsOf(request);
    const customerId = str(p, 'customer');
    if (!customerId) throw requiredParam('customer');
    const customer = findCustomer(ctx, customerId, 'customer');
    const id = newId('bps');
    const session: StoredObject = {
      id, object: 'billing_portal.session', configuration: str(p, 'configuration') ?? DEFAULT_PORTAL_CONFIGURATION,
      created: ctx.clock.now(customer.test_clock), customer: customer.id, customer_account: null, flow: null, livemode: false,
      locale: str(p, 'locale') ?? null, on_behalf_of: null, return_url: str(p, 'return_url') ?? null, url: `${ctx.config.publicUrl}/p/session/${id}`,
    };
    ctx.store.put(session);
    ctx.emit('billing_portal.session.created', session, { clock: customer.test_clock });
    return one(ctx, p, session);
  });
};

export default billingPortalRoutes;
