// Function executions (`/v1/functions/{id}/executions…`), function domains (`/_functions/{id}/…`,
// outside /v1, raw bodies) and cron schedules from backend/appwrite.json.
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerRoles, clientIp, registerEphemeralKey, type Caller } from '../caller.ts';
import type { PluginOptions } from '../context.ts';
import { AppwriteError } from '../errors.ts';
import { createJwtSigner } from '../account/jwt.ts';
import { ExecutionRepository, migrateExecutions, toExecutionModel, usesLegacyExecutionModel, type ExecutionRecord } from '../functions/execution-repository.ts';
import { ExecutionScheduler, type StoredInvoker } from '../functions/execution-scheduler.ts';
import { ExecutionService, type ExecutionInput, type Invoker } from '../functions/execution-service.ts';
import { FunctionPool } from '../functions/executor.ts';
import { parseFunctions, type FunctionDef } from '../functions/registry.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;
const HEADERS_DESCRIPTION = 'Invalid headers: Alphanumeric characters or hyphens only, cannot start with "x-appwrite", maximum 100 keys, and total size 16384.';
const MAX_BODY = 10_485_760;
const SYNC_TIMEOUT_SECONDS = 30;
/** On shutdown, running executions get this long to finish; the next start fails the rest. */
const CLOSE_GRACE_MS = 3000;
/**
 * Appwrite's abuse label on createExecution (app/controllers/api/functions.php up to 1.3:
 * APP_LIMIT_WRITE_RATE_DEFAULT per APP_LIMIT_WRITE_RATE_PERIOD_DEFAULT, `ip:{ip},userId:{userId}`);
 * `url:{url}` keeps it from sharing counters with other routes here.
 */
const EXECUTIONS_LIMIT = { limit: 60, window: 60, keys: ['url:{url},ip:{ip},userId:{userId}'] };
/** Function domains: the same rate per client address and function. */
const DOMAIN_LIMIT = { limit: 60, window: 60, keys: ['url:{param-functionId},ip:{ip}'] };

interface CreateBody {
  body?: string;
  async?: boolean | string;
  path?: string;
  method?: (typeof METHODS)[number];
  headers?: Record<string, unknown> | null;
  scheduledAt?: string | null;
}

