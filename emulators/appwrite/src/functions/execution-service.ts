// Creating and running executions the way Appwrite's Executions/Create.php and the functions
// worker do: permissions, injected headers and env, ephemeral key, stored execution.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isoDate, type Clock } from '../clock.ts';
import type { EmulatorConfig } from '../config.ts';
import { APPWRITE_VERSION, AppwriteError } from '../errors.ts';
import { uniqueId } from '../ids.ts';
import type { FunctionPool } from './executor.ts';
import type { ExecutionRecord, ExecutionRepository, HeaderPair, Trigger } from './execution-repository.ts';
import { functionVariables, type FunctionDef } from './registry.ts';

/** Who triggers the execution, as far as functions care. */
export interface Invoker {
  roles: string[];
  userId: string | null;
  /** JWT for the caller's session, or '' */
  userJwt: string;
  clientIp: string;
  /** the triggering request's user agent, passed to event executions as `x-appwrite-client-user-agent` */
  clientUserAgent?: string;
}

export interface ExecutionInput {
  trigger: Trigger;
  method: string;
  /** path with optional `?query` */
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  host: string;
  scheme: string;
  port: number;
  event?: string;
}

export interface Hooks {
  /** registers the `x-appwrite-key` value for the function's scopes until `expiresAtMs` */
  registerKey(key: string, scopes: string[], expiresAtMs: number): void;
  /** the warm runtimes the executions run on */
  pool: FunctionPool;
}

// Only these request headers are kept on the stored execution (Create.php allow-list).
const STORED_REQUEST_HEADERS = ['content-type', 'agent', 'content-length', 'host', 'x-appwrite-client-ip'];
// …and these response headers (FUNCTION_ALLOWLIST_HEADERS_RESPONSE).
const STORED_RESPONSE_HEADERS = new Set(['content-type', 'content-length']);

function pairs(h: Record<string, string>): HeaderPair[] {
  return Object.entries(h).map(([name, value]) => ({ name, value }));
}

export class ExecutionService {
  constructor(
    private readonly functions: Map<string, FunctionDef>,
    private readonly repo: ExecutionRepository,
    private readonly config: EmulatorConfig,
    private readonly clock: Clock,
    private readonly hooks: Hooks,
  ) {}

  find(functionId: string): FunctionDef {
    const def = this.functions.get(functionId);
    if (!def || !def.enabled) throw new AppwriteError('function_not_found');
    return def;
  }

  all(): FunctionDef[] {
    return [...this.functions.values()];
  }

  assertCanExecute(def: FunctionDef, invoker: Invoker, isKey: boolean): void {
    const roles = new Set([...invoker.roles, 'any']);
    if (!isKey && !def.execute.some((r) => roles.has(r))) {
      throw new AppwriteError('user_unauthorized');
    }
  }

  private entryOf(def: FunctionDef): string | null {
    const entry = path.join(def.dir, def.entrypoint);
    return fs.existsSync(entry) ? entry : null;
  }

  /**
   * A new execution record; `scheduledAt` makes it `scheduled`, `async` makes it `waiting` — both
   * stored now. A synchronous one (`processing`) is stored once it ends, as Appwrite does.
   */
  create(def: FunctionDef, input: ExecutionInput, invoker: Invoker, mode: 'sync' | 'async' | 'scheduled', scheduledAt: string | null = null): ExecutionRecord {
    if (!this.entryOf(def)) throw new AppwriteError('deployment_not_found');
    const now = isoDate(this.clock.now());
    const requestHeaders: Record<string, string> = {};
    for (const k of STORED_REQUEST_HEADERS) {
      const v = input.headers[k];
      if (v !== undefined) requestHeaders[k] = v;
    }
    const execution: ExecutionRecord = {
      id: uniqueId(this.clock.now()),
      functionId: def.id,
      createdAt: now,
      updatedAt: now,
      permissions: invoker.userId ? [`read("user:${invoker.userId}")`] : [],
      trigger: mode === 'scheduled' ? 'schedule' : input.trigger,
      status: mode === 'scheduled' ? 'scheduled' : mode === 'async' ? 'waiting' : 'processing',
      requestMethod: input.method,
      requestPath: input.path,
      requestHeaders: pairs(requestHeaders),
      responseStatusCode: 0,
      responseBody: '',
      responseHeaders: [],
      logs: '',
      errors: '',
      duration: 0,
      scheduledAt,
    };
    if (mode !== 'sync') this.repo.save(execution);
    return execution;
  }

  /** 429 when the function's runtimes and queue are full (HTTP executions only). */
  assertCapacity(def: FunctionDef): void {
    this.hooks.pool.assertRoom(def.id);
  }

