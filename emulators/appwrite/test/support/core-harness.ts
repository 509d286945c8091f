// The account/users/mail tests' server (real Fastify + SQLite on its own port, an empty project),
// driven over HTTP by the official SDKs, and their helpers. The clock is adjustable for expiry tests.
import { AppwriteException, Client } from 'appwrite';
import * as server from 'node-appwrite';
import { startTestServer, type TestServer } from '../../src/testing.ts';

export const PROJECT = 'cadence';
export const KEY = 'local-dev-key';
export const PASSWORD = 'correct horse battery';

export type Core = TestServer;

const EMPTY_PROJECT = { projectId: PROJECT, databases: [], collections: [], functions: [] };

/** The one test server (`@cadence/appwrite-emulator/testing`) with an empty project. */
export async function startCore(opts: { rateLimits?: boolean; maxSessions?: number; env?: Record<string, string> } = {}): Promise<Core> {
  return startTestServer({
    project: EMPTY_PROJECT,
    env: { APPWRITE_RATE_LIMITS: opts.rateLimits ? 'on' : 'off', APPWRITE_MAX_SESSIONS: String(opts.maxSessions ?? 5), ...opts.env },
  });
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
