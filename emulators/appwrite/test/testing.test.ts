// The in-process test server other packages use (`@cadence/appwrite-emulator/testing`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Account, Client, ID } from 'appwrite';
import * as server from 'node-appwrite';
import { afterEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing.ts';

const started: TestServer[] = [];
afterEach(async () => { for (const s of started.splice(0)) await s.close(); });

async function start(...args: Parameters<typeof startTestServer>): Promise<TestServer> {
  const s = await startTestServer(...args);
  started.push(s);
  return s;
}

it('serves the repository\'s backend/appwrite.json by default, knowing its own address (for functions) before it listens', async () => {
  const s = await start();
  expect(s.endpoint).toBe(`http://127.0.0.1:${s.port}/v1`);
  expect(s.config.publicEndpoint).toBe(s.endpoint);
  expect(s.projectFile).toMatch(/backend\/appwrite\.json$/);
  expect(s.config.schedules).toBe(false);
  expect(s.config.rateLimits).toBe(false);
  const admin = new server.Databases(new server.Client().setEndpoint(s.endpoint).setProject('cadence').setKey('local-dev-key'));
  expect((await admin.listDocuments({ databaseId: 'main', collectionId: 'notifications' })).total).toBe(0);
});

it('writes a project given as content, takes settings from env and keeps data across a restart', async () => {
  const s = await start({ project: { projectId: 'cadence', databases: [], collections: [], functions: [] }, env: { APPWRITE_MAX_SESSIONS: '7' } });
  expect(JSON.parse(fs.readFileSync(s.projectFile, 'utf8'))).toMatchObject({ collections: [] });
  expect(s.config.maxSessions).toBe(7);
  const user = await new Account(new Client().setEndpoint(s.endpoint).setProject('cadence')).create({ userId: ID.unique(), email: 'restart@example.com', password: 'correct horse battery' });
  const before = s.endpoint;
  await s.restart();
  expect(s.endpoint).not.toBe(before);
  expect(s.config.publicEndpoint).toBe(s.endpoint);
  const users = new server.Users(new server.Client().setEndpoint(s.endpoint).setProject('cadence').setKey('local-dev-key'));
  expect((await users.get({ userId: user.$id })).email).toBe('restart@example.com');
});

it('moves the server clock with advance', async () => {
  const s = await start({ project: { projectId: 'cadence', functions: [] } });
  s.advance(86_400_000);
  const user = await new Account(new Client().setEndpoint(s.endpoint).setProject('cadence')).create({ userId: ID.unique(), email: 'clock@example.com', password: 'correct horse battery' });
  expect(Date.parse(user.$createdAt) - Date.now()).toBeGreaterThan(86_000_000);
});

it('removes its temp data dir on close, and leaves a data dir it was given', async () => {
  const s = await startTestServer({ project: { projectId: 'cadence', functions: [] } });
  await s.close();
  expect(fs.existsSync(s.dataDir)).toBe(false);
  const kept = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-kept-'));
  const again = await startTestServer({ project: { projectId: 'cadence', functions: [] }, dataDir: kept });
  await again.close();
  expect(fs.existsSync(path.join(kept, 'appwrite.sqlite'))).toBe(true);
  fs.rmSync(kept, { recursive: true, force: true });
});
