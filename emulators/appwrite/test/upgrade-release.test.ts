// Upgrades keep data, from the last release: a data directory written under Cadence 0.2.0's
// appwrite.json (test/fixtures/appwrite-0.2.0.json, made by scripts/upgrade-fixture.mjs from the
// release commit) starts under today's backend/appwrite.json with every document and value kept,
// the attributes added since read as their defaults, and the collections added since are there.
// Today's appwrite.json dropping or narrowing anything 0.2.0 stored fails this test at the start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Databases } from 'node-appwrite';
import { afterAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing.ts';

interface Attribute { key: string; type: string; array?: boolean; format?: string; elements?: string[]; min?: number; max?: number; default?: unknown }
interface Collection { $id: string; databaseId: string; attributes: Attribute[] }
interface Project { collections: Collection[] }

const fixtureFile = fileURLToPath(new URL('./fixtures/appwrite-0.2.0.json', import.meta.url));
const previous = JSON.parse(fs.readFileSync(fixtureFile, 'utf8')) as Project & Record<string, unknown>;
const current = JSON.parse(fs.readFileSync(fileURLToPath(new URL('../../../backend/appwrite.json', import.meta.url)), 'utf8')) as Project;

/** A value every validator of `a` accepts. */
function valueFor(a: Attribute): unknown {
  let v: unknown;
  if (a.type === 'string') {
    v = a.format === 'enum' ? a.elements?.[0] : a.format === 'email' ? 'kept@example.com' : a.format === 'url' ? 'https://example.com/kept' : a.format === 'ip' ? '127.0.0.1' : 'k';
  } else if (a.type === 'integer' || a.type === 'double') v = Math.max(a.min ?? 0, Math.min(a.max ?? 1, 1));
  else if (a.type === 'boolean') v = true;
  else if (a.type === 'datetime') v = '2026-01-02T03:04:05.000+00:00';
  else return undefined;
  return a.array ? [v] : v;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-release-'));
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const databases = (s: TestServer): Databases => new Databases(new Client().setEndpoint(s.endpoint).setProject('cadence').setKey('local-dev-key'));

it("keeps every document of the previous release's data directory under today's appwrite.json", async () => {
  const dataDir = path.join(tmp, 'appwrite');
  const old = await startTestServer({ project: previous, dataDir });
  servers.push(old);
  const written = new Map<string, Record<string, unknown>>();
  for (const c of previous.collections) {
    const data = Object.fromEntries(c.attributes.map((a) => [a.key, valueFor(a)]).filter(([, v]) => v !== undefined));
    await databases(old).createDocument({ databaseId: c.databaseId, collectionId: c.$id, documentId: 'kept', data });
    written.set(c.$id, data);
  }
  await old.app.close();
  servers.splice(servers.indexOf(old), 1);

  const now = await startTestServer({ dataDir });
  servers.push(now);
  for (const c of previous.collections) {
    const doc = await databases(now).getDocument({ databaseId: c.databaseId, collectionId: c.$id, documentId: 'kept' });
    expect(doc, c.$id).toMatchObject(written.get(c.$id) ?? {});
    const added = current.collections.find((x) => x.$id === c.$id)?.attributes.filter((a) => !c.attributes.some((o) => o.key === a.key)) ?? [];
    for (const a of added) expect(doc[a.key], `${c.$id}.${a.key}`).toEqual(a.default ?? null);
  }
  // The collections added since the release are there, empty.
  const addedCollections = current.collections.filter((c) => !previous.collections.some((p) => p.$id === c.$id));
  expect(addedCollections.length).toBeGreaterThan(0);
  for (const c of addedCollections) expect((await databases(now).listDocuments({ databaseId: c.databaseId, collectionId: c.$id })).total, c.$id).toBe(0);
});
