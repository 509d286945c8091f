// The real local Appwrite for mf-dashboard's tests (@cadence/appwrite-emulator/testing): in-process,
// its own port and temp data, the project's backend/appwrite.json. Therapists are created with the
// server key and signed in over HTTP as the login page's browser is; the data layer then acts as one
// of them through the official Web SDK.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { configureAppwrite, localRuntimeConfig, setConfig } from '@cadence/shared-auth/testing';
import { Client } from 'appwrite';

export const PROJECT_ID = 'cadence';
const API_KEY = 'local-dev-key';
const PASSWORD = 'correct horse battery';

export interface LocalAppwrite {
  /** `http://127.0.0.1:<port>/v1`, for the SDKs. */
  endpoint: string;
  close(): Promise<void>;
}

export interface Therapist {
  id: string;
  email: string;
  session: string;
}

function repositoryRoot(): string {
  let dir = process.cwd();
  while (!existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('local-appwrite: run the tests inside the repository');
    dir = parent;
  }
  return dir;
}

/**
 * Starts the server in a child process and points the runtime config at it. A process of its own
 * because component tests run under jsdom, where the emulator cannot load (its own file URLs are
 * not file: URLs there).
 */
export async function startLocalAppwrite({ events = true }: { events?: boolean } = {}): Promise<LocalAppwrite> {
  const root = repositoryRoot();
  // tsx is the emulator's own dependency, so it is resolved from the emulator's folder.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'mf-dashboard/test/local-appwrite-server.ts')], {
    cwd: path.join(root, 'emulators/appwrite'),
    env: { ...process.env, LOCAL_APPWRITE_EVENTS: events ? 'on' : 'off' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`local Appwrite exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve((JSON.parse(line) as { endpoint: string }).endpoint));
  });
  setConfig(localRuntimeConfig({ endpoint, projectId: PROJECT_ID, databaseId: 'main' }));
  return {
    endpoint,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

let counter = 0;

export async function createTherapist(server: LocalAppwrite, label = 'therapist'): Promise<Therapist> {
  counter += 1;
  const email = `${label}.${counter}.${Date.now().toString(36)}@example.com`;
  const headers = { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID };
  const created = await fetch(`${server.endpoint}/users`, {
    method: 'POST',
    headers: { ...headers, 'x-appwrite-key': API_KEY },
    body: JSON.stringify({ userId: 'unique()', email, password: PASSWORD, name: label }),
  });
  if (created.status !== 201) throw new Error(`create user ${created.status}: ${await created.text()}`);
  const { $id } = (await created.json()) as { $id: string };
  // A therapist who finished signing up: the label the practice collections' create permission needs.
  const labelled = await fetch(`${server.endpoint}/users/${$id}/labels`, {
    method: 'PUT', headers: { ...headers, 'x-appwrite-key': API_KEY }, body: JSON.stringify({ labels: ['therapist'] }),
  });
  if (labelled.status !== 200) throw new Error(`label user ${labelled.status}: ${await labelled.text()}`);
  const login = await fetch(`${server.endpoint}/account/sessions/email`, { method: 'POST', headers, body: JSON.stringify({ email, password: PASSWORD }) });
  if (login.status !== 201) throw new Error(`login ${login.status}: ${await login.text()}`);
  // Node has no cookie jar: the session comes back in X-Fallback-Cookies and goes out as X-Appwrite-Session.
  const cookies = JSON.parse(login.headers.get('x-fallback-cookies') ?? '{}') as Record<string, string>;
  const session = cookies[`a_session_${PROJECT_ID}`];
  if (!session) throw new Error('login: no session');
  return { id: $id, email, session };
}

/** Makes shared-auth's one Appwrite client act as this therapist's browser. */
export function actAs(server: LocalAppwrite, therapist: Therapist): void {
  configureAppwrite(new Client().setEndpoint(server.endpoint).setProject(PROJECT_ID).setSession(therapist.session));
}
