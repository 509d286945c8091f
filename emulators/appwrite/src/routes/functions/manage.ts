// Functions for API keys (`/v1/functions…`): read as Appwrite's `function` model, and, on a deploy
// target, created and updated, with their variables, as `appwrite push functions` and node-appwrite
// call them (Appwrite 1.9's Functions/Create.php, Update.php, Variables/*). A function is its
// appwrite.json entry; variables are kept in it as `variables` (id, key, value, secret) and reach
// the runtime like `vars` (functions/registry.ts). Deployments: deployments.ts.
import type { FastifyInstance } from 'fastify';
import { isoDate } from '../../clock.ts';
import type { PluginOptions } from '../../context.ts';
import { AppwriteError } from '../../errors.ts';
import { resolveCustomId, uniqueId } from '../../ids.ts';
import type { Project, ProjectDocument } from '../../project.ts';
import { boolean, customId, text } from '../params.ts';

type Entry = Record<string, unknown>;
export type FunctionParams = { functionId: string; variableId?: string };

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
export function entries(v: unknown): Entry[] {
  return Array.isArray(v) ? v.filter((x): x is Entry => typeof x === 'object' && x !== null && !Array.isArray(x)) : [];
}
function str(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : fallback;
}

export function functionEntry(document: ProjectDocument, functionId: string): Entry {
  const entry = document.functions.find((f) => f['$id'] === functionId);
  if (!entry) throw new AppwriteError('function_not_found', `Function with the requested ID '${functionId}' could not be found.`);
  return entry;
}

export function variableModel(functionId: string, v: Entry, at: string): Record<string, unknown> {
  const secret = v['secret'] === true;
  return {
    $id: str(v['$id']), $createdAt: str(v['$createdAt'], at), $updatedAt: str(v['$updatedAt'], at), key: str(v['key']),
    value: secret ? '' : str(v['value']), secret, resourceType: 'function', resourceId: functionId,
  };
}

/** The `function` model of an appwrite.json entry (`at`: when a declared one was read). */
export function functionModel(entry: Entry, at: string): Record<string, unknown> {
  const id = str(entry['$id']);
  const deployments = entries(entry['deployments']);
  const latest = deployments.at(-1);
  const active = deployments.find((d) => d['$id'] === entry['deploymentId']);
  return {
    $id: id, $createdAt: str(entry['$createdAt'], at), $updatedAt: str(entry['$updatedAt'], at),
    execute: strings(entry['execute']), name: str(entry['name'], id), enabled: entry['enabled'] !== false, live: true,
    logging: entry['logging'] !== false, runtime: str(entry['runtime']),
    deploymentId: str(entry['deploymentId']), deploymentCreatedAt: str(active?.['$createdAt']),
    latestDeploymentId: str(latest?.['$id']), latestDeploymentCreatedAt: str(latest?.['$createdAt']), latestDeploymentStatus: str(latest?.['status']),
    scopes: strings(entry['scopes']), vars: entries(entry['variables']).map((v) => variableModel(id, v, at)),
    events: strings(entry['events']), schedule: str(entry['schedule']),
    timeout: typeof entry['timeout'] === 'number' ? entry['timeout'] : 15,
    entrypoint: str(entry['entrypoint']), commands: str(entry['commands']), version: 'v5',
    installationId: '', providerRepositoryId: '', providerBranch: '', providerRootDirectory: '', providerSilentMode: false,
    // Appwrite 1.9 names the one specification twice (build and runtime); 1.8's clients (the CLI's
    // response format) read `specification`.
    specification: str(entry['specification'], 's-1vcpu-512mb'),
    buildSpecification: str(entry['specification'], 's-1vcpu-512mb'),
    runtimeSpecification: str(entry['specification'], 's-1vcpu-512mb'),
    deploymentRetention: 0, providerBranches: [], providerPaths: [],
  };
}

type FunctionBody = {
  functionId?: string; name: string; runtime?: string; execute?: string[]; events?: string[]; schedule?: string; timeout?: number;
  enabled?: boolean; logging?: boolean; entrypoint?: string; commands?: string; scopes?: string[]; specification?: string;
  buildSpecification?: string; runtimeSpecification?: string;
};
const list = (max: number, description: string) => ({ type: 'array', maxItems: max, items: { type: 'string' }, description }) as const;
const properties = {
  name: text(128),
  // The emulator runs functions on this machine's Node: it offers Appwrite's Node runtimes only.
  runtime: { type: 'string', pattern: '^node-\\d+(\\.\\d+)?$', description: 'Value must be one of the Node runtimes Appwrite offers (node-20.0, node-22, …)' },
  execute: list(100, 'Value must a valid array no longer than 100 items and Value must be a valid string and at most 64 chars'),
  events: list(100, 'Value must a valid array no longer than 100 items and Event is not valid.'),
  schedule: { type: 'string', maxLength: 256, description: 'String must be a valid cron expression' },
  timeout: { type: 'integer', minimum: 1, maximum: 900, description: 'Value must be a valid range between 1 and 900' },
  enabled: boolean,
  logging: boolean,
  entrypoint: text(256),
  commands: text(8192),
  scopes: list(200, 'Value must a valid array no longer than 200 items and Value must be one of the allowed scopes'),
  specification: text(128),
  buildSpecification: text(128),
  runtimeSpecification: text(128),
} as const;

