import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ctx, PluginOptions } from '../context.ts';
import { missing, requiredParam } from '../errors.ts';
import { API_VERSION } from '../events.ts';
import { newId } from '../ids.ts';
import type { StoredObject } from '../store.ts';
import type { WebhookTarget } from '../webhooks/delivery.ts';
import { bool, list, mergeMetadata, paramsOf, str } from '../wire.ts';
import { array, body, boolean, listParams, metadata, query, string } from './params.ts';

const endpointFields = { url: string(), description: string(), enabled_events: array(string()), metadata };
import { many, one } from './respond.ts';

interface WebhookEndpoint extends StoredObject {
  url: string;
  enabled_events: string[];
  status: 'enabled' | 'disabled';
  metadata: Record<string, string>;
  _secret: string;
  _connect?: boolean;
}

/** The configured endpoint (STRIPE_WEBHOOK_URL, all events) plus every enabled endpoint created through the API. */
export function webhookTargets(ctx: Ctx): WebhookTarget[] {
  const targets: WebhookTarget[] = [];
  if (ctx.config.webhookUrl) targets.push({ url: ctx.config.webhookUrl, secret: ctx.config.webhookSecret, enabledEvents: ctx.config.webhookEvents, connect: false });
  if (ctx.config.connectWebhookUrl) targets.push({ url: ctx.config.connectWebhookUrl, secret: ctx.config.connectWebhookSecret, enabledEvents: ctx.config.connectWebhookEvents, connect: true });
  for (const we of ctx.store.all<WebhookEndpoint>('webhook_endpoint')) {
    if (we.status === 'enabled') targets.push({ url: we.url, secret: we._secret, enabledEvents: we.enabled_events, connect: we._connect === true });
  }
  return targets;
}

const webhookEndpointRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { store } = ctx;
  const find = (id: string): WebhookEndpoint => {
    const we = store.get<WebhookEndpoint>('webhook_endpoint', id);
    if (!we) throw missing('webhook_endpoint', id);
    return we;
  };

  app.post('/webhook_endpoints', { schema: body({ ...endpointFields, api_version: string(), connect: boolean }) }, async (request) => {
    const p = paramsOf(request);
    const url = str(p, 'url');
    if (!url) throw requiredParam('url');
    const events = list(p, 'enabled_events').map(String);
    if (events.length === 0) throw requiredParam('enabled_events');
    const secret = `whsec_${randomBytes(24).toString('hex')}`;
    const we: WebhookEndpoint = {
      id: newId('we'), object: 'webhook_endpoint', api_version: str(p, 'api_version') ?? API_VERSION, application: null,
      created: ctx.clock.now(), description: str(p, 'description') ?? null, enabled_events: events, livemode: false,
      metadata: mergeMetadata({}, p), status: 'enabled', url, _secret: secret, _connect: bool(p, 'connect') === true,
    };
    store.put(we);
    // The secret is returned only on create (PROTOCOL §2.1).
    return { ...one(ctx, p, we), secret };
  });
  app.get<{ Params: { id: string } }>('/webhook_endpoints/:id', { schema: query() }, async (request) => one(ctx, paramsOf(request), find(request.params.id)));
  app.post<{ Params: { id: string } }>('/webhook_endpoints/:id', { schema: body({ ...endpointFields, disabled: boolean }) }, async (request) => {
    const p = paramsOf(request);
    const we = find(request.params.id);
    const events = list(p, 'enabled_events').map(String);
    const disabled = bool(p, 'disabled');
    const next: WebhookEndpoint = {
      ...we, url: str(p, 'url') ?? we.url, description: 'description' in p ? str(p, 'description') ?? null : we.description,
      enabled_events: events.length > 0 ? events : we.enabled_events, metadata: mergeMetadata(we.metadata, p),
      status: disabled === undefined ? we.status : disabled ? 'disabled' : 'enabled',
    };
    return one(ctx, p, store.put(next));
  });
  app.get('/webhook_endpoints', { schema: query(listParams) }, async (request) => {
    const p = paramsOf(request);
    return many(ctx, p, store.all('webhook_endpoint'), '/v1/webhook_endpoints');
  });
  app.delete<{ Params: { id: string } }>('/webhook_endpoints/:id', { schema: query() }, async (request) => {
    const we = find(request.params.id);
    store.remove(we.id);
    return { id: we.id, object: 'webhook_endpoint', deleted: true };
  });
};

export default webhookEndpointRoutes;
