// Upgrades keep data, from the last release: a data directory written under Cadence 0.2.0's
// appwrite.json (test/fixtures/appwrite-0.2.0.json, made by scripts/upgrade-fixture.mjs from the
// release commit) starts under today's backend/appwrite.json with every document and value kept,
// the attributes added since read as their defaults, and the collections added since are there.
// Today's appwrite.json dropping or narrowing anything 0.2.0 stored fails this test at the start.
// The same for the last commit before attribute keys were renamed (appwrite-before-renames.json,
// made by the same script): each renamed attribute's stored value is read under its new key
// (backend/functions/lib/attribute-renames.js), and the old key is gone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Databases } from 'node-appwrite';
import { afterAll, expect, it } from 'vitest';
import { ATTRIBUTE_RENAMES } from '../../../backend/functions/lib/attribute-renames.js';
import { startTestServer, type TestServer } from '../src/testing.ts';

interface Attribute { key: string; type: string; array?: boolean; format?: string; elements?: string[]; min?: number; max?: number; default?: unknown }
interface Collection { $id: string; databaseId: string; attributes: Attribute[] }
interface Project { collections: Collection[] }

const fixture = (name: string): Project & Record<string, unknown> =>
  JSON.parse(fs.readFileSync(fileURLToPath(new URL(`./fixtures/appwrite-${name}.json`, import.meta.url)), 'utf8')) as Project & Record<string, unknown>;
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

/** The key a value stored under `key` of `collection` is read by today. */
const keyNow = (collection: string, key: string): string => ATTRIBUTE_RENAMES.find((r) => r.collectionId === collection && r.from === key)?.to ?? key;

it.each([
  ['the previous release (0.2.0)', '0.2.0', true],
  ['the last commit before attribute renames', 'before-renames', false],
])("keeps every document of %s's data directory under today's appwrite.json", async (_what, name, collectionsAdded) => {
  const previous = fixture(name);
  const dataDir = path.join(tmp, name);
  const old = await startTestServer({ project: previous, dataDir, env: { APPWRITE_RENAMES: 'off' } });
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
  let renamed = 0;
  for (const c of previous.collections) {
    const doc = await databases(now).getDocument({ databaseId: c.databaseId, collectionId: c.$id, documentId: 'kept' });
    const kept = Object.entries(written.get(c.$id) ?? {}).map(([key, value]) => [keyNow(c.$id, key), value] as const);
    expect(doc, c.$id).toMatchObject(Object.fromEntries(kept));
    for (const [key] of Object.entries(written.get(c.$id) ?? {})) {
      if (keyNow(c.$id, key) === key) continue;
      renamed += 1;
      expect(doc, `${c.$id}.${key}`).not.toHaveProperty(key);
    }
    const added = current.collections.find((x) => x.$id === c.$id)?.attributes.filter((a) => !c.attributes.some((o) => keyNow(c.$id, o.key) === a.key)) ?? [];
    for (const a of added) expect(doc[a.key], `${c.$id}.${a.key}`).toEqual(a.default ?? null);
  }
  // Every rename this data directory predates carried its value over.
  const predates = ATTRIBUTE_RENAMES.filter((r) => previous.collections.some((c) => c.$id === r.collectionId && c.attributes.some((a) => a.key === r.from)));
  expect(renamed).toBe(predates.length);
  if (name === 'before-renames') expect(renamed).toBe(ATTRIBUTE_RENAMES.length);
  // The collections added since are there, empty.
  const addedCollections = current.collections.filter((c) => !previous.collections.some((p) => p.$id === c.$id));
  if (collectionsAdded) expect(addedCollections.length).toBeGreaterThan(0);
  for (const c of addedCollections) expect((await databases(now).listDocuments({ databaseId: c.databaseId, collectionId: c.$id })).total, c.$id).toBe(0);
});
