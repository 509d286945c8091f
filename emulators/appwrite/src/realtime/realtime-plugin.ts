// Appwrite 1.9's Realtime endpoint (app/realtime.php and src/Appwrite/Realtime/Message/**), as the
// v27 Web SDK speaks it: a WebSocket on `/v1/realtime?project=<id>[&jwt=…][&channels[]=…]`, the
// caller known by its session cookie (or X-Fallback-Cookies / X-Appwrite-Session) or the JWT;
// `connected`, then `authentication`, `subscribe`, `unsubscribe` and `ping` messages; `event`
// messages for the resources whose events this server names (account, documents and rows, files),
// each to connections that may read it. The `ws` library does the WebSocket protocol.
import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { createJwtSigner } from '../account/jwt.ts';
import { minimumFactors } from '../account/mfa.ts';
import { getSession } from '../account/sessions.ts';
import { getUser, toAccountModel, type UserRecord } from '../account/users.ts';
import { parseQueryString } from '../app.ts';
import { callerRoles, clientAddress, decodeSessionSecret, sessionFrom, userFromCredentials } from '../caller.ts';
import { isoDate } from '../clock.ts';
import type { PluginOptions } from '../context.ts';
import { originTrusted, unknownOrigin } from '../cors.ts';
import { AppwriteError } from '../errors.ts';
import { uniqueId } from '../ids.ts';
import { platformsFrom } from '../platforms.ts';
import { sharedPlugin } from '../plugins/shared-plugin.ts';
import { convertChannels, rebindAccountChannels, targetOf, type Resources } from './channels.ts';
import { RealtimeHub, type Connection } from './hub.ts';
import { compileRealtimeQueries, RealtimeQueryError } from './realtime-queries.ts';
import { KEY_RE } from '../ids.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

export const REALTIME_PATH = '/v1/realtime';

/** Appwrite's abuse limits: 128 connections a minute per address, 32 messages a minute per connection. */
const CONNECT_LIMIT = 128;
const MESSAGE_LIMIT = 32;
const WINDOW_MS = 60_000;
const MAX_MESSAGE_BYTES = 64 * 1024;

/** Who is behind a connection, kept to check again later (sessions end, users are blocked). */
interface Identity {
  userId: string;
  /** the session the cookie or JWT names; '' for a JWT without one */
  sessionId: string;
  viaJwt: boolean;
}

interface RealtimeConnection extends Connection {
  socket: WebSocket;
  identity: Identity | null;
  messages: { windowStart: number; count: number };
}

const GUEST_ROLES = callerRoles({ kind: 'guest' });

/** A close code the WebSocket protocol allows; Appwrite closes with HTTP-style codes too (401, 403), sent here as 4xxx. */
function closeCode(code: number): number {
  const valid = (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999);
  return valid ? code : 4000 + (code >= 100 && code < 1000 ? code : 500);
}

function errorMessage(error: unknown): { code: number; message: string } {
  if (error instanceof AppwriteError) return { code: error.code, message: error.message };
  return { code: 500, message: 'Error: Server Error' };
}

const formatInvalid = (message: string) => new AppwriteError('realtime_message_format_invalid', message);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** SubscribePayload's checks, with its messages. */
function subscribeItems(data: unknown): Array<{ subscriptionId?: string; channels: string[]; queries: string[] }> {
  const invalid = (message: string) => formatInvalid(`items: ${message}`);
  if (!Array.isArray(data)) throw invalid('Payload is not valid.');
  return data.map((item: unknown) => {
    if (!isRecord(item)) throw invalid('Each subscribe payload must be an object.');
    const { subscriptionId, channels, queries } = item;
    if (subscriptionId !== undefined && (typeof subscriptionId !== 'string' || !KEY_RE.test(subscriptionId))) throw invalid('subscriptionId is not a valid id.');
    if (channels === undefined) throw invalid('channels is not present in payload.');
    if (!Array.isArray(channels)) throw invalid('channels is not a valid array.');
    if (!channels.every((c): c is string => typeof c === 'string')) throw invalid('channels must contain only strings.');
    if (queries !== undefined && !Array.isArray(queries)) throw invalid('queries is not a valid array.');
    const list = (queries ?? []) as unknown[];
    if (!list.every((q): q is string => typeof q === 'string')) throw formatInvalid('Invalid query: Syntax error');
    return { ...(typeof subscriptionId === 'string' ? { subscriptionId } : {}), channels, queries: list };
  });
}

function compiled(queries: string[]) {
  try {
    return compileRealtimeQueries(queries);
  } catch (error) {
    throw formatInvalid(`Invalid query: ${error instanceof RealtimeQueryError ? error.message : 'Syntax error'}`);
  }
}

