// Durability: the server process is SIGKILLed in the middle of a burst of 1,000 createDocument
// calls; after a restart every write that was acknowledged is there.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Databases, ID, Query } from 'node-appwrite';
import { afterAll, expect, it } from 'vitest';
import { API_KEY, freePort, PROJECT_ID, writeProjectFile } from './support/dbfn-harness.ts';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-durable-'));
const children: ChildProcess[] = [];

async function launch(port: number, projectFile: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: pkgDir,
    stdio: 'ignore',
    env: {
      ...process.env,
      APPWRITE_PORT: String(port), APPWRITE_DATA_DIR: path.join(tmp, 'data'), APPWRITE_SCHEMA: projectFile,
      APPWRITE_RATE_LIMITS: 'off', APPWRITE_SCHEDULES: 'off',
    },
  });
  children.push(child);
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/ping`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('emulator did not start');
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

it('keeps every acknowledged write across a SIGKILL', async () => {
  const port = await freePort();
  const projectFile = writeProjectFile(tmp, []);
  const first = await launch(port, projectFile);
  const db = new Databases(new Client().setEndpoint(`http://127.0.0.1:${port}/v1`).setProject(PROJECT_ID).setKey(API_KEY));

  const acknowledged: string[] = [];
  let killed = false;
  const exited = new Promise((r) => first.once('exit', r));
  const ids = Array.from({ length: 1000 }, () => ID.unique());
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < ids.length) {
      const id = ids[next++] ?? '';
      try {
        await db.createDocument({ databaseId: 'main', collectionId: 'things', documentId: id, data: { title: id } });
        acknowledged.push(id);
        if (!killed && acknowledged.length >= 300) {
          killed = true;
          first.kill('SIGKILL');
        }
      } catch {
        // in flight when the process died: not acknowledged, may or may not be there
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  await exited;
  expect(killed).toBe(true);
  expect(acknowledged.length).toBeGreaterThanOrEqual(300);
  expect(acknowledged.length).toBeLessThan(1000);

  await launch(port, projectFile);
  const found = new Set<string>();
  for (let i = 0; i < acknowledged.length; i += 100) {
    const batch = acknowledged.slice(i, i + 100);
    const page = await db.listDocuments({ databaseId: 'main', collectionId: 'things', queries: [Query.equal('$id', batch), Query.limit(100)] });
    for (const d of page.documents) found.add(d.$id);
  }
  expect(acknowledged.filter((id) => !found.has(id))).toEqual([]);
}, 60_000);
