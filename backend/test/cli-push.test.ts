// Deploying with Appwrite's own CLI (issue 36): the pinned `appwrite-cli` pushes backend/appwrite.json
// into an EMPTY local Appwrite (APPWRITE_SCHEMA=deploy) — collections with their attributes and
// indexes, buckets, functions with their code — and the project it ends up with is the one a server
// reading the same file at start serves: the same collections, attributes, indexes, permissions,
// buckets and functions (schedules, events, scopes…), a deployed function answering as the read
// one does, and the SDK writing and reading documents with the permissions the file declares.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ID } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_ID, signedInUser, startAppwrite, type LocalAppwrite } from './support/billing-appwrite.ts';
import { createClient, createPractice } from './support/practice-fixtures.ts';

const run = promisify(execFile);
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(backendDir, 'node_modules', '.bin', 'appwrite');

type Project = { collections: Array<{ $id: string; attributes: Array<{ key: string }> }>; functions: Array<{ $id: string }>; buckets: unknown[] };

let work: string;
let deployed: LocalAppwrite;
let declared: LocalAppwrite;
let project: Project;
const output: string[] = [];

async function appwrite(...args: string[]): Promise<string> {
  // The CLI keeps its endpoint and key in ~/.appwrite: a home of the test's own.
  const { stdout, stderr } = await run(cli, args, {
    cwd: path.join(work, 'project'),
    env: { ...process.env, HOME: path.join(work, 'home'), NO_COLOR: '1', CI: '1' },
    timeout: 240_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  output.push(stdout, stderr);
  return stdout + stderr;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-cli-push-'));
  project = JSON.parse(fs.readFileSync(path.join(backendDir, 'appwrite.json'), 'utf8')) as Project;
  // The CLI runs in a folder holding backend/appwrite.json, unmodified, and the functions' folder
  // (`path: "functions"`); it rewrites the file it reads, and writes each code archive beside it.
  fs.mkdirSync(path.join(work, 'project'));
  fs.mkdirSync(path.join(work, 'home'));
  const file = path.join(work, 'project', 'appwrite.json');
  fs.copyFileSync(path.join(backendDir, 'appwrite.json'), file);
  // The same file, read at start by the other server (beside it: its functions are `functions/`).
  fs.copyFileSync(file, path.join(work, 'project', 'declared.json'));
  fs.symlinkSync(path.join(backendDir, 'functions'), path.join(work, 'project', 'functions'), 'dir');
  declared = await startAppwrite({}, path.join(work, 'project', 'declared.json'));
  // As docs/production.md sets a self-hosted Appwrite's _APP_STORAGE_LIMIT: the `exports` bucket takes 2 GB.
  deployed = await startAppwrite({ APPWRITE_STORAGE_LIMIT: '2000000000' }, 'deploy');
}, 60_000);

afterAll(async () => {
  await deployed?.close();
  await declared?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
}, 120_000);

/** A model without its timestamps (when each server made it). */
function timeless(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(timeless);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => k !== '$createdAt' && k !== '$updatedAt').map(([k, v]) => [k, timeless(v)]));
  }
  return value;
}

async function collections(aw: LocalAppwrite) {
  const list = await aw.databases.listCollections({ databaseId: DATABASE_ID });
  return list.collections.map(timeless);
}

const DECLARED_FUNCTION_FIELDS = ['$id', 'name', 'runtime', 'execute', 'events', 'schedule', 'timeout', 'enabled', 'logging', 'entrypoint', 'commands', 'scopes', 'buildSpecification', 'runtimeSpecification'] as const;
async function functions(aw: LocalAppwrite) {
  const list = await aw.functions.list();
  return list.functions.map((f) => Object.fromEntries(DECLARED_FUNCTION_FIELDS.map((k) => [k, f[k]])));
}

