// A real emulator on an ephemeral port with a temp data dir, for the databases and functions
// tests. The project file is backend/appwrite.json plus test-only collections and functions.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type EmulatorConfig } from '../../src/config.ts';

export const PROJECT_ID = 'cadence';
export const API_KEY = 'local-dev-key';
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const testFunctionsDir = fileURLToPath(new URL('../functions', import.meta.url));
export const backendProject = JSON.parse(fs.readFileSync(path.join(repoRoot, 'backend/appwrite.json'), 'utf8')) as {
  collections: Array<{ $id: string; attributes: Array<{ key: string; type: string; required: boolean; format?: string; elements?: string[]; size?: number }> }>;
  functions: Array<Record<string, unknown>>;
} & Record<string, unknown>;

/** A collection with every attribute type, for the query tests. */
export const THINGS = {
  $id: 'things', $permissions: ['create("users")'], databaseId: 'main', name: 'Things', enabled: true, documentSecurity: true,
  attributes: [
    { key: 'title', type: 'string', required: true, array: false, size: 64, default: null },
    { key: 'body', type: 'string', required: false, array: false, size: 1000, default: null },
    { key: 'count', type: 'integer', required: false, array: false, min: 0, max: 1000, default: 0 },
    { key: 'score', type: 'double', required: false, array: false, default: null },
    { key: 'done', type: 'boolean', required: false, array: false, default: false },
    { key: 'due', type: 'datetime', required: false, array: false, format: '', default: null },
    { key: 'tags', type: 'string', required: false, array: true, size: 32, default: null },
    { key: 'kind', type: 'string', format: 'enum', elements: ['a', 'b', 'c'], required: false, array: false, size: 1, default: null },
    { key: 'email', type: 'string', format: 'email', required: false, array: false, size: 254, default: null },
    { key: 'slug', type: 'string', required: false, array: false, size: 64, default: null },
  ],
  indexes: [
    { key: 'uniq_slug', type: 'unique', status: 'available', attributes: ['slug'], orders: ['ASC'] },
    { key: 'ft_body', type: 'fulltext', status: 'available', attributes: ['body'], orders: ['ASC'] },
  ],
};

export const fn = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  $id: id, name: id, runtime: 'node-20.0', execute: ['any'], events: [], schedule: '', timeout: 5, enabled: true,
  logging: true, entrypoint: 'src/main.js', commands: '', scopes: ['documents.read', 'documents.write', 'users.read'], path: `functions/${id}`, ...extra,
});

export interface Harness {
  app: FastifyInstance;
  config: EmulatorConfig;
  /** the emulator's data dir (the SQLite file lives here) */
  storeDir: string;
  endpoint: string;
  port: number;
  dataDir: string;
  projectFile: string;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function writeProjectFile(dir: string, functions: Array<Record<string, unknown>>): string {
  const project = { ...backendProject, collections: [...backendProject.collections, THINGS], functions: [...backendProject.functions, ...functions] };
  const file = path.join(dir, 'appwrite.json');
  fs.writeFileSync(file, JSON.stringify(project));
  return file;
}

export async function startServer(opts: { functions?: Array<Record<string, unknown>>; env?: Record<string, string>; rateLimits?: boolean; now?: () => number } = {}): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-dbfn-'));
  const projectFile = writeProjectFile(dataDir, opts.functions ?? []);
  const port = await freePort();
  const env: Record<string, string> = { APPWRITE_FUNCTIONS_DIR: testFunctionsDir, APPWRITE_SCHEDULES: 'off', ...opts.env };
  const config = loadConfig({
    ...env, APPWRITE_DATA_DIR: path.join(dataDir, 'data'), APPWRITE_PORT: String(port), APPWRITE_SCHEMA: projectFile, APPWRITE_RATE_LIMITS: opts.rateLimits ? 'on' : 'off',
  });
  // Runtimes inherit this process's environment (PATH, HOME) plus the test's FUNCTION_VARS_<ID>.
  config.functionEnv = { ...process.env, ...env };
  const app = await buildApp(config, opts.now ? { now: opts.now } : undefined);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app, config, port, dataDir, projectFile, storeDir: path.join(dataDir, 'data'), endpoint: `http://127.0.0.1:${port}/v1`,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser { id: string; email: string; session: string }

let counter = 0;
/** Account + email session through raw HTTP; `session` is the cookie value for `setSession`. */
export async function createUser(endpoint: string, label = 'u'): Promise<TestUser> {
  counter += 1;
  const email = `${label}${counter}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const headers = { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID };
  const created = await fetch(`${endpoint}/account`, { method: 'POST', headers, body: JSON.stringify({ userId: 'unique()', email, password, name: label }) });
  if (created.status !== 201) throw new Error(`account create ${created.status}: ${await created.text()}`);
  const user = (await created.json()) as { $id: string };
  const session = await fetch(`${endpoint}/account/sessions/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  if (session.status !== 201) throw new Error(`session create ${session.status}: ${await session.text()}`);
  const cookie = session.headers.getSetCookie().map((c) => /^a_session_cadence=([^;]+)/.exec(c)?.[1]).find((v) => v);
  if (!cookie) throw new Error('no session cookie');
  return { id: user.$id, email, session: decodeURIComponent(cookie) };
}