function headerString(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

function flatHeaders(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(request.headers)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

function validHeaders(h: Record<string, unknown>): Record<string, string> {
  const entries = Object.entries(h);
  const size = entries.reduce((n, [k, v]) => n + k.length + String(v).length, 0);
  if (entries.length > 100 || size > 16384 || entries.some(([k]) => !/^[A-Za-z0-9-]+$/.test(k) || k.toLowerCase().startsWith('x-appwrite'))) {
    throw new AppwriteError('general_argument_invalid', `Invalid \`headers\` param: ${HEADERS_DESCRIPTION}`);
  }
  return Object.fromEntries(entries.map(([k, v]) => [k.toLowerCase(), typeof v === 'string' ? v : JSON.stringify(v)]));
}

function hostParts(request: FastifyRequest): { host: string; port: number; scheme: string } {
  const scheme = headerString(request, 'x-forwarded-proto') ?? 'http';
  const hostHeader = headerString(request, 'host') ?? 'localhost';
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(hostHeader);
  const host = m?.[1] ?? hostHeader;
  const port = m?.[2] ? Number(m[2]) : scheme === 'https' ? 443 : 80;
  return { host, port, scheme };
}

export default async function functionsRoutes(app: FastifyInstance, opts: PluginOptions): Promise<void> {
  const { config, store, clock } = opts;
  const project = JSON.parse(fs.readFileSync(config.schemaPath, 'utf8')) as unknown;
  const functions = parseFunctions(project, config.schemaPath, config.functionsDir);
  migrateExecutions(store.db);
  const repo = new ExecutionRepository(store.db);
  const jwt = createJwtSigner(store);
  const pool = new FunctionPool(config.executionLimits);
  const service = new ExecutionService(functions, repo, config, clock, {
    registerKey: registerEphemeralKey,
    pool,
  });

  function storedInvokerOf(request: FastifyRequest): StoredInvoker {
    const caller: Caller = request.caller;
    return {
      roles: callerRoles(caller),
      userId: caller.kind === 'user' ? caller.user.$id : null,
      sessionId: caller.kind === 'user' ? caller.session?.$id ?? '' : '',
      clientIp: clientIp(request),
    };
  }

  /** The user's JWT lives for the function's timeout + 60 s from when the execution runs. */
  function withJwt(stored: StoredInvoker, def: FunctionDef): Invoker {
    const { sessionId, ...invoker } = stored;
    const userJwt = stored.userId ? jwt.sign({ userId: stored.userId, sessionId }, def.timeout + 60, clock.now()) : '';
    return { ...invoker, userJwt };
  }

  function model(request: FastifyRequest, e: ExecutionRecord): Record<string, unknown> {
    return toExecutionModel(e, {
      legacy: usesLegacyExecutionModel(headerString(request, 'x-appwrite-response-format')),
      privileged: request.caller.kind === 'key',
    });
  }

  /** Executions a caller may see: their own (`read("user:<id>")`), or all with an API key. */
  function readable(request: FastifyRequest, e: ExecutionRecord): boolean {
    if (request.caller.kind === 'key') return true;
    const roles = new Set(callerRoles(request.caller));
    return e.permissions.some((p) => {
      const m = /^read\("(.+)"\)$/.exec(p);
      return m?.[1] !== undefined && roles.has(m[1]);
    });
  }

  const running = new Set<Promise<unknown>>();
  function background(task: () => Promise<unknown>): void {
    const p = task().catch((err: unknown) => app.log.error({ err }, 'background execution failed'));
    running.add(p);
    void p.finally(() => running.delete(p));
  }

  const scheduler = new ExecutionScheduler({
    service, repo, clock, background,
    invoker: withJwt,
    warn: (message, detail) => app.log.warn(detail, message),
    cron: config.schedules,
    host: config.host,
    port: config.port,
  });
  // Once the server listens: resumed executions may call back into this server's API.
  app.addHook('onListen', async () => { scheduler.start(); });

  const fnParams = { type: 'object', properties: { functionId: { type: 'string' }, executionId: { type: 'string' } } } as const;

  app.post<{ Params: { functionId: string }; Body: CreateBody }>('/v1/functions/:functionId/executions', {
    config: { scope: 'executions.write', abuse: EXECUTIONS_LIMIT },
    bodyLimit: MAX_BODY + 1_000_000,
    schema: {
      params: fnParams,
      body: {
        type: 'object',
        properties: {
          body: { type: 'string', maxLength: MAX_BODY, description: `Value must be a valid string and at most ${MAX_BODY} chars` },
          async: { description: 'Value must be a valid boolean' },
          path: { type: 'string', maxLength: 2048, description: 'Value must be a valid string and at most 2048 chars' },
          method: { type: 'string', enum: [...METHODS], description: `Value must be one of (${METHODS.join(', ')})` },
          headers: { type: 'object', description: HEADERS_DESCRIPTION },
          scheduledAt: { type: 'string', description: 'Value must be valid date with ISO 8601 format.' },
        },
      },
    },
  }, async (request, reply) => {
    const def = service.find(request.params.functionId);
    const b = request.body ?? {};
    const stored = storedInvokerOf(request);
    const invoker = withJwt(stored, def);
    service.assertCanExecute(def, invoker, request.caller.kind === 'key');
    const isAsync = b.async === true || b.async === 'true' || b.async === '1';
    const custom = validHeaders(b.headers ?? {});
    const { host, port, scheme } = hostParts(request);
    const input: ExecutionInput = {
      trigger: 'http',
      method: b.method ?? 'POST',
      path: b.path ?? '/',
      // Executions/Create.php hands the function only the `headers` param plus the injected ones,
      // never the caller's own headers (cookies, session).
      headers: custom,
      body: Buffer.from(b.body ?? '', 'utf8'),
      host, port, scheme,
    };

    if (b.scheduledAt) {
      if (!isAsync) throw new AppwriteError('general_bad_request', 'Scheduled executions must run asynchronously. Set scheduledAt to a future date, or set async to true.');
      const at = Date.parse(b.scheduledAt);
      if (Number.isNaN(at) || at < clock.now() + 60_000) throw new AppwriteError('general_bad_request', 'Execution schedule must be a valid date, and at least 1 minute from now');
      const execution = service.create(def, { ...input, trigger: 'schedule' }, invoker, 'scheduled', new Date(at).toISOString().replace('Z', '+00:00'));
      scheduler.enqueue(def, execution, { ...input, trigger: 'schedule' }, stored, at);
      await repo.committed();
      return reply.code(202).send(model(request, execution));
    }
    service.assertCapacity(def);
    const execution = service.create(def, input, invoker, isAsync ? 'async' : 'sync');
    if (isAsync) {
      scheduler.enqueue(def, execution, input, stored);
      await repo.committed();
      return reply.code(202).send(model(request, execution));
    }
    const { record, timedOut } = await service.run(def, execution, input, invoker, SYNC_TIMEOUT_SECONDS);
    await repo.committed();
    // The executor gives up on synchronous calls after 30 s even when the function may run longer.
    if (timedOut && def.timeout > SYNC_TIMEOUT_SECONDS) throw new AppwriteError('function_synchronous_timeout');
    return reply.code(201).send(model(request, record));
  });

  app.get<{ Params: { functionId: string } }>('/v1/functions/:functionId/executions', {
    config: { scope: 'executions.read' },
    schema: { params: fnParams },
  }, async (request) => {
    const def = service.find(request.params.functionId);
    const list = repo.list(def.id).filter((e) => readable(request, e));
    return { total: list.length, executions: list.slice(0, 25).map((e) => model(request, e)) };
  });

  app.get<{ Params: { functionId: string; executionId: string } }>('/v1/functions/:functionId/executions/:executionId', {
    config: { scope: 'executions.read' },
    schema: { params: fnParams },
  }, async (request) => {
    const def = service.find(request.params.functionId);
    const e = repo.get(def.id, request.params.executionId);
    if (!e || !readable(request, e)) throw new AppwriteError('execution_not_found');
    return model(request, e);
  });

  // Function domains: everything after /_functions/<id> reaches the function untouched, including
  // the raw body bytes (Stripe signs them), so this scope parses no content type.
  await app.register(async (domain) => {
    domain.removeAllContentTypeParsers();
    domain.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY }, (_req, body, done) => { done(null, body); });

    const handler = async (request: FastifyRequest<{ Params: { functionId: string } }>, reply: FastifyReply): Promise<FastifyReply> => {
      const def = service.find(request.params.functionId);
      // Appwrite serves a function domain only when anyone may execute it.
      if (!def.execute.includes('any') && !def.execute.includes('guests')) {
        throw new AppwriteError('user_unauthorized', 'To execute function using domain, execute permissions must include "any" or "guests"');
      }
      const prefix = `/_functions/${def.id}`;
      const rest = request.url.slice(request.url.indexOf(prefix) + prefix.length);
      const invoker: Invoker = { roles: ['any', 'guests'], userId: null, userJwt: '', clientIp: clientIp(request) };
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const input: ExecutionInput = { trigger: 'http', method: request.method, path: rest.startsWith('/') ? rest : `/${rest}`, headers: flatHeaders(request), body, ...hostParts(request) };
      service.assertCapacity(def);
      const execution = service.create(def, input, invoker, 'sync');
      const result = await service.run(def, execution, input, invoker);
      await repo.committed();
      for (const [k, v] of Object.entries(result.headers)) {
        if (!['content-length', 'transfer-encoding', 'connection'].includes(k)) reply.header(k, v);
      }
      return reply.code(result.record.responseStatusCode || 500).send(result.body);
    };
    const routeConfig = { config: { abuse: DOMAIN_LIMIT } };
    domain.all('/_functions/:functionId', routeConfig, handler);
    domain.all('/_functions/:functionId/*', routeConfig, handler);
  });

  app.addHook('onClose', async () => {
    scheduler.stop();
    await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => { setTimeout(resolve, CLOSE_GRACE_MS).unref(); })]);
    pool.close();
    await Promise.allSettled([...running]);
    repo.flush();
  });
}
