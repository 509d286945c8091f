// The local Appwrite (@cadence/appwrite-emulator/testing) in-process for the billing tests: temp data
// dir, the project's backend/appwrite.json, real function executions of backend/functions/<id>/src/main.js.
// Users act through the Web SDK with a session (as the browser does); checks use the API key.
import { Account, Client, Databases, Functions, Storage } from 'appwrite';
import * as server from 'node-appwrite';
import { startTestServer } from '@cadence/appwrite-emulator/testing';

export const PROJECT_ID = 'cadence';
export const DATABASE_ID = 'main';
const API_KEY = 'local-dev-key';
const PASSWORD = 'correct horse battery';

export interface LocalAppwrite {
  origin: string;
  endpoint: string;
  /** the SMTP receiver (into the dev mailbox at `<origin>/_dev/mail`) */
  smtpPort: number;
  /** the server's data directory (appwrite.sqlite and its key files), to read what is at rest */
  dataDir: string;
  users: server.Users;
  databases: server.Databases;
  /** server-key executions (the sync's "on demand") */
  functions: server.Functions;
  /** files with the server key (issue 17: the exports' ZIPs) */
  storage: server.Storage;
  close(): Promise<void>;
}

/** The app origins the billing functions accept return URLs on (the local stack's, scripts/stack.mjs). */
export const APP_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'];

/** The function variables the billing functions read, pointed at a local Stripe. */
export function stripeFunctionVars(stripePort: number, webhookSecret = 'whsec_local'): void {
  const vars = JSON.stringify({
    ALLOWED_RETURN_ORIGINS: APP_ORIGINS.join(','),
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stripePort),
    STRIPE_API_PROTOCOL: 'http',
  });
  for (const id of ['CHECKOUT', 'BILLING_PORTAL', 'DELETE_USER_SELFSERVICE', 'STRIPE_WEBHOOK', 'SUBSCRIPTIONS_SYNC']) process.env[`FUNCTION_VARS_${id}`] = vars;
}

export async function startAppwrite(env: Record<string, string> = {}, project?: string): Promise<LocalAppwrite> {
  // The project's backend/appwrite.json (or `project`: another file, or 'deploy' for an empty
  // deploy target); runtimes read this process's environment live, so the FUNCTION_VARS_<ID> that
  // stripeFunctionVars sets after start apply. `env` sets the emulator's own switches (e.g.
  // APPWRITE_EVENTS: 'off' for a test that seeds thousands of documents).
  const appwrite = await startTestServer({ functionEnv: process.env, env, ...(project ? { project } : {}) });
  const client = new server.Client().setEndpoint(appwrite.endpoint).setProject(PROJECT_ID).setKey(API_KEY);
  return {
    origin: appwrite.origin,
    endpoint: appwrite.endpoint,
    smtpPort: appwrite.smtpPort ?? 0,
    dataDir: appwrite.dataDir,
    users: new server.Users(client),
    databases: new server.Databases(client),
    functions: new server.Functions(client),
    storage: new server.Storage(client),
    close: () => appwrite.close(),
  };
}

export interface SignedInUser {
  id: string;
  email: string;
  /** Web SDK functions as this user's browser */
  functions: Functions;
  /** Web SDK account calls with the same session */
  account: Account;
  /** Web SDK database calls with the same session */
  databases: Databases;
  /** Web SDK file calls with the same session */
  storage: Storage;
  /** the session's Web SDK client itself (to hand to the app's data layer) */
  client: Client;
}

let counter = 0;

/**
 * A verified email-password user signed in through /account/sessions/email; a therapist who has
 * finished signing up (the `therapist` label record-agreements sets) unless `labels` says otherwise.
 */
export async function signedInUser(aw: LocalAppwrite, label: string, labels: string[] = ['therapist']): Promise<SignedInUser> {
  counter += 1;
  const email = `${label}.${counter}.${Date.now().toString(36)}@example.com`;
  const user = await aw.users.create({ userId: server.ID.unique(), email, password: PASSWORD, name: `${label} tester` });
  await aw.users.updateEmailVerification({ userId: user.$id, emailVerification: true });
  if (labels.length > 0) await aw.users.updateLabels({ userId: user.$id, labels });
  const response = await fetch(`${aw.endpoint}/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 201) throw new Error(`login ${response.status}: ${await response.text()}`);
  // Node has no cookie jar: the session travels as X-Appwrite-Session.
  const cookies = JSON.parse(response.headers.get('x-fallback-cookies') ?? '{}') as Record<string, string>;
  const session = cookies[`a_session_${PROJECT_ID}`];
  if (!session) throw new Error('no session');
  const client = new Client().setEndpoint(`${aw.endpoint}`).setProject(PROJECT_ID).setSession(session);
  return { id: user.$id, email, functions: new Functions(client), account: new Account(client), databases: new Databases(client), storage: new Storage(client), client };
}

export interface FunctionAnswer<T> {
  status: number;
  body: T;
  raw: string;
}

/** A synchronous execution as the signed-in user, the way mf-billing calls checkout and the portal. */
export async function execute<T>(functions: Functions | server.Functions, functionId: string, body: unknown): Promise<FunctionAnswer<T>> {
  const execution = await functions.createExecution({ functionId, body: JSON.stringify(body), async: false });
  return { status: execution.responseStatusCode, body: JSON.parse(execution.responseBody || 'null') as T, raw: execution.responseBody };
}

/** POST to the stripe-webhook function domain, raw bytes as Stripe sends them. */
export async function postWebhook(aw: LocalAppwrite, payload: string, signature: string | null): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (signature !== null) headers['stripe-signature'] = signature;
  const response = await fetch(`${aw.origin}/_functions/stripe-webhook`, { method: 'POST', headers, body: payload });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** Every document of a collection (billing tests stay far below 100 per user). */
export async function allDocuments(aw: LocalAppwrite, collectionId: string, userId?: string): Promise<server.Models.DefaultDocument[]> {
  const queries = [server.Query.limit(100)];
  if (userId) queries.push(server.Query.equal('userId', userId));
  const list = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId, queries });
  return list.documents;
}
