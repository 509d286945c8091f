// The read check of list queries goes through the document_permissions table (an index lookup per
// candidate row); it must follow every write and be rebuilt for data made before it existed.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DocumentRepository, migrateDocuments } from '../src/databases/document-repository.ts';
import { parseSchema, type CollectionDef } from '../src/databases/schema.ts';
import { parseQueries } from '../src/queries.ts';

const project = JSON.parse(fs.readFileSync(fileURLToPath(new URL('../../../backend/appwrite.json', import.meta.url)), 'utf8')) as unknown;
const schema = parseSchema(project);
const notifications = schema.get('main')?.collections.get('notifications') as CollectionDef;
const read = (user: string) => `read("user:${user}")`;
const all = parseQueries([]);

function doc(id: string, permissions: string[]) {
  const now = new Date().toISOString();
  return { id, createdAt: now, updatedAt: now, permissions, data: { userId: 'x', notificationId: id } };
}

function ids(repo: DocumentRepository, user: string): string[] {
  return repo.list(notifications, all, { readPermissions: [read(user), 'read("any")'], total: true }, null).rows.map((r) => r.id).sort();
}

describe('document_permissions', () => {
  it('follows insert, permission updates and delete', () => {
    const db = new Database(':memory:');
    migrateDocuments(db);
    const repo = new DocumentRepository(db, schema);
    const a = repo.insert('main', 'notifications', doc('a1', [read('alice')]), 'document');
    repo.insert('main', 'notifications', doc('b1', [read('bob')]), 'document');
    repo.insert('main', 'notifications', doc('p1', ['read("any")']), 'document');
    expect(ids(repo, 'alice')).toEqual(['a1', 'p1']);
    expect(ids(repo, 'bob')).toEqual(['b1', 'p1']);

    repo.update({ ...a, permissions: [read('bob')] }, 'document');
    expect(ids(repo, 'alice')).toEqual(['p1']);
    expect(ids(repo, 'bob')).toEqual(['a1', 'b1', 'p1']);
    expect(repo.list(notifications, all, { readPermissions: [read('bob')], total: true }, null).total).toBe(2);

    repo.delete(a.seq);
    expect(ids(repo, 'bob')).toEqual(['b1', 'p1']);
    expect(db.prepare('SELECT COUNT(*) AS n FROM document_permissions WHERE doc_seq = ?').get(a.seq)).toEqual({ n: 0 });
  });

  it('is rebuilt from the documents of a data directory made before it existed', () => {
    const db = new Database(':memory:');
    migrateDocuments(db);
    const repo = new DocumentRepository(db, schema);
    repo.insert('main', 'notifications', doc('a1', [read('alice'), 'update("user:alice")']), 'document');
    repo.insert('main', 'notifications', doc('b1', [read('bob')]), 'document');
    db.exec('DROP TABLE document_permissions');

    migrateDocuments(db);
    expect(ids(new DocumentRepository(db, schema), 'alice')).toEqual(['a1']);
    expect(ids(new DocumentRepository(db, schema), 'bob')).toEqual(['b1']);
    // A second start does not add anything twice.
    migrateDocuments(db);
    expect(db.prepare('SELECT COUNT(*) AS n FROM document_permissions').get()).toEqual({ n: 3 });
  });
});
