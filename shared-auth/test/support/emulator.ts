// The real local Appwrite (@cadence/appwrite-emulator/testing) in-process on its own port with a temp
// data dir and the project's own backend/appwrite.json, driven over HTTP: the data layer through the
// official `appwrite` Web SDK, seeding through `node-appwrite` with the local API key.
import { startTestServer } from '@cadence/appwrite-emulator/testing';
import { Client } from 'appwrite';
import * as server from 'node-appwrite';
import { configureAppwrite, localRuntimeConfig, setConfig } from '@cadence/shared-auth/testing';
import { type RuntimeConfig } from '@cadence/shared-auth';

export const PROJECT_ID = 'cadence';
export const DATABASE_ID = 'main';
export const API_KEY = 'local-dev-key';
export const PASSWORD = 'correct horse battery';
/** The app origin account emails link back to. */
export const APP_ORIGIN = 'http://localhost:8080';

export interface Emulator {
  endpoint: string;
  origin: string;
  /** Moves the server clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export async function startEmulator(): Promise<Emulator> {
  // The project's own backend/appwrite.json, no cron runs; runtimes inherit this process's environment.
  const appwrite = await startTestServer({ functionEnv: process.env });
  setConfig(runtimeConfig(appwrite.endpoint));
  return {
    endpoint: appwrite.endpoint,
    origin: appwrite.origin,
    advance: (ms) => appwrite.advance(ms),
    close: () => appwrite.close(),
  };
}

export function runtimeConfig(endpoint: string): RuntimeConfig {
  return localRuntimeConfig({ endpoint, projectId: PROJECT_ID, databaseId: DATABASE_ID, supportEmail: 'support@example.com' });
}

/** Server SDK with the API key, for seeding and checking what is stored. */
export function admin(emulator: Emulator): { users: server.Users; databases: server.Databases } {
  const client = new server.Client().setEndpoint(emulator.endpoint).setProject(PROJECT_ID).setKey(API_KEY);
  return { users: new server.Users(client), databases: new server.Databases(client) };
}

/**
 * Makes the data layer act as the browser of the holder of `session` (a cookie value). Node has no
 * cookie jar, so the Web SDK carries it as X-Appwrite-Session (PROTOCOL §1.4, step 2); without a
 * session it is a guest.
 */
export function actAs(emulator: Emulator, session?: string): Client {
  const client = new Client().setEndpoint(emulator.endpoint).setProject(PROJECT_ID);
  if (session) client.setSession(session);
  configureAppwrite(client);
  return client;
}

async function sessionFrom(response: Response, what: string): Promise<string> {
  if (response.status !== 201) throw new Error(`${what} ${response.status}: ${await response.text()}`);
  const fallback = JSON.parse(response.headers.get('x-fallback-cookies') ?? '{}') as Record<string, string>;
  const value = fallback[`a_session_${PROJECT_ID}`];
  if (!value) throw new Error(`${what}: no X-Fallback-Cookies session`);
  return value;
}

const jsonHeaders = { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID };

/** POST /account/sessions/email over raw HTTP, as the login page's browser would. */
export async function login(emulator: Emulator, email: string, password = PASSWORD, userAgent?: string): Promise<string> {
  const response = await fetch(`${emulator.endpoint}/account/sessions/email`, {
    method: 'POST',
    headers: { ...jsonHeaders, ...(userAgent ? { 'user-agent': userAgent } : {}) },
    body: JSON.stringify({ email, password }),
  });
  return sessionFrom(response, 'email session');
}

export interface TestUser {
  id: string;
  email: string;
  session: string;
}

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${counter}.${Date.now().toString(36)}@example.com`;
}

/**
 * An email-password user (name set, email verified unless told otherwise) with one session: a
 * therapist who finished signing up (record-agreements' `therapist` label).
 */
export async function passwordUser(emulator: Emulator, label = 'user', opts: { verified?: boolean } = {}): Promise<TestUser> {
  const { users } = admin(emulator);
  const email = uniqueEmail(label);
  const user = await users.create({ userId: server.ID.unique(), email, password: PASSWORD, name: label });
  if (opts.verified ?? true) await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
  await users.updateLabels({ userId: user.$id, labels: ['therapist'] });
  return { id: user.$id, email, session: await login(emulator, email) };
}

/**
 * A fresh sign-up after the email OTP step (spec §4 step 3), as mf-auth does it: POST
 * /account/tokens/email creates the user (no name, no password), the 6-digit code is read from the
 * dev mailbox, and POST /account/sessions/token with it marks the email verified.
 */
export async function otpUser(emulator: Emulator, label = 'otp'): Promise<TestUser> {
  const email = uniqueEmail(label);
  const tokenResponse = await fetch(`${emulator.endpoint}/account/tokens/email`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ userId: 'unique()', email }),
  });
  if (tokenResponse.status !== 201) throw new Error(`email token ${tokenResponse.status}: ${await tokenResponse.text()}`);
  const { userId } = (await tokenResponse.json()) as { userId: string };
  const [mail] = await mailFor(emulator, email);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no OTP mail for ${email}`);
  const response = await fetch(`${emulator.endpoint}/account/sessions/token`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ userId, secret: code }),
  });
  return { id: userId, email, session: await sessionFrom(response, 'token session') };
}

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function mailFor(emulator: Emulator, to: string): Promise<DevMail[]> {
  const response = await fetch(`${emulator.origin}/_dev/mail?to=${encodeURIComponent(to)}`);
  return (await response.json()) as DevMail[];
}

/** Document permissions as the billing functions write them: the user may read only. */
export function readableBy(userId: string, ...extra: Array<'delete' | 'update'>): string[] {
  const role = server.Role.user(userId);
  return [
    server.Permission.read(role),
    ...extra.map((kind) => (kind === 'delete' ? server.Permission.delete(role) : server.Permission.update(role))),
  ];
}