  /**
   * Runs an execution created by `create` to completion; never throws. `processing` once a runtime
   * takes it (`onStart`). When the server stops first, the record is left as it was (`stopped`): the
   * next start settles it (execution-scheduler.ts).
   */
  async run(def: FunctionDef, execution: ExecutionRecord, input: ExecutionInput, invoker: Invoker, maxSeconds = Infinity, onStart?: () => void): Promise<{ record: ExecutionRecord; body: Buffer; headers: Record<string, string>; timedOut: boolean; stopped: boolean }> {
    const entry = this.entryOf(def);
    const processing = (): void => {
      if (execution.status !== 'processing') this.repo.save({ ...execution, status: 'processing', updatedAt: isoDate(this.clock.now()) });
      onStart?.();
    };

    // Appwrite: `ephemeral_<JWT>` valid for timeout + 60 s; any unguessable value works locally.
    const key = `ephemeral_${crypto.randomBytes(24).toString('hex')}`;
    this.hooks.registerKey(key, def.scopes, Date.now() + (def.timeout + 60) * 1000);

    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(input.headers)) {
      // Callers cannot forge the injected headers.
      if (!k.startsWith('x-appwrite-') && !k.startsWith('x-open-runtimes-')) headers[k] = v;
    }
    Object.assign(headers, {
      'x-appwrite-trigger': execution.trigger,
      'x-appwrite-user-id': invoker.userId ?? '',
      'x-appwrite-user-jwt': invoker.userJwt,
      'x-appwrite-key': key,
      'x-appwrite-execution-id': execution.id,
      'x-appwrite-client-ip': invoker.clientIp,
      'x-appwrite-country-code': '',
      'x-appwrite-continent-code': '',
      'x-appwrite-continent-eu': 'false',
    });
    if (input.trigger !== 'http' || execution.trigger === 'schedule' || input.event !== undefined) headers['x-appwrite-event'] = input.event ?? '';
    if (invoker.clientUserAgent !== undefined) headers['x-appwrite-client-user-agent'] = invoker.clientUserAgent;

    const [pathname = '/', queryString = ''] = input.path.split(/\?(.*)/s);
    const result = entry
      ? await this.hooks.pool.run({
        functionId: def.id,
        onStart: processing,
        entry,
        cwd: def.dir,
        env: this.environment(def),
        timeoutMs: Math.min(def.timeout, maxSeconds) * 1000,
        method: input.method,
        headers,
        body: input.body,
        path: pathname.startsWith('/') ? pathname : `/${pathname}`,
        queryString,
        scheme: input.scheme,
        host: input.host,
        port: input.port,
      })
      : { statusCode: 503, headers: {}, body: Buffer.alloc(0), logs: '', errors: 'Entrypoint not found.', durationSeconds: 0, timedOut: false, stopped: false };
    if (result.stopped) return { record: execution, body: result.body, headers: {}, timedOut: false, stopped: true };

    const responseHeaders = { ...result.headers, 'x-appwrite-execution-id': execution.id };
    // Appwrite stores the execution without the response body (the `executions` collection has no
    // such attribute) and with only the allow-listed response headers; Executions/Create.php sets the
    // body and every header on the model it answers a synchronous call with, after storing it. So the
    // body reaches the caller of a synchronous execution and is never kept: getExecution and
    // listExecutions give '' for every execution, and an async or event execution's body is dropped.
    const stored: ExecutionRecord = {
      ...execution,
      status: result.statusCode >= 500 ? 'failed' : 'completed',
      updatedAt: isoDate(this.clock.now()),
      responseStatusCode: result.statusCode,
      responseBody: '',
      responseHeaders: pairs(Object.fromEntries(Object.entries(result.headers).filter(([k]) => STORED_RESPONSE_HEADERS.has(k.toLowerCase())))),
      logs: result.logs,
      errors: result.errors,
      duration: result.durationSeconds,
    };
    this.repo.save(stored);
    const record: ExecutionRecord = { ...stored, responseBody: result.body.toString('utf8'), responseHeaders: pairs(responseHeaders) };
    return { record, body: result.body, headers: responseHeaders, timedOut: result.timedOut, stopped: false };
  }

  /** Function vars first, Appwrite's own vars last so they win (PROTOCOL §4.3). */
  private environment(def: FunctionDef): Record<string, string> {
    const base: Record<string, string> = {};
    for (const k of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'SYSTEMROOT']) {
      const v = this.config.functionEnv[k];
      if (v !== undefined) base[k] = v;
    }
    const [runtimeName = 'node', runtimeVersion = ''] = def.runtime.split(/-(.*)/s);
    return {
      ...base,
      ...functionVariables(def, this.config.functionEnv),
      APPWRITE_FUNCTION_API_ENDPOINT: this.config.publicEndpoint,
      APPWRITE_FUNCTION_ID: def.id,
      APPWRITE_FUNCTION_NAME: def.name,
      APPWRITE_FUNCTION_DEPLOYMENT: `local-${def.id}`,
      APPWRITE_FUNCTION_PROJECT_ID: this.config.projectId,
      APPWRITE_FUNCTION_RUNTIME_NAME: runtimeName === 'node' ? 'Node.js' : runtimeName,
      APPWRITE_FUNCTION_RUNTIME_VERSION: runtimeVersion,
      APPWRITE_FUNCTION_CPUS: '0.5',
      APPWRITE_FUNCTION_MEMORY: '512',
      APPWRITE_VERSION,
      APPWRITE_REGION: 'default',
      APPWRITE_DEPLOYMENT_TYPE: 'manual',
    };
  }
}
