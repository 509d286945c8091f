import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { installCaller } from './caller.ts';
import { systemClock, type Clock } from './clock.ts';
import type { EmulatorConfig } from './config.ts';
import type { PluginOptions } from './context.ts';
import { installCors } from './cors.ts';
import { APPWRITE_VERSION, AppwriteError, errorBody, installErrorHandling } from './errors.ts';
import functionsService from './functions/functions-plugin.ts';
import events from './functions/events-plugin.ts';
import realtime from './realtime/realtime-plugin.ts';
import schedules from './functions/schedules-plugin.ts';
import { installBodyParsers } from './json-body.ts';
import { migrateMail } from './mail/outbox.ts';
import smtpReceiver from './mail/smtp-plugin.ts';
import { platformsFrom } from './platforms.ts';
import { installMfaEnforcement } from './mfa-enforcement.ts';
import { installRateLimits } from './rate-limit.ts';
import accountRoutes from './routes/account/index.ts';
import databasesRoutes from './routes/databases.ts';
import devMailRoutes from './routes/dev-mail.ts';
import storageRoutes from './routes/storage.ts';
import functionDomainRoutes from './routes/functions/domains.ts';
import deploymentRoutes from './routes/functions/deployments.ts';
import functionManagementRoutes from './routes/functions/manage.ts';
import executionRoutes from './routes/functions/executions.ts';
import usersMfaRoutes from './routes/users-mfa.ts';
import usersRoutes from './routes/users.ts';
import { migrateMfa } from './account/mfa.ts';
import { migrateSessions } from './account/sessions.ts';
import { openStore, type Store } from './store.ts';
import { Project } from './project.ts';
import { migrateTokens } from './account/tokens.ts';
import { migrateUsers } from './account/users.ts';

export interface BuildOptions {
  now?: () => number;
}

/** Function execution bodies may be up to 10 MiB of text (PROTOCOL §4.1). */
const BODY_LIMIT = 12 * 1024 * 1024;

/** PHP-style query arrays: `queries[0]=…&queries[1]=…` (and `queries[]=`) become a list. */
export function parseQueryString(raw: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  const indexed = new Map<string, Array<[number, string]>>();
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)\[(\d*)\]$/.exec(key);
    if (match) {
      const name = match[1] as string;
      const list = indexed.get(name) ?? [];
      list.push([match[2] === '' ? Number.MAX_SAFE_INTEGER : Number(match[2]), value]);
      indexed.set(name, list);
    } else {
      result[key] = value;
    }
  }
  for (const [name, list] of indexed) {
    result[name] = list.sort((a, b) => a[0] - b[0]).map(([, value]) => value);
  }
  return result;
}

export function migrateCore(store: Store): void {
  migrateUsers(store);
  migrateSessions(store);
  migrateTokens(store);
  migrateMfa(store);
  migrateMail(store);
}

export async function buildApp(config: EmulatorConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const store = openStore(config);
  const clock: Clock = opts.now ? { now: opts.now } : systemClock;
  const options: PluginOptions = { config, store, clock, project: new Project(config, clock) };
  migrateCore(store);

  const app = Fastify({
    logger: config.log ? { level: 'info' } : false,
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
    // Appwrite validators do not coerce: `{"name": 5}` is an invalid string, not "5".
    ajv: { customOptions: { coerceTypes: false, allErrors: false } },
    // Requests Node's HTTP parser rejects (unknown methods, bad headers) still get Appwrite's body.
    clientErrorHandler: (_error, socket) => {
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      const body = JSON.stringify(errorBody(new AppwriteError('general_bad_request')));
      socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000, querystringParser: parseQueryString },
  });
  app.addHook('onClose', async () => store.db.close());

  installErrorHandling(app);
  installBodyParsers(app);

  await app.register(cookie);
  installCors(app, platformsFrom(config.platforms));

  // Appwrite treats an explicit top-level `null` like an omitted parameter.
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [key, value] of Object.entries(body)) {
        if (value === null) delete (body as Record<string, unknown>)[key];
      }
    }
  });
  installCaller(app, options);
  installMfaEnforcement(app, options);
  installRateLimits(app, options);
  await app.register(functionsService, options);
  await app.register(schedules, options);
  await app.register(events, options);
  await app.register(realtime, options);
  await app.register(smtpReceiver, options);

  app.get('/v1/ping', async (_request, reply) => reply.type('text/plain').send('Pong!'));
  // What `appwrite client --endpoint` checks before it keeps an endpoint.
  app.get('/v1/health/version', async () => ({ version: APPWRITE_VERSION }));
  await app.register(accountRoutes, { ...options, prefix: '/v1' });
  await app.register(usersRoutes, { ...options, prefix: '/v1' });
  await app.register(usersMfaRoutes, { ...options, prefix: '/v1' });
  await app.register(devMailRoutes, options);
  // Databases and functions spell full paths (`/v1/databases/…`, `/_functions/…`).
  await app.register(databasesRoutes, options);
  await app.register(executionRoutes, options);
  await app.register(storageRoutes, options);
  await app.register(functionDomainRoutes, options);
  await app.register(functionManagementRoutes, options);
  await app.register(deploymentRoutes, options);
  return app;
}
