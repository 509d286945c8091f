// Event-triggered executions, as Appwrite's API shutdown hook and functions worker run them
// (app/controllers/shared/api.php, src/Appwrite/Platform/Workers/Functions.php): a route that
// succeeds names its event (`emitEvent`); every function whose `events` intersect the generated
// names gets an async execution — trigger `event`, POST `/`, the route's response model as JSON
// body, `x-appwrite-event` the concrete name, `x-appwrite-user-id` the actor, an ephemeral key for
// the function's scopes and no user JWT. The executions are stored like other async ones (they
// survive a restart) before the response goes out; nothing here can fail the triggering request.
import type { FastifyRequest } from 'fastify';
import { clientIp } from '../caller.ts';
import type { PluginOptions } from '../context.ts';
import { APPWRITE_VERSION } from '../errors.ts';
import { sharedPlugin } from '../plugins/shared-plugin.ts';
import { installAccountEvents } from './account-events.ts';
import { generateEvents } from './event-names.ts';
import type { StoredInvoker } from './execution-scheduler.ts';
import type { ExecutionInput } from './execution-service.ts';

export interface PendingEvent {
  /** e.g. `databases.[databaseId].collections.[collectionId].documents.[documentId].update` */
  pattern: string;
  /** in the order Appwrite's route sets them */
  params: Record<string, string>;
  /** the response model; omitted: the response body itself */
  payload?: unknown;
  /** the acting user when it is not the caller (a session just created) */
  userId?: string;
}

/** An event after its request succeeded: what other parts of the server (Realtime) are told. */
export interface EmittedEvent {
  pattern: string;
  params: Record<string, string>;
  /** `Event::generateEvents`: the concrete name first */
  names: string[];
  /** the response model (or the given payload), parsed */
  payload: Record<string, unknown>;
}

export interface EventListener {
  /** whether anything is listening now (events are not prepared for nobody) */
  active(): boolean;
  handle(event: EmittedEvent): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    appwriteEvents: PendingEvent[] | null;
  }
  interface FastifyInstance {
    /** Told every event once its response is on its way (Appwrite's realtime queue, after the route). */
    appwriteEventListeners: EventListener[];
  }
}

function payloadOf(event: PendingEvent, responseBody: string): Record<string, unknown> {
  if (event.payload !== undefined) return event.payload && typeof event.payload === 'object' ? (event.payload as Record<string, unknown>) : {};
  try {
    const parsed: unknown = JSON.parse(responseBody);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Names an event for the current request; it fires only if the request succeeds. */
export function emitEvent(request: FastifyRequest, event: PendingEvent): void {
  (request.appwriteEvents ??= []).push(event);
}

/** The params Appwrite's document routes set, in their order. */
export function documentParams(databaseId: string, collectionId: string, documentId: string): Record<string, string> {
  return { databaseId, collectionId, tableId: collectionId, documentId, rowId: documentId };
}

export const DOCUMENT_EVENT = {
  document: (action: string) => `databases.[databaseId].collections.[collectionId].documents.[documentId].${action}`,
  row: (action: string) => `databases.[databaseId].tables.[tableId].rows.[rowId].${action}`,
} as const;

/**
 * The triggering request's client address and user agent. Appwrite's worker passes neither to an
 * event execution; this server adds them (`x-appwrite-client-ip`, `x-appwrite-client-user-agent`)
 * so a local audit trail can show them. Functions must treat both as optional.
 */
function clientOf(request: FastifyRequest): { ip: string; userAgent: string } {
  const ua = request.headers['x-forwarded-user-agent'] ?? request.headers['user-agent'] ?? '';
  return { ip: clientIp(request), userAgent: (Array.isArray(ua) ? ua[0] ?? '' : ua).slice(0, 512) };
}

export default sharedPlugin<PluginOptions>('appwrite-events', async (app, { config, store }) => {
  const { service, repo } = app.functions;
  const scheduler = app.executionScheduler;
  app.decorateRequest('appwriteEvents', null);
  app.decorate('appwriteEventListeners', [] as EventListener[]);
  // Its onSend names the account routes' events before this plugin's onSend queues them.
  installAccountEvents(app, store);

  const subscribed = () => (config.events ? service.all().filter((def) => def.enabled && def.events.length > 0) : []);

  const dispatch = (request: FastifyRequest, event: PendingEvent, responseBody: string): boolean => {
    const functions = subscribed();
    if (functions.length === 0) return false;
    const names = generateEvents(event.pattern, event.params);
    const matching = functions.filter((def) => def.events.some((e) => names.includes(e)));
    if (matching.length === 0) return false;
    const body = event.payload === undefined ? (responseBody || '[]') : JSON.stringify(event.payload);
    const caller = request.caller;
    const actor = event.userId ?? (caller.kind === 'user' ? caller.user.$id : '');
    const client = clientOf(request);
    const invoker: StoredInvoker = { roles: ['any'], userId: actor || null, sessionId: '', clientIp: client.ip, jwt: false, clientUserAgent: client.userAgent };
    const input: ExecutionInput = {
      trigger: 'event', method: 'POST', path: '/',
      headers: { 'user-agent': `Appwrite/${APPWRITE_VERSION}`, 'content-type': 'application/json' },
      body: Buffer.from(body, 'utf8'),
      host: config.host, port: config.port, scheme: 'http',
      event: names[0] ?? '',
    };
    for (const def of matching) {
      try {
        const execution = service.create(def, input, { ...invoker, userJwt: '' }, 'async');
        scheduler.enqueue(def, execution, input, invoker);
      } catch (err) {
        // A function without its code (deployment_not_found) is skipped, as Appwrite fails it.
        request.log.warn({ err, functionId: def.id }, 'event execution not queued');
      }
    }
    return true;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const events = request.appwriteEvents;
    request.appwriteEvents = null;
    if (!events || reply.statusCode >= 400) return payload;
    try {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
      let queued = false;
      for (const event of events) queued = dispatch(request, event, body) || queued;
      // Stored before the answer: a request the client saw succeed has its executions on disk.
      if (queued) await repo.committed();
      const listeners = app.appwriteEventListeners.filter((listener) => listener.active());
      if (listeners.length > 0) {
        const emitted = events.map((event) => ({ pattern: event.pattern, params: event.params, names: generateEvents(event.pattern, event.params), payload: payloadOf(event, body) }));
        // After the response is written, as Appwrite publishes to Realtime from its shutdown hook.
        setImmediate(() => {
          for (const event of emitted) {
            for (const listener of listeners) {
              try {
                listener.handle(event);
              } catch (err) {
                request.log.error({ err }, 'event listener failed');
              }
            }
          }
        });
      }
    } catch (err) {
      request.log.error({ err }, 'event dispatch failed');
    }
    return payload;
  });
});
