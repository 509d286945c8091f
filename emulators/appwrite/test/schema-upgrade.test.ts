// Upgrades keep data (issue 36): a data directory started under a newer appwrite.json keeps every
// document; new collections, attributes (with their defaults) and indexes apply in place; a change
// that would lose stored values stops the start with a message naming each and the way forward.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Client, Databases, Query } from 'node-appwrite';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing.ts';

type Attr = Record<string, unknown>;
const attr = (key: string, extra: Attr = {}): Attr => ({ key, type: 'string', required: false, array: false, size: 64, default: null, ...extra });

function project(collections: Array<{ id: string; attributes: Attr[]; indexes?: Attr[] }>): Record<string, unknown> {
  return {
    projectId: 'cadence', databases: [{ $id: 'main', name: 'Main', enabled: true }], functions: [], buckets: [],
    collections: collections.map((c) => ({ $id: c.id, $permissions: [], databaseId: 'main', name: c.id, enabled: true, documentSecurity: false, attributes: c.attributes, indexes: c.indexes ?? [] })),
  };
}

const V1 = project([{ id: 'clients', attributes: [attr('name', { required: true }), attr('notes', { size: 1000 }), attr('kind', { format: 'enum', elements: ['adult', 'minor'] })] }]);
const V2 = project([
  { id: 'clients', attributes: [
    attr('name', { required: true }), attr('notes', { size: 1000 }), attr('kind', { format: 'enum', elements: ['adult', 'minor'] }),
    attr('pronouns', { default: 'unspecified' }), { key: 'visits', type: 'integer', required: false, array: false, default: 0 },
  ], indexes: [{ key: 'by_pronouns', type: 'key', attributes: ['pronouns'], orders: ['ASC'] }] },
  { id: 'groups', attributes: [attr('title')] },
]);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-upgrade-'));
const dataDir = path.join(tmp, 'appwrite');
const open: TestServer[] = [];
afterAll(async () => {
  for (const s of open) await s.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function start(p: Record<string, unknown>, env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer({ project: p, dataDir, env });
  open.push(server);
  return server;
}

async function stop(server: TestServer): Promise<void> {
  await server.app.close();
  open.splice(open.indexOf(server), 1);
}

const databases = (s: TestServer): Databases => new Databases(new Client().setEndpoint(s.endpoint).setProject('cadence').setKey('local-dev-key'));

describe('a newer appwrite.json on an old data directory', () => {
  it('adds collections, attributes with their defaults and indexes in place, keeping every document', async () => {
    const v1 = await start(V1);
    for (let i = 0; i < 20; i++) {
      await databases(v1).createDocument({ databaseId: 'main', collectionId: 'clients', documentId: `c${i}`, data: { name: `Client ${i}`, notes: 'x'.repeat(900), kind: 'adult' } });
    }
    await stop(v1);

    const v2 = await start(V2);
    const { total, documents } = await databases(v2).listDocuments({ databaseId: 'main', collectionId: 'clients', queries: [Query.limit(100)] });
    expect(total).toBe(20);
    for (const d of documents) expect(d).toMatchObject({ notes: 'x'.repeat(900), kind: 'adult', pronouns: 'unspecified', visits: 0 });
    // The new attribute is queryable on the old documents, through the new index.
    const found = await databases(v2).listDocuments({ databaseId: 'main', collectionId: 'clients', queries: [Query.equal('pronouns', 'unspecified'), Query.limit(100)] });
    expect(found.total).toBe(20);
    const db = new Database(path.join(dataDir, 'appwrite.sqlite'), { readonly: true });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'doc_main_clients_by_pronouns'").get()).toBeDefined();
    db.close();
    await databases(v2).createDocument({ databaseId: 'main', collectionId: 'groups', documentId: 'g1', data: { title: 'Tuesday group' } });
    await stop(v2);
  });

  it('stops the start when values would be lost: a removed attribute, a narrowed size, a type or enum change', async () => {
    const lossy = project([
      { id: 'clients', attributes: [
        attr('name', { required: true, size: 5 }), attr('kind', { format: 'enum', elements: ['adult'] }),
        attr('pronouns', { default: 'unspecified' }), { key: 'visits', type: 'boolean', required: false, array: false, default: null },
      ] },
      { id: 'groups', attributes: [attr('title')] },
    ]);
    const message = await start(lossy).then(() => '', (error: unknown) => (error instanceof Error ? error.message : String(error)));
    expect(message).toContain('appwrite.json changed in a way that would lose stored data; nothing was changed and the server did not start');
    expect(message).toContain('clients.notes: removed from appwrite.json (20 documents hold values that would be lost)');
    expect(message).toContain('clients.name: size narrowed to 5 (20 documents');
    expect(message).toContain('clients.visits: is now boolean (20 documents');
    expect(message).toContain('start once with APPWRITE_DROP_VALUES=clients.name,clients.notes,clients.visits');
    // Narrowing only the enum to values nobody uses is not a loss; removing one in use is.
    const enumOnly = project([{ id: 'clients', attributes: [
      attr('name', { required: true }), attr('notes', { size: 1000 }), attr('kind', { format: 'enum', elements: ['minor'] }),
      attr('pronouns', { default: 'unspecified' }), { key: 'visits', type: 'integer', required: false, array: false, default: 0 },
    ] }, { id: 'groups', attributes: [attr('title')] }]);
    await expect(start(enumOnly)).rejects.toThrow(/clients\.kind: enum no longer has "adult"/);

    const withoutGroups = { ...V2, collections: (V2['collections'] as Attr[]).filter((c) => c['$id'] !== 'groups') };
    await expect(start(withoutGroups)).rejects.toThrow(/groups: collection removed from appwrite\.json \(1 document holds values that would be lost\)[\s\S]*APPWRITE_DROP_VALUES=groups/);

    // Nothing was changed: the previous version still starts and reads every value.
    const again = await start(V2);
    const doc = await databases(again).getDocument({ databaseId: 'main', collectionId: 'clients', documentId: 'c3' });
    expect(doc).toMatchObject({ name: 'Client 3', notes: 'x'.repeat(900), visits: 0 });
    await stop(again);
  });

  it('drops exactly the values the operator names in APPWRITE_DROP_VALUES, and a narrowing nothing exceeds starts', async () => {
    const withoutNotes = project([
      { id: 'clients', attributes: [
        attr('name', { required: true, size: 20 }), attr('kind', { format: 'enum', elements: ['adult', 'minor'] }),
        attr('pronouns', { default: 'unspecified' }), { key: 'visits', type: 'integer', required: false, array: false, default: 0 },
      ] },
      { id: 'groups', attributes: [attr('title')] },
    ]);
    const server = await start(withoutNotes, { APPWRITE_DROP_VALUES: 'clients.notes' });
    const doc = await databases(server).getDocument({ databaseId: 'main', collectionId: 'clients', documentId: 'c3' });
    expect(doc['notes']).toBeUndefined();
    expect(doc).toMatchObject({ name: 'Client 3', kind: 'adult' });
    expect((await databases(server).getDocument({ databaseId: 'main', collectionId: 'groups', documentId: 'g1' }))['title']).toBe('Tuesday group');
  });
});

describe('a renamed attribute (APPWRITE_RENAMES)', () => {
  const renamedDir = path.join(tmp, 'renamed');
  const renames = path.join(tmp, 'renames.mjs');
  fs.writeFileSync(renames, `export const ATTRIBUTE_RENAMES = [{ databaseId: 'main', collectionId: 'clients', from: 'insuranceSubscriberDateOfBirth', to: 'insuranceSubscriberDob' }];\n`);
  const before = project([{ id: 'clients', attributes: [attr('name'), attr('insuranceSubscriberDateOfBirth', { size: 10 })] }]);
  const both = project([{ id: 'clients', attributes: [attr('name'), attr('insuranceSubscriberDateOfBirth', { size: 10 }), attr('insuranceSubscriberDob', { size: 10 })] }]);
  const after = project([{ id: 'clients', attributes: [attr('name'), attr('insuranceSubscriberDob', { size: 10 })] }]);
  const startAt = async (p: Record<string, unknown>, env: Record<string, string> = {}): Promise<TestServer> => {
    const server = await startTestServer({ project: p, dataDir: renamedDir, env: { APPWRITE_RENAMES: renames, ...env } });
    open.push(server);
    return server;
  };

  it('moves each stored value to the new key in place; one holding another value there stops the start', async () => {
    const v1 = await startAt(before);
    await databases(v1).createDocument({ databaseId: 'main', collectionId: 'clients', documentId: 'dob', data: { name: 'Ada', insuranceSubscriberDateOfBirth: '1980-01-15' } });
    await databases(v1).createDocument({ databaseId: 'main', collectionId: 'clients', documentId: 'none', data: { name: 'Ben' } });
    await stop(v1);
    // While both keys are declared nothing moves; a document then holds different values in each.
    const v2 = await startAt(both);
    expect(await databases(v2).getDocument({ databaseId: 'main', collectionId: 'clients', documentId: 'dob' })).toMatchObject({ insuranceSubscriberDateOfBirth: '1980-01-15', insuranceSubscriberDob: null });
    await databases(v2).createDocument({ databaseId: 'main', collectionId: 'clients', documentId: 'clash', data: { name: 'Cy', insuranceSubscriberDateOfBirth: '1970-02-02', insuranceSubscriberDob: '1971-03-03' } });
    await databases(v2).createDocument({ databaseId: 'main', collectionId: 'clients', documentId: 'same', data: { name: 'Di', insuranceSubscriberDateOfBirth: '1972-04-04', insuranceSubscriberDob: '1972-04-04' } });
    await stop(v2);

    await expect(startAt(after)).rejects.toThrow(
      /clients\.insuranceSubscriberDateOfBirth: renamed to insuranceSubscriberDob, which already holds another value \(1 document holds[\s\S]*APPWRITE_DROP_VALUES=clients\.insuranceSubscriberDateOfBirth$/,
    );
    // Without the rename listed, the old key's values are a loss like any removed attribute.
    await expect(startAt(after, { APPWRITE_RENAMES: 'off' })).rejects.toThrow(/clients\.insuranceSubscriberDateOfBirth: removed from appwrite\.json \(3 documents hold/);

    // The operator drops the clashing old value (after a backup): every other value moved.
    const v3 = await startAt(after, { APPWRITE_DROP_VALUES: 'clients.insuranceSubscriberDateOfBirth' });
    const read = async (id: string) => databases(v3).getDocument({ databaseId: 'main', collectionId: 'clients', documentId: id });
    for (const [id, dob] of [['dob', '1980-01-15'], ['none', null], ['clash', '1971-03-03'], ['same', '1972-04-04']] as const) {
      const doc = await read(id);
      expect(doc['insuranceSubscriberDob'], id).toBe(dob);
      expect(doc, id).not.toHaveProperty('insuranceSubscriberDateOfBirth');
    }
    const found = await databases(v3).listDocuments({ databaseId: 'main', collectionId: 'clients', queries: [Query.equal('insuranceSubscriberDob', '1980-01-15')] });
    expect(found.documents.map((d) => d.$id)).toEqual(['dob']);
    await stop(v3);
  });
});
