// The databases and functions tests' server and helpers: a real emulator on its own port with a
// temp data dir. The project file is backend/appwrite.json plus test-only collections and functions.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '../../src/testing.ts';

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

export type Harness = TestServer;

export { freePort } from '../../src/testing.ts';

/** backend/appwrite.json plus the query tests' collection and the given (fixture) functions. */
export function testProject(functions: Array<Record<string, unknown>>): Record<string, unknown> {
  return { ...backendProject, collections: [...backendProject.collections, THINGS], functions: [...backendProject.functions, ...functions] };
}

export function writeProjectFile(dir: string, functions: Array<Record<string, unknown>>): string {
  const file = path.join(dir, 'appwrite.json');
  fs.writeFileSync(file, JSON.stringify(testProject(functions)));
  return file;
}

/** The one test server (`@cadence/appwrite-emulator/testing`) running the fixture functions of test/functions. */
export async function startServer(opts: { functions?: Array<Record<string, unknown>>; env?: Record<string, string>; rateLimits?: boolean; now?: () => number } = {}): Promise<Harness> {
  return startTestServer({
    project: testProject(opts.functions ?? []),
    env: { APPWRITE_FUNCTIONS_DIR: testFunctionsDir, APPWRITE_RATE_LIMITS: opts.rateLimits ? 'on' : 'off', ...opts.env },
    ...(opts.now ? { now: opts.now } : {}),
  });
}

export interface TestUser { id: string; email: string; session: string }

let counter = 0;
/** Account + email session through raw HTTP, labelled a therapist; `session` is the cookie value for `setSession`. */
export async function createUser(endpoint: string, label = 'u'): Promise<TestUser> {
  counter += 1;
  const email = `${label}${counter}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const headers = { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID };
  const created = await fetch(`${endpoint}/account`, { method: 'POST', headers, body: JSON.stringify({ userId: 'unique()', email, password, name: label }) });
  if (created.status !== 201) throw new Error(`account create ${created.status}: ${await created.text()}`);
  const user = (await created.json()) as { $id: string };
  // A therapist who finished signing up: backend/appwrite.json's practice collections grant create to label:therapist.
  const labelled = await fetch(`${endpoint}/users/${user.$id}/labels`, {
    method: 'PUT', headers: { ...headers, 'x-appwrite-key': API_KEY }, body: JSON.stringify({ labels: ['therapist'] }),
  });
  if (labelled.status !== 200) throw new Error(`labels ${labelled.status}: ${await labelled.text()}`);
  const session = await fetch(`${endpoint}/account/sessions/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  if (session.status !== 201) throw new Error(`session create ${session.status}: ${await session.text()}`);
  const cookie = session.headers.getSetCookie().map((c) => /^a_session_cadence=([^;]+)/.exec(c)?.[1]).find((v) => v);
  if (!cookie) throw new Error('no session cookie');
  return { id: user.$id, email, session: decodeURIComponent(cookie) };
}


/**
 * The JSON a fixture logged last (`log(JSON.stringify(…))`): async, event and scheduled executions
 * keep no response body (as in Appwrite), but an API key reads their logs.
 */
export function loggedJson<T = unknown>(execution: { logs: string } | undefined): T {
  const line = (execution?.logs ?? '').trim().split('\n').at(-1) ?? '';
  return JSON.parse(line || '{}') as T;
}