describe('appwrite push (appwrite-cli 12.0.1) into an empty local Appwrite', () => {
  it('starts empty, then the CLI pushes every collection, bucket and function with its code', async () => {
    expect((await deployed.databases.list()).total).toBe(0);
    expect((await deployed.functions.list()).total).toBe(0);

    expect(await appwrite('client', '--endpoint', deployed.endpoint, '--project-id', 'cadence', '--key', 'local-dev-key')).toContain('Setting client');
    expect(await appwrite('push', 'collection', '--all', '--force')).toContain(`Successfully pushed ${project.collections.length} collections`);
    expect(await appwrite('push', 'bucket', '--all', '--force')).toContain(`Successfully pushed ${project.buckets.length} buckets.`);
    // CLI 12.0.1 creates a new function, then asks the console (a signed-in session, not an API key)
    // for the functions' domain to give it a rule, and stops there; the second push finds each
    // function, updates it and deploys its code.
    await appwrite('push', 'function', '--all', '--force').catch((error: unknown) => error);
    expect((await deployed.functions.list()).total).toBe(project.functions.length);
    expect(await appwrite('push', 'function', '--all', '--force')).toContain(`Successfully pushed ${project.functions.length} functions.`);
  }, 600_000);

  it('produces exactly the project the start-time reading serves', async () => {
    expect(await deployed.databases.list()).toMatchObject({ total: 1, databases: [{ $id: DATABASE_ID, name: 'Main', enabled: true }] });
    const pushed = await collections(deployed);
    expect(pushed).toHaveLength(project.collections.length);
    expect(pushed).toEqual(await collections(declared));
    const buckets = async (aw: LocalAppwrite) => (await aw.storage.listBuckets()).buckets.map(timeless);
    expect(await buckets(deployed)).toEqual(await buckets(declared));
    expect(await functions(deployed)).toEqual(await functions(declared));
    // Every function runs the code it was deployed with.
    for (const f of (await deployed.functions.list()).functions) {
      expect(f.latestDeploymentStatus, f.$id).toBe('ready');
      expect(f.deploymentId, f.$id).toBe(f.latestDeploymentId);
    }
  });

  it('keeps the deployed project in the data directory, in appwrite.json form', async () => {
    const file = JSON.parse(fs.readFileSync(path.join(deployed.dataDir, 'appwrite.json'), 'utf8')) as Project;
    expect(file.collections.map((c) => c.$id)).toEqual(project.collections.map((c) => c.$id));
    expect(file.functions.map((f) => f.$id)).toEqual(project.functions.map((f) => f.$id));
  });

  it('a deployed function runs its code as the one read at start does, with the variables set through the API', async () => {
    const ask = async (aw: LocalAppwrite) => {
      const execution = await aw.functions.createExecution({ functionId: 'public-booking', body: JSON.stringify({ action: 'practice', practice: 'no-such-practice' }), async: false });
      return { status: execution.responseStatusCode, body: JSON.parse(execution.responseBody) as unknown };
    };
    // Without its variables the function refuses, in its own words, on both servers.
    const unconfigured = await ask(deployed);
    expect(unconfigured).toEqual({ status: 500, body: { success: false, error: 'Online booking is not configured.' } });
    expect(await ask(declared)).toEqual(unconfigured);
    const vars = { PORTAL_ID_SECRET: 'a-secret-of-32-characters-or-so!', SMTP_HOST: '127.0.0.1', SMTP_FROM: 'Cadence <practice@example.com>' };
    for (const [key, value] of Object.entries(vars)) {
      const variable = await deployed.functions.createVariable({ functionId: 'public-booking', variableId: ID.unique(), key, value, secret: key === 'PORTAL_ID_SECRET' });
      expect(variable).toMatchObject({ key, value: key === 'PORTAL_ID_SECRET' ? '' : value, resourceType: 'function', resourceId: 'public-booking' });
    }
    expect((await deployed.functions.get({ functionId: 'public-booking' })).vars.map((v) => v.key)).toEqual(Object.keys(vars));
    // With them, it gets as far as looking the practice up.
    const configured = await ask(deployed);
    expect(configured.status).toBe(404);
  }, 120_000);

  it('the SDK writes and reads documents with the permissions as declared', async () => {
    const ada = await signedInUser(deployed, 'ada');
    const bo = await signedInUser(deployed, 'bo');
    const guest = await signedInUser(deployed, 'guest', []);
    await createPractice(ada);
    const client = await createClient(ada, { secondaryInsuranceSubscriberRelation: 'spouse', secondaryInsuranceSubscriberDob: '1980-01-15' });
    expect(await ada.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: client.$id })).toMatchObject({
      firstName: 'Jane', secondaryInsuranceSubscriberRelation: 'spouse', secondaryInsuranceSubscriberDob: '1980-01-15',
    });
    // Another therapist neither reads nor lists it; someone who is not a therapist cannot create one.
    await expect(bo.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: client.$id })).rejects.toMatchObject({ code: 404 });
    expect((await bo.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'clients' })).total).toBe(0);
    await expect(createClient(guest)).rejects.toMatchObject({ code: 401, type: 'user_unauthorized' });
  }, 60_000);
});
