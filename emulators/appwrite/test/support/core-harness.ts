// In-process emulator for the account/users/mail tests: real Fastify + SQLite on an ephemeral
// port, driven over HTTP by the official SDKs. The clock is adjustable for expiry tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppwriteException, Client } from 'appwrite';
import * as server from 'node-appwrite';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

export const PROJECT = 'cadence';
export const KEY = 'local-dev-key';
export const PASSWORD = 'correct horse battery';

export interface Core {
  app: FastifyInstance;
  endpoint: string;
  origin: string;
  dataDir: string;
  /** Moves the server clock forward. */
  advance(ms: number): void;
  restart(): Promise<void>;
  close(): Promise<void>;
}

const EMPTY_PROJECT = JSON.stringify({ projectId: PROJECT, databases: [], collections: [], functions: [] });

export async function startCore(
  opts: { rateLimits?: boolean; maxSessions?: number; dataDir?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Core> {
  const root = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'aw-core-'));
  const schema = path.join(root, 'appwrite.json');
  fs.writeFileSync(schema, EMPTY_PROJECT);
  let offset = 0;
  const config = loadConfig({
    APPWRITE_DATA_DIR: path.join(root, 'data'),
    APPWRITE_SCHEMA: schema,
    APPWRITE_RATE_LIMITS: opts.rateLimits ? 'on' : 'off',
    APPWRITE_MAX_SESSIONS: String(opts.maxSessions ?? 5),
    ...opts.env,
  });
  const start = async (): Promise<FastifyInstance> => {
    const app = await buildApp(config, { now: () => Date.now() + offset });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  let app = await start();
  const address = (): string => {
    const a = app.server.address();
    if (!a || typeof a === 'string') throw new Error('no address');
    return `http://127.0.0.1:${a.port}`;
  };
  const core: Core = {
    app,
    origin: address(),
    endpoint: `${address()}/v1`,
    dataDir: root,
    advance(ms) { offset += ms; },
    async restart() {
      await app.close();
      app = await start();
      core.app = app;
      core.origin = address();
      core.endpoint = `${address()}/v1`;
    },
    async close() {
      await app.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  return core;
}

export function web(core: Core, session?: string): Client {
  const client = new Client().setEndpoint(core.endpoint).setProject(PROJECT);
  if (session) client.setSession(session);
  return client;
}

export function admin(core: Core): server.Client {
  return new server.Client().setEndpoint(core.endpoint).setProject(PROJECT).setKey(KEY);
}

let counter = 0;
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${counter}.${Date.now().toString(36)}@example.com`;
}

/** Logs in through raw HTTP (Node has no cookie jar) and returns the session value from the fallback header. */
export async function login(core: Core, email: string, password = PASSWORD, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${core.endpoint}/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT, ...headers },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 201) throw new Error(`login ${response.status}: ${await response.text()}`);
  const fallback = JSON.parse(response.headers.get('x-fallback-cookies') ?? '{}') as Record<string, string>;
  const value = fallback[`a_session_${PROJECT}`];
  if (!value) throw new Error('no fallback cookie');
  return value;
}

export interface SignedUp { id: string; email: string; session: string }

export async function signUp(core: Core, label = 'user'): Promise<SignedUp> {
  const email = uniqueEmail(label);
  const { Account, ID } = await import('appwrite');
  const user = await new Account(web(core)).create({ userId: ID.unique(), email, password: PASSWORD, name: label });
  return { id: user.$id, email, session: await login(core, email) };
}

/** Resolves to the AppwriteException a call rejects with. */
export async function failure(promise: Promise<unknown>): Promise<{ code: number; type: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppwriteException || error instanceof server.AppwriteException) {
      return { code: error.code, type: error.type, message: error.message };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

export interface DevMail { id: string; to: string; subject: string; text: string; html: string; createdAt: string }

export async function mailFor(core: Core, to: string): Promise<DevMail[]> {
  const response = await fetch(`${core.origin}/_dev/mail?to=${encodeURIComponent(to)}`);
  return (await response.json()) as DevMail[];
}
