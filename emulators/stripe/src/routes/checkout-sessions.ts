import type { FastifyPluginAsync } from 'fastify';
import type { Ctx, PluginOptions } from '../context.ts';
import { invalid, missing, requiredParam } from '../errors.ts';
import { newId } from '../ids.ts';
import { DAY, JOB } from '../lifecycle/jobs.ts';
import { buildPrice, buildProduct, type CheckoutSession, type Customer, type Price } from '../objects.ts';
import { includable } from '../render.ts';
import type { StoredObject } from '../store.ts';
import { createdFilter, int, list, mergeMetadata, obj, paramsOf, str, type Params } from '../wire.ts';
import { array, body, hash, integer, listParams, metadata, oneOf, query, range, string } from './params.ts';
import { many, one } from './respond.ts';

/** `price` or inline `price_data` (Stripe creates a one-time Price and Product for it, in the acting account). */
function lineItemsOf(ctx: Ctx, p: Params): Array<{ price: string; quantity: number }> {
  return list(p, 'line_items').map((raw, i) => {
    const item = raw && typeof raw === 'object' ? (raw as Params) : {};
    const quantity = int(item, 'quantity') ?? 1;
    const data = obj(item, 'price_data');
    if (data) {
      const currency = str(data, 'currency');
      if (!currency) throw requiredParam(`line_items[${i}][price_data][currency]`);
      const amount = int(data, 'unit_amount');
      if (amount === undefined) throw requiredParam(`line_items[${i}][price_data][unit_amount]`);
      const name = str(obj(data, 'product_data'), 'name');
      if (!name) throw requiredParam(`line_items[${i}][price_data][product_data][name]`);
      const now = ctx.clock.now();
      const product = ctx.store.put({ ...buildProduct(newId('prod', 14), name, now, null), active: false, metadata: mergeMetadata({}, obj(data, 'product_data') ?? {}) });
      const price = ctx.store.put({ ...buildPrice(newId('price'), product.id, amount, null, now), active: false, currency: currency.toLowerCase(), type: 'one_time' as const, recurring: null as unknown as Price['recurring'] });
      return { price: price.id, quantity };
    }
    const price = str(item, 'price');
    if (!price) throw requiredParam(`line_items[${i}][price]`);
    return { price, quantity };
  });
}

const checkoutRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store, config } = ctx;

  const find = (id: string): CheckoutSession => {
    const session = store.get<CheckoutSession>('checkout.session', id);
    if (!session) throw missing('checkout.session', id);
    return session;
  };

  app.post('/checkout/sessions', {
    schema: body({
      mode: oneOf('payment', 'setup', 'subscription'),
      line_items: array(hash({ price: string(), quantity: integer, price_data: hash({ currency: string(), unit_amount: integer, product_data: hash({ name: string(), description: string(), metadata }) }) })),
      payment_intent_data: hash({ setup_future_usage: oneOf('on_session', 'off_session'), description: string(1000), metadata, statement_descriptor_suffix: string(22) }),
      customer_creation: oneOf('always', 'if_required'),
      success_url: string(), cancel_url: string(), ui_mode: string(), customer: string(), customer_email: string(),
      client_reference_id: string(200), expires_at: integer, locale: string(), metadata,
      payment_method_collection: oneOf('always', 'if_required'),
      subscription_data: hash({ trial_period_days: integer, metadata }),
      setup_intent_data: hash({ description: string(1000), metadata }), currency: string(), payment_method_types: array(string()),
    }),
  }, async (request) => {
    const p = paramsOf(request);
    const mode = str(p, 'mode');
    if (!mode) throw requiredParam('mode');
    if (mode === 'setup' && list(p, 'line_items').length > 0) throw invalid('You can not pass `line_items` in `setup` mode.', 'line_items', 'parameter_invalid_string');
    if (mode === 'setup' && obj(p, 'payment_intent_data')) throw invalid('You can not pass `payment_intent_data` in `setup` mode.', 'payment_intent_data', 'parameter_invalid_string');
    if (mode !== 'setup' && obj(p, 'setup_intent_data')) throw invalid(`You can not pass \`setup_intent_data\` in \`${mode}\` mode.`, 'setup_intent_data', 'parameter_invalid_string');
    if (mode === 'subscription' && obj(p, 'payment_intent_data')) throw invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data', 'parameter_invalid_string');
    if (mode === 'subscription' && str(p, 'customer_creation')) throw invalid('`customer_creation` can only be used in `payment` and `setup` mode.', 'customer_creation', 'parameter_invalid_string');
    if (mode === 'payment' && obj(p, 'subscription_data')) throw invalid('You can not pass `subscription_data` in `payment` mode.', 'subscription_data', 'parameter_invalid_string');
    if (mode !== 'setup' && list(p, 'line_items').length === 0) throw invalid(`\`line_items\` is required in \`${mode}\` mode.`, 'line_items', 'parameter_missing');
    const items = lineItemsOf(ctx, p);
    const prices = items.map((item, i) => {
      const price = store.get<Price>('price', item.price);
      if (!price) throw missing('price', item.price, `line_items[${i}][price]`);
      return price;
    });
    const successUrl = str(p, 'success_url');
    if (!successUrl && str(p, 'ui_mode') !== 'embedded_page') throw requiredParam('success_url');
    const customerId = str(p, 'customer');
    const customer = customerId ? store.get<Customer>('customer', customerId) : undefined;
    if (customerId && (!customer || customer.deleted)) throw missing('customer', customerId, 'customer');
    const subscriptionData = obj(p, 'subscription_data');
    const trial = int(subscriptionData, 'trial_period_days') ?? null;
    if (trial !== null && trial < 1) throw invalid('`subscription_data[trial_period_days]` must be at least 1.', 'subscription_data[trial_period_days]', 'parameter_invalid_integer');
    const now = ctx.clock.now(customer?.test_clock ?? null);
    const id = newId('cs_test', 58);
    const amount = prices.reduce((sum, price, i) => sum + price.unit_amount * (items[i]?.quantity ?? 1), 0);
    if (mode === 'payment' && amount < 50) throw invalid("The Checkout Session's total amount due must add up to at least $0.50 usd", 'line_items', 'amount_too_small');
    const pid = obj(p, 'payment_intent_data');
    const session: CheckoutSession = {
      id, object: 'checkout.session', adaptive_pricing: { enabled: false }, after_expiration: null, allow_promotion_codes: null,
      amount_subtotal: amount, amount_total: amount, automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null, cancel_url: str(p, 'cancel_url') ?? null, client_reference_id: str(p, 'client_reference_id') ?? null,
      client_secret: null, collected_information: null, consent: null, consent_collection: null, created: now, currency: 'usd',
      currency_conversion: null, custom_fields: [], custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: customer?.id ?? null, customer_account: null,
      customer_creation: customer ? null : mode === 'subscription' ? 'always' : str(p, 'customer_creation') ?? 'if_required',
      customer_details: customer ? { address: null, business_name: null, email: customer.email, individual_name: null, name: customer.name, phone: null, tax_exempt: 'none', tax_ids: null } : null,
      customer_email: str(p, 'customer_email') ?? null, discounts: [], expires_at: int(p, 'expires_at') ?? now + DAY,
      integration_identifier: null, invoice: null, invoice_creation: null, livemode: false, locale: str(p, 'locale') ?? null, managed_payments: null,
      metadata: mergeMetadata({}, p), mode, origin_context: null, payment_intent: null, payment_link: null,
      payment_method_collection: str(p, 'payment_method_collection') ?? 'always',
      payment_method_configuration_details: null, payment_method_options: { card: { request_three_d_secure: 'automatic' } }, payment_method_types: ['card'],
      payment_status: 'unpaid', permissions: null, phone_number_collection: { enabled: false }, recovered_from: null,
      saved_payment_method_options: { allow_redisplay_filters: ['always'], payment_method_remove: 'disabled', payment_method_save: null },
      setup_intent: null, shipping_address_collection: null, shipping_cost: null, shipping_options: [], status: 'open', submit_type: null,
      subscription: null, success_url: successUrl ?? null, total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page', url: `${config.publicUrl}/c/pay/${id}`, wallet_options: null,
      _line_items: items,
      _subscription_data: { trial_period_days: trial, metadata: mergeMetadata({}, subscriptionData ?? {}) },
      ...(mode === 'setup' ? {
        currency: str(p, 'currency')?.toLowerCase() ?? null, payment_status: 'no_payment_required', amount_subtotal: null, amount_total: null,
        _setup_intent_data: { description: str(obj(p, 'setup_intent_data'), 'description') ?? null, metadata: mergeMetadata({}, obj(p, 'setup_intent_data') ?? {}) },
      } : {}),
      ...(mode === 'payment' ? {
        currency: prices[0]?.currency ?? 'usd',
        _payment_intent_data: {
          setup_future_usage: (str(pid, 'setup_future_usage') as 'on_session' | 'off_session' | undefined) ?? null, description: str(pid, 'description') ?? null,
          metadata: mergeMetadata({}, pid ?? {}), statement_descriptor_suffix: str(pid, 'statement_descriptor_suffix') ?? null,
        },
      } : {}),
    };
    store.put(session);
    store.schedule({ clock: customer?.test_clock ?? '', due: session.expires_at, kind: JOB.expireSession, target: id });
    return one(ctx, p, session);
  });

  app.get<{ Params: { id: string } }>('/checkout/sessions/:id', { schema: query() }, async (request) => one(ctx, paramsOf(request), find(request.params.id)));

  app.post<{ Params: { id: string } }>('/checkout/sessions/:id', { schema: body({ metadata }) }, async (request) => {
    const p = paramsOf(request);
    const session = find(request.params.id);
    return one(ctx, p, store.put({ ...session, metadata: mergeMetadata(session.metadata, p) }));
  });

  app.get<{ Params: { id: string } }>('/checkout/sessions/:id/line_items', { schema: query(listParams) }, async (request) => {
    const p = paramsOf(request);
    const session = find(request.params.id);
    const lines = includable(store, session, 'line_items') as { data: StoredObject[] };
    return many(ctx, p, lines.data, `/v1/checkout/sessions/${session.id}/line_items`);
  });

  app.post<{ Params: { id: string } }>('/checkout/sessions/:id/expire', { schema: body() }, async (request) => {
    const p = paramsOf(request);
    const session = find(request.params.id);
    if (session.status !== 'open') {
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`, undefined);
    }
    const expired = store.put({ ...session, status: 'expired' as const, url: null });
    store.cancelJobs(session.id);
    ctx.emit('checkout.session.expired', expired);
    return one(ctx, p, expired);
  });

  app.get('/checkout/sessions', { schema: query({ ...listParams, customer: string(), subscription: string(), status: oneOf('open', 'complete', 'expired'), created: range }) }, async (request) => {
    const p = paramsOf(request);
    const customer = str(p, 'customer');
    const subscription = str(p, 'subscription');
    const status = str(p, 'status');
    const created = createdFilter(p);
    const items = store.all<CheckoutSession>('checkout.session').filter((s) =>
      (!customer || s.customer === customer) && (!subscription || s.subscription === subscription) && (!status || s.status === status) && created(s.created));
    return many(ctx, p, items, '/v1/checkout/sessions');
  });
};

export default checkoutRoutes;