export default sharedPlugin<PluginOptions>('appwrite-realtime', async (app, { config, store, clock, project }) => {
  const resources: Resources = { schema: project.schema, buckets: project.buckets };
  const platforms = platformsFrom(config.platforms);
  const jwt = createJwtSigner(store);
  const hub = new RealtimeHub();
  const connectCounts = new Map<string, { windowStart: number; count: number }>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false, clientTracking: false });
  app.decorate('realtime', hub);

  /** A usable sign-in: the user active, and a session with all the factors MFA asks for. */
  const usable = (user: UserRecord, sessionFactors: string[] | null): boolean =>
    user.status && (sessionFactors === null || sessionFactors.length >= minimumFactors(store, user));

  const setIdentity = (connection: RealtimeConnection, user: UserRecord | null, identity: Identity | null): void => {
    const newUserId = user?.$id ?? '';
    if (newUserId !== connection.userId) {
      // Account channels follow the user (Authentication handler: rebindAccountChannels).
      for (const [id, subscription] of [...connection.subscriptions]) {
        hub.subscribe(connection, id, { ...subscription, channels: rebindAccountChannels(subscription.channels, connection.userId, newUserId) });
      }
    }
    connection.userId = newUserId;
    connection.roles = user ? callerRoles({ kind: 'user', user, session: null }) : GUEST_ROLES;
    connection.identity = identity;
  };

  /**
   * Stricter than Appwrite, whose connection keeps the roles it had at sign-in: before delivering an
   * event, a connection's user and session are read again (two indexed lookups), so signing out, a
   * deleted session, a blocked user or changed labels apply to open sockets at once. Once per sign-in
   * per event (`seen`): a user's many sockets on one session (each page's own) share the reading.
   */
  const refresh = (connection: Connection, seen: Map<string, UserRecord | null>): boolean => {
    const c = connection as RealtimeConnection;
    const identity = c.identity;
    if (!identity) return true;
    const key = `${identity.userId}\n${identity.sessionId}\n${identity.viaJwt ? 'jwt' : ''}`;
    let user = seen.get(key);
    if (user === undefined) {
      const found = getUser(store, identity.userId);
      const session = identity.sessionId ? getSession(store, identity.sessionId) : null;
      const sessionOk = identity.sessionId === '' ? identity.viaJwt : session !== null && session.userId === identity.userId && Date.parse(session.expire) >= clock.now();
      user = found && sessionOk && usable(found, identity.viaJwt ? null : session?.factors ?? []) ? found : null;
      seen.set(key, user);
    }
    if (user) setIdentity(c, user, identity);
    else setIdentity(c, null, null);
    return true;
  };

  app.appwriteEventListeners.push({
    active: () => hub.connections.size > 0,
    handle: (event) => {
      const target = targetOf(event, resources);
      if (target.channels.length === 0) return;
      const seen = new Map<string, UserRecord | null>();
      hub.publish({ events: event.names, channels: target.channels, timestamp: isoDate(clock.now()), payload: target.payload, canRead: target.canRead }, (c) => refresh(c, seen));
    },
  });

  const sendJson = (connection: RealtimeConnection, message: unknown) => connection.send(JSON.stringify(message));

  const fail = (connection: RealtimeConnection, error: unknown, close: boolean) => {
    const { code, message } = errorMessage(error);
    if (code >= 500 && !(error instanceof AppwriteError)) app.log.error({ err: error }, 'realtime');
    sendJson(connection, { type: 'error', data: { code, message } });
    if (close) connection.socket.close(closeCode(code));
  };

  const handlers: Record<string, (connection: RealtimeConnection, message: Record<string, unknown>) => unknown> = {
    ping: () => ({ type: 'pong' }),

    authentication: (connection, message) => {
      const data = message.data;
      if (!isRecord(data) || !('session' in data)) throw formatInvalid('Payload is not valid. Session is required');
      const value = data.session;
      if (typeof value !== 'string' || value.length > 2048) throw formatInvalid('session: Value must be a valid string and no longer than 2048 chars');
      const found = userFromCredentials(store, jwt, { session: decodeSessionSecret(value), jwt: undefined }, clock.now());
      if (!found || !usable(found.user, found.session?.factors ?? [])) throw formatInvalid('Session is not valid.');
      setIdentity(connection, found.user, { userId: found.user.$id, sessionId: found.session?.$id ?? '', viaJwt: false });
      return { type: 'response', data: { to: 'authentication', success: true, user: toAccountModel(found.user) } };
    },

    subscribe: (connection, message) => {
      if (!('data' in message)) throw formatInvalid('Payload is not valid. Items is required');
      const items = subscribeItems(message.data).map((item) => ({
        subscriptionId: item.subscriptionId ?? uniqueId(),
        channels: convertChannels(item.channels, connection.userId),
        queries: item.queries,
        compiled: compiled(item.queries),
      }));
      for (const item of items) hub.subscribe(connection, item.subscriptionId, { channels: item.channels, queries: item.queries, compiled: item.compiled });
      return {
        type: 'response',
        data: { to: 'subscribe', success: true, subscriptions: items.map(({ subscriptionId, channels, queries }) => ({ subscriptionId, channels, queries })) },
      };
    },

    unsubscribe: (connection, message) => {
      if (!('data' in message)) throw formatInvalid('Payload is not valid. Items is required');
      const data = message.data;
      const valid = Array.isArray(data) && data.every((item) => isRecord(item) && typeof item.subscriptionId === 'string' && item.subscriptionId !== '');
      if (!valid) throw formatInvalid('items: Each unsubscribe payload must include a non-empty subscriptionId.');
      const subscriptions = (data as Array<{ subscriptionId: string }>).map(({ subscriptionId }) => ({ subscriptionId, removed: hub.unsubscribe(connection, subscriptionId) }));
      return { type: 'response', data: { to: 'unsubscribe', success: true, subscriptions } };
    },
  };

  const onMessage = (connection: RealtimeConnection, raw: string) => {
    try {
      if (config.rateLimits) {
        const now = clock.now();
        const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
        if (connection.messages.windowStart !== windowStart) connection.messages = { windowStart, count: 0 };
        connection.messages.count += 1;
        if (connection.messages.count > MESSAGE_LIMIT) throw new AppwriteError('realtime_too_many_messages', 'Too many messages.');
      }
      let message: unknown;
      try {
        message = JSON.parse(raw);
      } catch {
        message = null;
      }
      if (!isRecord(message) || (!('type' in message) && !('data' in message))) throw formatInvalid('Message format is not valid.');
      const type = message.type;
      const handler = typeof type === 'string' && Object.hasOwn(handlers, type) ? handlers[type] : undefined;
      if (!handler) throw formatInvalid('Message type is not valid.');
      const response = handler(connection, message);
      if (response !== undefined) sendJson(connection, response);
    } catch (error) {
      // Only a policy violation ends the connection (app/realtime.php onMessage).
      fail(connection, error, error instanceof AppwriteError && error.code === 1008);
    }
  };

  const open = (socket: WebSocket, request: IncomingMessage, query: Record<string, string | string[]>) => {
    const connection: RealtimeConnection = {
      socket,
      roles: GUEST_ROLES,
      userId: '',
      subscriptions: new Map(),
      identity: null,
      messages: { windowStart: 0, count: 0 },
      send: (text) => { if (socket.readyState === socket.OPEN) socket.send(text); },
      drop: () => socket.terminate(),
    };
    socket.on('error', () => socket.terminate());
    try {
      const headerProject = request.headers['x-appwrite-project'];
      const projectId = (typeof headerProject === 'string' && headerProject) || (typeof query.project === 'string' ? query.project : '');
      if (projectId !== config.projectId) throw new AppwriteError('realtime_policy_violation', 'Missing or unknown project ID');

      const now = clock.now();
      const jwtHeader = request.headers['x-appwrite-jwt'];
      const token = (typeof jwtHeader === 'string' && jwtHeader) || (typeof query.jwt === 'string' ? query.jwt : '') || undefined;
      const session = sessionFrom(app.parseCookie(request.headers.cookie ?? ''), request.headers, config.projectId);
      // An unusable session is a guest's connection, as Appwrite treats a bad cookie; a bad JWT is an error.
      const found = userFromCredentials(store, jwt, { session, jwt: token }, now);

      if (config.rateLimits) {
        const key = `${clientAddress(request.socket.remoteAddress, request.headers)}|${request.headers.host ?? ''}`;
        const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
        const counter = connectCounts.get(key);
        const count = counter && counter.windowStart === windowStart ? counter.count + 1 : 1;
        if (connectCounts.size > 10_000) connectCounts.clear();
        connectCounts.set(key, { windowStart, count });
        if (count > CONNECT_LIMIT) throw new AppwriteError('realtime_too_many_messages', 'Too many requests');
      }

      const origin = request.headers.origin;
      if (origin && !originTrusted(platforms, origin, 'http', request.headers.host)) {
        throw new AppwriteError('realtime_policy_violation', unknownOrigin(origin).message);
      }

      if (found && usable(found.user, found.session ? found.session.factors : null)) {
        setIdentity(connection, found.user, { userId: found.user.$id, sessionId: found.session?.$id ?? found.jwtSessionId, viaJwt: found.session === null });
      }

      // Channels in the URL (SDKs before the message-based protocol): one subscription for them all.
      const names = convertChannels(([] as string[]).concat(query.channels ?? []), connection.userId);
      const mapping: string[] = [];
      if (names.length > 0) {
        const id = uniqueId();
        hub.subscribe(connection, id, { channels: names, queries: [], compiled: { selectAll: true } });
        mapping.push(id);
      }
      hub.add(connection);
      socket.on('message', (data, isBinary) => onMessage(connection, isBinary ? '' : data.toString()));
      socket.on('close', () => hub.remove(connection));
      sendJson(connection, { type: 'connected', data: { channels: names, subscriptions: mapping, user: connection.identity ? toAccountModel(getUser(store, connection.userId) as UserRecord) : null } });
    } catch (error) {
      fail(connection, error, true);
    }
  };

  app.server.on('upgrade', (request: IncomingMessage, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://local');
    if (url.pathname.replace(/\/+$/, '') !== REALTIME_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => open(ws, request, parseQueryString(url.search.slice(1))));
  });

  app.addHook('onClose', async () => {
    for (const connection of hub.connections) connection.drop();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
});