function declared(b: FunctionBody): Entry {
  const out: Entry = { name: b.name };
  for (const k of ['runtime', 'execute', 'events', 'schedule', 'timeout', 'enabled', 'logging', 'entrypoint', 'commands', 'scopes', 'specification'] as const) {
    if (b[k] !== undefined) out[k] = b[k];
  }
  const specification = b.runtimeSpecification ?? b.buildSpecification;
  if (specification !== undefined) out['specification'] = specification;
  return out;
}

export function currentEntry(project: Project, functionId: string): Entry {
  return functionEntry(project.read(), functionId);
}

export default async function functionManagementRoutes(app: FastifyInstance, { project, clock }: PluginOptions): Promise<void> {
  const at = isoDate(clock.now());
  const read = { scope: 'functions.read' };
  const write = { scope: 'functions.write' };
  const now = () => isoDate(clock.now());

  app.get('/v1/functions', { config: read }, async () => {
    const functions = project.read().functions.map((f) => functionModel(f, at));
    return { total: functions.length, functions };
  });
  app.get<{ Params: FunctionParams }>('/v1/functions/:functionId', { config: read }, async (request) => functionModel(currentEntry(project, request.params.functionId), at));
  app.post<{ Body: FunctionBody }>('/v1/functions', {
    config: write,
    schema: { body: { type: 'object', properties: { functionId: customId, ...properties }, required: ['functionId', 'name', 'runtime'] } },
  }, async (request, reply) => {
    const id = resolveCustomId(request.body.functionId ?? '', clock.now());
    if (project.functions.has(id)) throw new AppwriteError('function_already_exists');
    const stamp = now();
    const entry: Entry = { $id: id, $createdAt: stamp, $updatedAt: stamp, execute: [], events: [], schedule: '', timeout: 15, enabled: true, logging: true, scopes: [], ...declared(request.body) };
    project.update((document) => { document.functions.push(entry); });
    return reply.code(201).send(functionModel(entry, at));
  });
  app.put<{ Params: FunctionParams; Body: FunctionBody }>('/v1/functions/:functionId', {
    config: write,
    schema: { body: { type: 'object', properties, required: ['name'] } },
  }, async (request) => {
    const entry = project.update((document) => Object.assign(functionEntry(document, request.params.functionId), declared(request.body), { $updatedAt: now() }));
    return functionModel(entry, at);
  });

  // The CLI lists a pushed function's domain rules to print its URL; this server's function domains
  // are `/_functions/<id>` on its own origin (routes/functions/domains.ts), not proxy rules.
  app.get('/v1/proxy/rules', { config: { scope: 'rules.read' } }, async () => ({ total: 0, rules: [] }));

  const variables = '/v1/functions/:functionId/variables';
  type VariableBody = { variableId?: string; key: string; value: string; secret?: boolean };
  const variableBody = { key: text(255), value: text(8192), secret: boolean };
  const variableOf = (document: ProjectDocument, p: FunctionParams): Entry => {
    const v = entries(functionEntry(document, p.functionId)['variables']).find((x) => x['$id'] === p.variableId);
    if (!v) throw new AppwriteError('variable_not_found');
    return v;
  };
  app.get<{ Params: FunctionParams }>(variables, { config: read }, async (request) => {
    const vars = entries(currentEntry(project, request.params.functionId)['variables']).map((v) => variableModel(request.params.functionId, v, at));
    return { total: vars.length, variables: vars };
  });
  app.get<{ Params: FunctionParams }>(`${variables}/:variableId`, { config: read }, async (request) =>
    variableModel(request.params.functionId, variableOf(project.read(), request.params), at));
  app.post<{ Params: FunctionParams; Body: VariableBody }>(variables, {
    config: write,
    schema: { body: { type: 'object', properties: { variableId: customId, ...variableBody }, required: ['key', 'value'] } },
  }, async (request, reply) => {
    const { functionId } = request.params;
    const b = request.body;
    const stamp = now();
    const variable: Entry = { $id: b.variableId ? resolveCustomId(b.variableId, clock.now()) : uniqueId(clock.now()), $createdAt: stamp, $updatedAt: stamp, key: b.key, value: b.value, secret: b.secret === true };
    project.update((document) => {
      const entry = functionEntry(document, functionId);
      const existing = entries(entry['variables']);
      if (existing.some((v) => v['key'] === b.key)) throw new AppwriteError('variable_already_exists');
      entry['variables'] = [...existing, variable];
    });
    return reply.code(201).send(variableModel(functionId, variable, at));
  });
  app.put<{ Params: FunctionParams; Body: Partial<VariableBody> & { key: string } }>(`${variables}/:variableId`, {
    config: write,
    schema: { body: { type: 'object', properties: variableBody, required: ['key'] } },
  }, async (request) => {
    const b = request.body;
    const variable = project.update((document) => {
      const v = variableOf(document, request.params);
      if (v['secret'] === true && b.secret === false) throw new AppwriteError('variable_cannot_unset_secret');
      return Object.assign(v, { key: b.key, ...(b.value !== undefined ? { value: b.value } : {}), ...(b.secret !== undefined ? { secret: b.secret } : {}), $updatedAt: now() });
    });
    return variableModel(request.params.functionId, variable, at);
  });
  app.delete<{ Params: FunctionParams }>(`${variables}/:variableId`, { config: write }, async (request, reply) => {
    project.update((document) => {
      variableOf(document, request.params);
      const entry = functionEntry(document, request.params.functionId);
      entry['variables'] = entries(entry['variables']).filter((v) => v['$id'] !== request.params.variableId);
    });
    return reply.code(204).send();
  });
}
