// Appwrite 1.8 transactions through the official SDKs: staged operations land together or not at
// all, a document changed after staging is a conflict, expiry, ownership and the operation limit.
import { AppwriteException, Client, Databases, ID, Permission, Role, TablesDB } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from './support/core-harness.ts';
import { API_KEY, createUser, PROJECT_ID, startServer, type Harness, type TestUser } from './support/dbfn-harness.ts';
import { assertModel } from './support/models.ts';

let h: Harness;
let offset = 0;
let alice: TestUser;
let bob: TestUser;
let tables: TablesDB;
let bobTables: TablesDB;
let databases: Databases;
let admin: server.TablesDB;

const things = { databaseId: 'main', tableId: 'things' };
const op = (action: string, rowId: string | undefined, data?: Record<string, unknown>) => ({ action, databaseId: 'main', tableId: 'things', rowId, data });

const exists = async (rowId: string): Promise<boolean> =>
  tables.getRow({ ...things, rowId }).then(() => true, (e: unknown) => (e instanceof AppwriteException && e.code === 404 ? false : Promise.reject(e)));

beforeAll(async () => {
  h = await startServer({ now: () => Date.now() + offset });
  alice = await createUser(h.endpoint, 'alice-tx');
  bob = await createUser(h.endpoint, 'bob-tx');
  const as = (u: TestUser) => new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(u.session);
  tables = new TablesDB(as(alice));
  bobTables = new TablesDB(as(bob));
  databases = new Databases(as(alice));
  admin = new server.TablesDB(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
});
afterAll(async () => { await h.close(); });

describe('transactions', () => {
  it('creates a pending transaction (201, the Transaction model) with a ttl of 60–3600 s, default 300', async () => {
    const t = await tables.createTransaction();
    assertModel('transaction', t);
    expect(t).toMatchObject({ status: 'pending', operations: 0 });
    expect(Date.parse(t.expiresAt) - Date.parse(t.$createdAt)).toBe(300_000);
    expect(await failure(tables.createTransaction({ ttl: 59 }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect(await failure(tables.createTransaction({ ttl: 3601 }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect((await tables.getTransaction({ transactionId: t.$id })).$id).toBe(t.$id);
    expect((await tables.listTransactions()).transactions.map((x) => x.$id)).toContain(t.$id);
  });

  it('commits staged operations together: creates, an update of a row created in the same transaction, a delete', async () => {
    const old = await tables.createRow({ ...things, rowId: ID.unique(), data: { title: 'old' } });
    const t = await tables.createTransaction();
    const a = ID.unique();
    const b = ID.unique();
    const staged = await tables.createOperations({
      transactionId: t.$id,
      operations: [op('create', a, { title: 'a', count: 1 }), op('create', b, { title: 'b' }), op('update', a, { count: 2 }), op('increment', a, { column: 'count', value: 3 }), op('delete', old.$id)],
    });
    expect(staged.operations).toBe(5);
    expect(await exists(a)).toBe(false);

    const committed = await tables.updateTransaction({ transactionId: t.$id, commit: true });
    expect(committed.status).toBe('committed');
    expect((await tables.getRow({ ...things, rowId: a })).count).toBe(5);
    expect(await exists(b)).toBe(true);
    expect(await exists(old.$id)).toBe(false);
    // Written by the committing user, with the creator's default permissions.
    expect((await tables.getRow({ ...things, rowId: b })).$permissions).toEqual(expect.arrayContaining([Permission.read(Role.user(alice.id))]));
    expect(await failure(tables.updateTransaction({ transactionId: t.$id, commit: true }))).toMatchObject({ code: 400, type: 'transaction_not_ready' });
  });

  it('all or nothing: one invalid operation fails the commit and leaves nothing behind (status failed)', async () => {
    const t = await tables.createTransaction();
    const good = ID.unique();
    await tables.createOperations({ transactionId: t.$id, operations: [op('create', good, { title: 'fine' }), op('create', ID.unique(), { count: 1 })] });
    expect(await failure(tables.updateTransaction({ transactionId: t.$id, commit: true }))).toMatchObject({ code: 400, type: expect.stringMatching(/_invalid_structure$/) as string });
    expect(await exists(good)).toBe(false);
    expect((await tables.getTransaction({ transactionId: t.$id })).status).toBe('failed');
  });

  it('a row changed after its update was staged, or an id taken meanwhile, is a conflict (409) and nothing lands', async () => {
    const row = await tables.createRow({ ...things, rowId: ID.unique(), data: { title: 'v1' } });
    const t = await tables.createTransaction();
    const fresh = ID.unique();
    await tables.createOperations({ transactionId: t.$id, operations: [op('create', fresh, { title: 'new' }), op('update', row.$id, { title: 'from the transaction' })] });
    offset += 5;
    await tables.updateRow({ ...things, rowId: row.$id, data: { title: 'changed meanwhile' } });
    expect(await failure(tables.updateTransaction({ transactionId: t.$id, commit: true }))).toMatchObject({ code: 409, type: 'transaction_conflict' });
    expect((await tables.getRow({ ...things, rowId: row.$id })).title).toBe('changed meanwhile');
    expect(await exists(fresh)).toBe(false);

    const taken = ID.unique();
    const t2 = await tables.createTransaction();
    await tables.createOperations({ transactionId: t2.$id, operations: [op('create', taken, { title: 'staged' })] });
    await tables.createRow({ ...things, rowId: taken, data: { title: 'first' } });
    expect(await failure(tables.updateTransaction({ transactionId: t2.$id, commit: true }))).toMatchObject({ code: 409, type: 'transaction_conflict' });
  });

  it('an increment or decrement staged before its row changed still commits, as a step of the value stored then', async () => {
    const row = await tables.createRow({ ...things, rowId: ID.unique(), data: { title: 'counter', count: 10 } });
    const t = await tables.createTransaction();
    await tables.createOperations({ transactionId: t.$id, operations: [op('increment', row.$id, { column: 'count', value: 3 }), op('decrement', row.$id, { column: 'count', value: 1 })] });
    offset += 5;
    await tables.updateRow({ ...things, rowId: row.$id, data: { count: 20 } });
    expect((await tables.updateTransaction({ transactionId: t.$id, commit: true })).status).toBe('committed');
    expect((await tables.getRow({ ...things, rowId: row.$id })).count).toBe(22);
  });

  it('rolls back (status failed, nothing written); an expired transaction answers 410', async () => {
    const t = await tables.createTransaction();
    const id = ID.unique();
    await tables.createOperations({ transactionId: t.$id, operations: [op('create', id, { title: 'x' })] });
    expect((await tables.updateTransaction({ transactionId: t.$id, rollback: true })).status).toBe('failed');
    expect(await exists(id)).toBe(false);
    expect(await failure(tables.updateTransaction({ transactionId: t.$id }))).toMatchObject({ code: 400, type: 'general_bad_request' });

    const short = await tables.createTransaction({ ttl: 60 });
    await tables.createOperations({ transactionId: short.$id, operations: [op('create', ID.unique(), { title: 'late' })] });
    offset += 61_000;
    expect(await failure(tables.updateTransaction({ transactionId: short.$id, commit: true }))).toMatchObject({ code: 410, type: 'transaction_expired' });
    expect(await failure(tables.createOperations({ transactionId: short.$id, operations: [op('create', ID.unique(), { title: 'x' })] }))).toMatchObject({ code: 410 });
  });

  it('at most 100 operations; bulk operations need an API key; updates need an existing row', async () => {
    const t = await tables.createTransaction();
    const many = Array.from({ length: 101 }, () => op('create', ID.unique(), { title: 'n' }));
    expect(await failure(tables.createOperations({ transactionId: t.$id, operations: many }))).toMatchObject({ code: 400, type: 'transaction_limit_exceeded' });
    expect(await failure(tables.createOperations({ transactionId: t.$id, operations: [op('bulkCreate', undefined, { rows: [] })] }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
    expect(await failure(tables.createOperations({ transactionId: t.$id, operations: [op('update', 'missing-row', { title: 'x' })] }))).toMatchObject({ code: 404 });
    expect(await failure(tables.createOperations({ transactionId: t.$id, operations: [] }))).toMatchObject({ code: 400, type: 'general_bad_request' });
    expect((await tables.getTransaction({ transactionId: t.$id })).operations).toBe(0);
  });

  it('a transaction is its creator’s: another user can’t see, stage into, commit or delete it, nor stage writes to rows they can’t read', async () => {
    const t = await tables.createTransaction();
    expect(await failure(bobTables.getTransaction({ transactionId: t.$id }))).toMatchObject({ code: 404, type: 'transaction_not_found' });
    expect(await failure(bobTables.createOperations({ transactionId: t.$id, operations: [op('create', ID.unique(), { title: 'x' })] }))).toMatchObject({ code: 404 });
    expect(await failure(bobTables.updateTransaction({ transactionId: t.$id, commit: true }))).toMatchObject({ code: 404 });
    expect(await failure(bobTables.deleteTransaction({ transactionId: t.$id }))).toMatchObject({ code: 404 });
    expect((await bobTables.listTransactions()).transactions.map((x) => x.$id)).not.toContain(t.$id);

    const alicesRow = await tables.createRow({ ...things, rowId: ID.unique(), data: { title: 'private' } });
    const bobs = await bobTables.createTransaction();
    expect(await failure(bobTables.createOperations({ transactionId: bobs.$id, operations: [op('delete', alicesRow.$id)] }))).toMatchObject({ code: 404 });
    // Permissions for a role bob doesn't have are refused at commit, and nothing lands.
    const planted = ID.unique();
    await bobTables.createOperations({ transactionId: bobs.$id, operations: [op('create', planted, { title: 'for alice', $permissions: [Permission.read(Role.user(alice.id))] })] });
    expect(await failure(bobTables.updateTransaction({ transactionId: bobs.$id, commit: true }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
    expect(await admin.listRows({ ...things, queries: [server.Query.equal('$id', planted)] })).toMatchObject({ total: 0 });

    await tables.deleteTransaction({ transactionId: t.$id });
    expect(await failure(tables.getTransaction({ transactionId: t.$id }))).toMatchObject({ code: 404 });
  });

  it('the documents API has the same transactions (collectionId, documentId)', async () => {
    const t = await databases.createTransaction();
    const id = ID.unique();
    await databases.createOperations({ transactionId: t.$id, operations: [{ action: 'create', databaseId: 'main', collectionId: 'things', documentId: id, data: { title: 'doc' } }] });
    await databases.updateTransaction({ transactionId: t.$id, commit: true });
    expect((await databases.getDocument({ databaseId: 'main', collectionId: 'things', documentId: id })).title).toBe('doc');
  });
});
