// Durability: the server process is SIGKILLed in the middle of a burst of 1,000 createDocument
// calls; after a restart every write that was acknowledged is there. And again with reads in
// flight on the read workers (databases/read-pool.ts) while bulk writes commit: no read sees part of
// a transaction, and every acknowledged one is there after the restart.
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

async function launch(port: number, projectFile: string, dataDir = path.join(tmp, 'data')): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: pkgDir,
    stdio: 'ignore',
    env: {
      ...process.env,
      APPWRITE_PORT: String(port), APPWRITE_DATA_DIR: dataDir, APPWRITE_SCHEMA: projectFile,
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

it('keeps every acknowledged write across a SIGKILL with reads in flight on the read workers, and no read sees half a transaction', async () => {
  const port = await freePort();
  const projectFile = writeProjectFile(tmp, []);
  const dataDir = path.join(tmp, 'data-reads');
  const first = await launch(port, projectFile, dataDir);
  const db = new Databases(new Client().setEndpoint(`http://127.0.0.1:${port}/v1`).setProject(PROJECT_ID).setKey(API_KEY));
  const at = { databaseId: 'main', collectionId: 'things' };
  // The read workers (two, as `npm start` runs) start with the first read: started by the reads below.
  await db.listDocuments(at);
  await new Promise((r) => setTimeout(r, 1500));
  const SIZE = 10;
  // Each batch: SIZE documents created in one request (one SQLite transaction), then all set to count 1 in another.
  const created = new Set<number>();
  const updated = new Set<number>();
  const halfSeen: string[] = [];
  let reads = 0;
  let killed = false;
  let next = 0;
  const exited = new Promise((r) => first.once('exit', r));

  /** Every batch a read finds must be whole, and all of one count. */
  const check = (documents: Array<{ title: string; count: number }>, when: string) => {
    const batches = new Map<string, number[]>();
    for (const d of documents) batches.set(d.title, [...(batches.get(d.title) ?? []), d.count]);
    for (const [title, counts] of batches) {
      if (counts.length !== SIZE || new Set(counts).size !== 1) halfSeen.push(`${when}: ${title} ${JSON.stringify(counts)}`);
    }
  };
  const writer = async (): Promise<void> => {
    while (!killed) {
      const batch = next++;
      const title = `batch ${batch}`;
      try {
        await db.createDocuments({ ...at, documents: Array.from({ length: SIZE }, (_, j) => ({ $id: `b${batch}-${j}`, title, count: 0 })) });
        created.add(batch);
        await db.updateDocuments({ ...at, data: { count: 1 }, queries: [Query.equal('title', title)] });
        updated.add(batch);
        if (!killed && updated.size >= 40 && reads >= 40) {
          killed = true;
          first.kill('SIGKILL');
        }
      } catch {
        // in flight when the process died
      }
    }
  };
  const reader = async (i: number): Promise<void> => {
    while (!killed) {
      try {
        if (i % 2 === 0) {
          const page = await db.listDocuments({ ...at, queries: [Query.orderAsc('$id'), Query.limit(5000)] });
          check(page.documents as unknown as Array<{ title: string; count: number }>, 'list');
        } else {
          const batch = Math.max(0, next - 2);
          const page = await db.listDocuments({ ...at, queries: [Query.equal('title', `batch ${batch}`), Query.limit(25)] });
          if (page.documents.length > 0) check(page.documents as unknown as Array<{ title: string; count: number }>, 'one batch');
        }
        reads += 1;
      } catch {
        // the process died under it
      }
    }
  };
  await Promise.all([...Array.from({ length: 4 }, writer), ...Array.from({ length: 6 }, (_, i) => reader(i))]);
  await exited;
  expect(killed).toBe(true);
  expect(halfSeen).toEqual([]);

  await launch(port, projectFile, dataDir);
  const after = await db.listDocuments({ ...at, queries: [Query.orderAsc('$id'), Query.limit(5000)] });
  check(after.documents as unknown as Array<{ title: string; count: number }>, 'after the restart');
  expect(halfSeen).toEqual([]);
  const counts = new Map(after.documents.map((d) => [d.title as string, d.count as number]));
  expect([...created].filter((b) => !counts.has(`batch ${b}`))).toEqual([]);
  expect([...updated].filter((b) => counts.get(`batch ${b}`) !== 1)).toEqual([]);
}, 90_000);
