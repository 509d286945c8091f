// Function executions through the API (`/v1/functions/{functionId}/executions…`, PROTOCOL §4):
// synchronous, async and `scheduledAt` ones, listed and read back per caller.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerRoles } from '../../caller.ts';
import type { PluginOptions } from '../../context.ts';
import { AppwriteError } from '../../errors.ts';
import { toExecutionModel, usesLegacyExecutionModel, type ExecutionRecord } from '../../functions/execution-repository.ts';
import type { ExecutionInput } from '../../functions/execution-service.ts';
import { queries, queryBoolean } from '../params.ts';
import { headerString, hostParts, MAX_BODY } from './request.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;
const HEADERS_DESCRIPTION = 'Invalid headers: Alphanumeric characters or hyphens only, cannot start with "x-appwrite", maximum 100 keys, and total size 16384.';
const SYNC_TIMEOUT_SECONDS = 30;
/**
 * Appwrite's abuse label on createExecution (app/controllers/api/functions.php up to 1.3:
 * APP_LIMIT_WRITE_RATE_DEFAULT per APP_LIMIT_WRITE_RATE_PERIOD_DEFAULT, `ip:{ip},userId:{userId}`);
 * `url:{url}` keeps it from sharing counters with other routes here.
 */
const EXECUTIONS_LIMIT = { limit: 60, window: 60, keys: ['url:{url},ip:{ip},userId:{userId}'] };

interface CreateBody {
  body?: string;
  async?: boolean | string;
  path?: string;
  method?: (typeof METHODS)[number];
  headers?: Record<string, unknown> | null;
  scheduledAt?: string | null;
}

function validHeaders(h: Record<string, unknown>): Record<string, string> {
  const entries = Object.entries(h);
  const size = entries.reduce((n, [k, v]) => n + k.length + String(v).length, 0);
  if (entries.length > 100 || size > 16384 || entries.some(([k]) => !/^[A-Za-z0-9-]+$/.test(k) || k.toLowerCase().startsWith('x-appwrite'))) {
    throw new AppwriteError('general_argument_invalid', `Invalid \`headers\` param: ${HEADERS_DESCRIPTION}`);
  }
  return Object.fromEntries(entries.map(([k, v]) => [k.toLowerCase(), typeof v === 'string' ? v : JSON.stringify(v)]));
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

export default async function executionRoutes(app: FastifyInstance, { clock }: PluginOptions): Promise<void> {
  const { service, repo, storedInvokerOf, withJwt } = app.functions;
  const scheduler = app.executionScheduler;
  const fnParams = { type: 'object', properties: { functionId: { type: 'string' }, executionId: { type: 'string' } } } as const;

  app.post<{ Params: { functionId: string }; Body: CreateBody }>('/v1/functions/:functionId/executions', {
    config: { scope: 'execution.write', abuse: EXECUTIONS_LIMIT },
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

  app.get<{ Params: { functionId: string }; Querystring: { queries?: string[] | string; total?: string } }>('/v1/functions/:functionId/executions', {
    config: { scope: 'execution.read' },
    schema: {
      params: fnParams,
      querystring: { type: 'object', properties: { queries: { anyOf: [queries, { type: 'string', maxLength: 4096 }], description: queries.description }, total: queryBoolean } },
    },
  }, async (request) => {
    const def = service.find(request.params.functionId);
    const raw = request.query.queries;
    const withTotal = request.query.total !== 'false' && request.query.total !== '0';
    const readRoles = request.caller.kind === 'key' ? null : callerRoles(request.caller);
    const { total, executions } = repo.list(def.id, raw === undefined ? [] : Array.isArray(raw) ? raw : [raw], withTotal, readRoles);
    return { total, executions: executions.map((e) => model(request, e)) };
  });

  app.get<{ Params: { functionId: string; executionId: string } }>('/v1/functions/:functionId/executions/:executionId', {
    config: { scope: 'execution.read' },
    schema: { params: fnParams },
  }, async (request) => {
    const def = service.find(request.params.functionId);
    const e = repo.get(def.id, request.params.executionId);
    if (!e || !readable(request, e)) throw new AppwriteError('execution_not_found');
    return model(request, e);
  });
}
