// The local Appwrite as a deploy target (APPWRITE_SCHEMA=deploy, issue 36), through node-appwrite
// as a deploy script or the Appwrite CLI calls it: databases, collections, each attribute kind
// (202 `processing`, then `available`), indexes, buckets, functions, variables and a deployment
// uploaded in 5 MiB chunks and activated — kept in the data directory across a restart, and refused
// by a server that reads backend/appwrite.json at start.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Databases as WebDatabases, ID as WebID, Permission, Role } from 'appwrite';
import * as server from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { admin, failure, signUp, web } from './support/core-harness.ts';

const DB = 'main';
let target: TestServer;
let dataDir: string;
let work: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-target-'));
  dataDir = path.join(work, 'data');
  target = await startTestServer({ project: 'deploy', dataDir });
});
afterAll(async () => {
  await target?.app.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const databases = () => new server.Databases(admin(target));
const functions = () => new server.Functions(admin(target));
const storage = () => new server.Storage(admin(target));

describe('a server reading backend/appwrite.json at start', () => {
  it('refuses changes to the project: it never writes the file', async () => {
    const declared = await startTestServer();
    try {
      const refused = await failure(new server.Databases(admin(declared)).create({ databaseId: 'other', name: 'Other' }));
      expect(refused).toMatchObject({ code: 401, type: 'general_access_forbidden' });
      expect(refused.message).toContain('APPWRITE_SCHEMA=deploy');
    } finally {
      await declared.close();
    }
  });
});

describe('deploying a project over the API', () => {
  it('starts empty and keeps the project in the data directory', async () => {
    expect(await databases().list()).toMatchObject({ total: 0, databases: [] });
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'appwrite.json'), 'utf8'))).toMatchObject({ projectId: 'cadence', databases: [], collections: [], buckets: [], functions: [] });
  });

  it('creates a database and a collection, once each', async () => {
    expect(await databases().create({ databaseId: DB, name: 'Main' })).toMatchObject({ $id: DB, name: 'Main', enabled: true });
    expect(await failure(databases().create({ databaseId: DB, name: 'Main' }))).toMatchObject({ code: 409, type: 'database_already_exists' });
    const collection = await databases().createCollection({ databaseId: DB, collectionId: 'notes', name: 'Notes', permissions: [Permission.create(Role.users())], documentSecurity: true });
    expect(collection).toMatchObject({ $id: 'notes', databaseId: DB, $permissions: ['create("users")'], documentSecurity: true, attributes: [], indexes: [] });
    expect(await failure(databases().createCollection({ databaseId: DB, collectionId: 'notes', name: 'Notes' }))).toMatchObject({ code: 409, type: 'collection_already_exists' });
    expect(await databases().updateCollection({ databaseId: DB, collectionId: 'notes', name: 'Session notes', permissions: [Permission.create(Role.users())], documentSecurity: true })).toMatchObject({ name: 'Session notes' });
  });

  it('creates each attribute kind as Appwrite does: 202 processing, then available', async () => {
    const d = databases();
    const at = { databaseId: DB, collectionId: 'notes' };
    const created = [
      await d.createStringAttribute({ ...at, key: 'title', size: 100, required: true }),
      await d.createStringAttribute({ ...at, key: 'body', size: 5000, required: false, encrypt: true }),
      await d.createEmailAttribute({ ...at, key: 'email', required: false }),
      await d.createEnumAttribute({ ...at, key: 'kind', elements: ['soap', 'dap'], required: false, xdefault: 'soap' }),
      await d.createUrlAttribute({ ...at, key: 'link', required: false }),
      await d.createIpAttribute({ ...at, key: 'ip', required: false }),
      await d.createIntegerAttribute({ ...at, key: 'minutes', required: false, min: 0, max: 600, xdefault: 45 }),
      await d.createFloatAttribute({ ...at, key: 'fee', required: false, min: 0, max: 10000 }),
      await d.createBooleanAttribute({ ...at, key: 'signed', required: false, xdefault: false }),
      await d.createDatetimeAttribute({ ...at, key: 'heldAt', required: false }),
    ];
    expect(created.map((a) => a.status)).toEqual(created.map(() => 'processing'));
    const listed = await d.listAttributes(at);
    expect(listed.attributes.map((a) => [a.key, a.type, a.status])).toEqual([
      ['title', 'string', 'available'], ['body', 'string', 'available'], ['email', 'string', 'available'], ['kind', 'string', 'available'],
      ['link', 'string', 'available'], ['ip', 'string', 'available'], ['minutes', 'integer', 'available'], ['fee', 'double', 'available'],
      ['signed', 'boolean', 'available'], ['heldAt', 'datetime', 'available'],
    ]);
    expect(listed.attributes[1]).toMatchObject({ size: 5000, encrypt: true });
    expect(listed.attributes[3]).toMatchObject({ format: 'enum', elements: ['soap', 'dap'], default: 'soap' });
    expect(listed.attributes[6]).toMatchObject({ min: 0, max: 600, default: 45 });
    // What Appwrite refuses.
    expect(await failure(d.createStringAttribute({ ...at, key: 'title', size: 10, required: false }))).toMatchObject({ code: 409, type: 'attribute_already_exists' });
    expect(await failure(d.createStringAttribute({ ...at, key: 'secondaryInsuranceSubscriberRelationship', size: 10, required: false }))).toMatchObject({
      code: 400, type: 'general_argument_invalid', message: expect.stringContaining('at most 36 chars') as unknown,
    });
    expect(await failure(d.createIntegerAttribute({ ...at, key: 'count', required: true, xdefault: 1 }))).toMatchObject({ code: 400, type: 'attribute_default_unsupported' });
    expect(await failure(d.createStringAttribute({ ...at, key: 'secret', size: 100, required: false, encrypt: true }))).toMatchObject({ code: 400, type: 'general_bad_request' });
  });

  it('creates indexes (processing, then available) and refuses one over an unknown or encrypted attribute', async () => {
    const d = databases();
    const at = { databaseId: DB, collectionId: 'notes' };
    expect(await d.createIndex({ ...at, key: 'by_title', type: server.DatabasesIndexType.Key, attributes: ['title', '$createdAt'], orders: [server.OrderBy.Asc, server.OrderBy.Desc] })).toMatchObject({ status: 'processing' });
    expect(await d.getIndex({ ...at, key: 'by_title' })).toMatchObject({ key: 'by_title', type: 'key', status: 'available', attributes: ['title', '$createdAt'], orders: ['ASC', 'DESC'] });
    expect(await failure(d.createIndex({ ...at, key: 'by_nothing', type: server.DatabasesIndexType.Key, attributes: ['nothing'] }))).toMatchObject({ code: 400, type: 'attribute_unknown' });
    expect(await failure(d.createIndex({ ...at, key: 'by_body', type: server.DatabasesIndexType.Key, attributes: ['body'] }))).toMatchObject({ type: 'index_invalid' });
  });

  it('serves documents on what was deployed, with its permissions and validation', async () => {
    const ada = await signUp(target, 'ada');
    const bo = await signUp(target, 'bo');
    const adaDb = new WebDatabases(web(target, ada.session));
    const doc = await adaDb.createDocument({ databaseId: DB, collectionId: 'notes', documentId: WebID.unique(), data: { title: 'First', body: 'private words', fee: 12.5 } });
    expect(doc).toMatchObject({ title: 'First', body: 'private words', kind: 'soap', minutes: 45, signed: false, fee: 12.5 });
    await expect(new WebDatabases(web(target, bo.session)).getDocument({ databaseId: DB, collectionId: 'notes', documentId: doc.$id })).rejects.toMatchObject({ code: 404 });
    await expect(adaDb.createDocument({ databaseId: DB, collectionId: 'notes', documentId: WebID.unique(), data: { title: 'x', kind: 'birp' } })).rejects.toMatchObject({ type: 'document_invalid_structure' });
    // A guest may not create: the collection grants create to users only.
    await expect(new WebDatabases(web(target)).createDocument({ databaseId: DB, collectionId: 'notes', documentId: WebID.unique(), data: { title: 'x' } })).rejects.toMatchObject({ code: 401 });
    // An attribute added later reaches the stored document, with its default.
    await databases().createBooleanAttribute({ databaseId: DB, collectionId: 'notes', key: 'archived', required: false, xdefault: false });
    expect(await adaDb.getDocument({ databaseId: DB, collectionId: 'notes', documentId: doc.$id })).toMatchObject({ archived: false });
  });

  it('creates and updates buckets', async () => {
    const bucket = await storage().createBucket({ bucketId: 'exports', name: 'Exports', permissions: [], fileSecurity: true, maximumFileSize: 2_000_000, allowedFileExtensions: ['zip'], compression: server.Compression.None, encryption: true, antivirus: false });
    expect(bucket).toMatchObject({ $id: 'exports', fileSecurity: true, maximumFileSize: 2_000_000, allowedFileExtensions: ['zip'], encryption: true });
    expect(await failure(storage().createBucket({ bucketId: 'exports', name: 'Exports' }))).toMatchObject({ code: 409, type: 'storage_bucket_already_exists' });
    expect(await storage().updateBucket({ bucketId: 'exports', name: 'Data exports', fileSecurity: true, maximumFileSize: 3_000_000, allowedFileExtensions: ['zip'] })).toMatchObject({ name: 'Data exports', maximumFileSize: 3_000_000 });
    expect(await storage().getBucket({ bucketId: 'exports' })).toMatchObject({ name: 'Data exports' });
    // Over _APP_STORAGE_LIMIT (30 MB unless set; APPWRITE_STORAGE_LIMIT here), as Buckets/Create.php's Range refuses it.
    expect(await failure(storage().createBucket({ bucketId: 'big', name: 'Big', maximumFileSize: 30_000_001 }))).toEqual({
      code: 400, type: 'general_argument_invalid', message: 'Invalid `maximumFileSize` param: Value must be a valid range between 1 and 30,000,000',
    });
    expect(await failure(storage().updateBucket({ bucketId: 'exports', name: 'Data exports', maximumFileSize: 2_000_000_000 }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
  });

  it('creates a function with variables, uploads its code in chunks, activates and runs it', async () => {
    const f = functions();
    const fn = await f.create({ functionId: 'echo', name: 'Echo', runtime: server.Runtime.Node22, execute: [Role.any()], schedule: '', timeout: 15, entrypoint: 'src/main.js', commands: 'npm install', scopes: [server.ProjectKeyScopes.UsersRead] });
    expect(fn).toMatchObject({ $id: 'echo', runtime: 'node-22', execute: ['any'], deploymentId: '', scopes: [server.ProjectKeyScopes.UsersRead] });
    expect(await failure(f.create({ functionId: 'echo', name: 'Echo', runtime: server.Runtime.Node22 }))).toMatchObject({ code: 409, type: 'function_already_exists' });
    expect(await failure(f.create({ functionId: 'py', name: 'Py', runtime: server.Runtime.Python312 }))).toMatchObject({ code: 400 });
    expect(await f.update({ functionId: 'echo', name: 'Echo', execute: [Role.any()], schedule: '0 * * * *', timeout: 20 })).toMatchObject({ schedule: '0 * * * *', timeout: 20 });

    const secret = await f.createVariable({ functionId: 'echo', variableId: server.ID.unique(), key: 'MY_SECRET', value: 's3cret', secret: true });
    expect(secret).toMatchObject({ key: 'MY_SECRET', value: '', secret: true });
    const plain = await f.createVariable({ functionId: 'echo', variableId: server.ID.unique(), key: 'MY_PLAIN', value: 'one', secret: false });
    expect(await f.updateVariable({ functionId: 'echo', variableId: plain.$id, key: 'MY_PLAIN', value: 'two' })).toMatchObject({ value: 'two' });
    expect(await failure(f.createVariable({ functionId: 'echo', variableId: server.ID.unique(), key: 'MY_PLAIN', value: 'x' }))).toMatchObject({ code: 409, type: 'variable_already_exists' });
    const gone = await f.createVariable({ functionId: 'echo', variableId: server.ID.unique(), key: 'MY_GONE', value: 'x' });
    await f.deleteVariable({ functionId: 'echo', variableId: gone.$id });
    expect((await f.listVariables({ functionId: 'echo' })).variables.map((v) => [v.key, v.value])).toEqual([['MY_SECRET', ''], ['MY_PLAIN', 'two']]);

    // A code archive over 5 MiB: node-appwrite sends it in chunks, the later ones concurrently.
    const code = path.join(work, 'code');
    fs.mkdirSync(path.join(code, 'src'), { recursive: true });
    fs.writeFileSync(path.join(code, 'src', 'main.js'), "export default async ({ res }) => res.json({ secret: process.env.MY_SECRET, plain: process.env.MY_PLAIN, fn: process.env.APPWRITE_FUNCTION_ID });\n");
    fs.writeFileSync(path.join(code, 'padding.bin'), crypto.randomBytes(6 * 1024 * 1024));
    const archive = path.join(work, 'code.tar.gz');
    await promisify(execFile)('tar', ['-czf', archive, '-C', code, '.']);
    expect(fs.statSync(archive).size).toBeGreaterThan(5 * 1024 * 1024);
    const deployment = await f.createDeployment({ functionId: 'echo', code: InputFile.fromPath(archive, 'code.tar.gz'), activate: true, entrypoint: 'src/main.js', commands: '' });
    let status = deployment.status;
    for (let i = 0; i < 50 && status !== 'ready' && status !== 'failed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await f.getDeployment({ functionId: 'echo', deploymentId: deployment.$id })).status;
    }
    expect(status).toBe('ready');
    expect(await f.getDeployment({ functionId: 'echo', deploymentId: deployment.$id })).toMatchObject({ sourceSize: fs.statSync(archive).size, resourceId: 'echo', activate: true });
    expect(await f.get({ functionId: 'echo' })).toMatchObject({ deploymentId: deployment.$id, latestDeploymentId: deployment.$id, latestDeploymentStatus: 'ready' });
    const execution = await f.createExecution({ functionId: 'echo', async: false });
    expect(JSON.parse(execution.responseBody)).toEqual({ secret: 's3cret', plain: 'two', fn: 'echo' });
  }, 60_000);

  it('keeps everything across a restart', async () => {
    await target.restart();
    const attributes = await databases().listAttributes({ databaseId: DB, collectionId: 'notes' });
    expect(attributes.attributes.map((a) => a.key)).toContain('archived');
    expect((await databases().listDocuments({ databaseId: DB, collectionId: 'notes' })).documents.map((d) => d['title'])).toEqual(['First']);
    expect(await storage().getBucket({ bucketId: 'exports' })).toMatchObject({ name: 'Data exports' });
    const execution = await functions().createExecution({ functionId: 'echo', async: false });
    expect(JSON.parse(execution.responseBody)).toMatchObject({ secret: 's3cret', plain: 'two' });
  });
});

// What a push to a real Appwrite 1.9 would stop at (src/databases/limits.ts cites Appwrite's code):
// the row width and the attribute count Database::checkAttribute allows, and what Indexes/Create.php
// and utopia's index validator refuse. A deploy target of its own, its project already holding a
// collection at the attribute and index counts (as earlier pushes would have left it).
/** No default, as appwrite push sends it (null): node-appwrite's types say optional, its runtime requires the key. */
const NO_DEFAULT = null as unknown as undefined;

describe('the limits Appwrite 1.9 refuses a schema at', () => {
  let limited: TestServer;
  const d = () => new server.Databases(admin(limited));
  const at = { databaseId: DB, collectionId: 'limits' };
  const many = { databaseId: DB, collectionId: 'many' };
  beforeAll(async () => {
    const dir = path.join(work, 'limits');
    fs.mkdirSync(dir);
    const flag = (key: string) => ({ key, type: 'boolean', required: false, array: false, default: null });
    fs.writeFileSync(path.join(dir, 'appwrite.json'), JSON.stringify({
      projectId: 'cadence', databases: [{ $id: DB, name: 'Main', enabled: true }], buckets: [], functions: [],
      collections: [
        { $id: 'limits', databaseId: DB, name: 'Limits', $permissions: [], documentSecurity: false, enabled: true, attributes: [], indexes: [] },
        { $id: 'indexed', databaseId: DB, name: 'Indexed', $permissions: [], documentSecurity: false, enabled: true, attributes: [], indexes: [] },
        {
          $id: 'changes', databaseId: DB, name: 'Changes', $permissions: [], documentSecurity: false, enabled: true, indexes: [],
          attributes: [
            { key: 'title', type: 'string', size: 20, required: false, array: false, default: null },
            { key: 'count', type: 'integer', min: 0, max: 10, required: false, array: false, default: null },
            { key: 'kind', type: 'string', format: 'enum', elements: ['a', 'b'], size: 1, required: false, array: false, default: null },
          ],
        },
        {
          $id: 'many', databaseId: DB, name: 'Many', $permissions: [], documentSecurity: false, enabled: true,
          attributes: Array.from({ length: 1010 }, (_, n) => flag(`b${n}`)),
          indexes: Array.from({ length: 58 }, (_, n) => ({ key: `i${n}`, type: 'key', attributes: [`b${n}`], orders: ['ASC'] })),
        },
      ],
    }));
    limited = await startTestServer({ project: 'deploy', dataDir: dir });
  });
  afterAll(async () => {
    await limited?.app.close();
  });

  it("refuses an attribute that would make a row wider than MariaDB's 65,535 bytes", async () => {
    // 1067 bytes of internal columns + 16000·4+2: still under.
    expect(await d().createStringAttribute({ ...at, key: 'wide', size: 16_000, required: false })).toMatchObject({ status: 'processing' });
    expect(await failure(d().createStringAttribute({ ...at, key: 'name', size: 200, required: false }))).toEqual({
      code: 400, type: 'attribute_limit_exceeded', message: "The maximum number or size of attributes for collection 'limits' has been reached.",
    });
    // A TEXT-sized string (over 16,381) is a 20-byte pointer; a boolean one byte: both still fit.
    expect(await d().createStringAttribute({ ...at, key: 'essay', size: 100_000, required: false })).toMatchObject({ status: 'processing' });
    expect(await d().createBooleanAttribute({ ...at, key: 'flag', required: false })).toMatchObject({ status: 'processing' });
    // An enum is stored 255 wide whatever its elements (Enum/Create.php: Database::LENGTH_KEY).
    expect(await failure(d().createEnumAttribute({ ...at, key: 'kind', elements: ['a', 'b'], required: false }))).toMatchObject({ type: 'attribute_limit_exceeded' });
    expect((await d().listAttributes(at)).attributes.map((a) => a.key)).toEqual(['wide', 'essay', 'flag']);
  });

  it('refuses the 1,011th attribute of a collection (1,017 columns, 7 of them internal)', async () => {
    expect(await failure(d().createBooleanAttribute({ ...many, key: 'one_more', required: false }))).toEqual({
      code: 400, type: 'attribute_limit_exceeded', message: "The maximum number or size of attributes for collection 'many' has been reached.",
    });
    expect((await d().listAttributes(many)).total).toBe(1010);
  });

  it('refuses an index over an array, over the same attribute twice, or longer than 768 characters', async () => {
    const indexed = { databaseId: DB, collectionId: 'indexed' };
    await d().createStringAttribute({ ...indexed, key: 'tags', size: 20, required: false, array: true });
    await d().createStringAttribute({ ...indexed, key: 'code', size: 200, required: false });
    await d().createStringAttribute({ ...indexed, key: 'note', size: 600, required: false });
    await d().createIntegerAttribute({ ...indexed, key: 'rank', required: false });
    const index = (key: string, attributes: string[]) => d().createIndex({ ...indexed, key, type: server.DatabasesIndexType.Key, attributes });
    expect(await failure(index('by_tags', ['tags']))).toEqual({ code: 400, type: 'index_invalid', message: 'Creating indexes on array attributes is not currently supported.' });
    expect(await failure(index('by_code_twice', ['code', 'code']))).toEqual({ code: 400, type: 'index_invalid', message: 'Duplicate attributes provided' });
    expect(await failure(index('by_note_code', ['note', 'code']))).toEqual({ code: 400, type: 'index_invalid', message: 'Index length is longer than the maximum: 768' });
    // $id counts 255, a string its size, an integer or a date 1: 255 + 200 + 1 + 1 fits.
    expect(await index('by_id_code', ['$id', 'code', 'rank', '$createdAt'])).toMatchObject({ status: 'processing' });
  });

  it('refuses the 59th index of a collection (64 less 6 internal)', async () => {
    expect(await failure(d().createIndex({ ...many, key: 'one_more', type: server.DatabasesIndexType.Key, attributes: ['b99'] }))).toEqual({
      code: 400, type: 'index_limit_exceeded', message: "The maximum number of indexes for collection 'many' has been reached.",
    });
  });

  it('updates an attribute as appwrite push does when its required, default, size, range or elements changed (200)', async () => {
    const changes = { databaseId: DB, collectionId: 'changes' };
    await d().createDocument({ ...changes, documentId: 'one', data: { title: 'Hello world', count: 5, kind: 'a' } });
    expect(await d().updateStringAttribute({ ...changes, key: 'title', required: false, xdefault: 'Untitled', size: 50 })).toMatchObject({
      key: 'title', type: 'string', status: 'available', size: 50, default: 'Untitled', required: false,
    });
    expect(await d().getAttribute({ ...changes, key: 'title' })).toMatchObject({ size: 50, default: 'Untitled' });
    expect(await d().updateIntegerAttribute({ ...changes, key: 'count', required: false, xdefault: 7, min: 1, max: 9 })).toMatchObject({ min: 1, max: 9, default: 7 });
    expect(await d().updateEnumAttribute({ ...changes, key: 'kind', elements: ['a', 'b', 'c'], required: false, xdefault: 'c' })).toMatchObject({ elements: ['a', 'b', 'c'], default: 'c' });
    expect(await d().createDocument({ ...changes, documentId: 'two', data: { kind: 'b' } })).toMatchObject({ title: 'Untitled', count: 7, kind: 'b' });
    expect(await d().getDocument({ ...changes, documentId: 'one' })).toMatchObject({ title: 'Hello world', count: 5, kind: 'a' });

    // What Appwrite refuses (Attributes/Action.php updateAttribute).
    expect(await failure(d().updateStringAttribute({ ...changes, key: 'title', required: false, xdefault: NO_DEFAULT, size: 5 }))).toEqual({
      code: 400, type: 'attribute_invalid_resize', message: 'Existing data is too large for new size, truncate your existing data then try again.',
    });
    expect(await failure(d().updateIntegerAttribute({ ...changes, key: 'count', required: false, xdefault: NO_DEFAULT, min: 9, max: 1 }))).toEqual({
      code: 400, type: 'attribute_value_invalid', message: 'Minimum value must be lesser than maximum value',
    });
    expect(await failure(d().updateStringAttribute({ ...changes, key: 'title', required: true, xdefault: 'x' }))).toMatchObject({ code: 400, type: 'attribute_default_unsupported' });
    expect(await failure(d().updateIntegerAttribute({ ...changes, key: 'title', required: false, xdefault: NO_DEFAULT }))).toMatchObject({ code: 400, type: 'attribute_type_invalid' });
    expect(await failure(d().updateStringAttribute({ ...changes, key: 'nothing', required: false, xdefault: NO_DEFAULT }))).toMatchObject({ code: 404, type: 'attribute_not_found' });
    expect(await d().getAttribute({ ...changes, key: 'title' })).toMatchObject({ size: 50 });
  });

  it('renames an attribute with newKey, keeping its values; deletes an attribute (204) and an index (204) as push does', async () => {
    const changes = { databaseId: DB, collectionId: 'changes' };
    expect(await d().updateStringAttribute({ ...changes, key: 'title', required: false, xdefault: NO_DEFAULT, newKey: 'heading' })).toMatchObject({ key: 'heading', size: 50 });
    const one = await d().getDocument({ ...changes, documentId: 'one' });
    expect(one).toMatchObject({ heading: 'Hello world' });
    expect(one).not.toHaveProperty('title');

    await d().createIndex({ ...changes, key: 'by_count', type: server.DatabasesIndexType.Key, attributes: ['count'] });
    expect(await failure(d().deleteAttribute({ ...changes, key: 'count' }))).toEqual({
      code: 409, type: 'index_dependency', message: "Attribute 'count' cannot be renamed or deleted. Please remove the associated index first.",
    });
    await d().deleteIndex({ ...changes, key: 'by_count' });
    expect(await failure(d().getIndex({ ...changes, key: 'by_count' }))).toMatchObject({ code: 404, type: 'index_not_found' });
    await d().deleteAttribute({ ...changes, key: 'count' });
    expect((await d().listAttributes(changes)).attributes.map((a) => a.key)).toEqual(['heading', 'kind']);
    expect(await d().getDocument({ ...changes, documentId: 'one' })).not.toHaveProperty('count');
    expect(await failure(d().deleteAttribute({ ...changes, key: 'count' }))).toMatchObject({ code: 404, type: 'attribute_not_found' });

    // A unique index deleted no longer holds.
    const same: Record<string, unknown> = { heading: 'Hello world' };
    await d().createIndex({ ...changes, key: 'one_heading', type: server.DatabasesIndexType.Unique, attributes: ['heading'] });
    expect(await failure(d().createDocument({ ...changes, documentId: 'three', data: same }))).toMatchObject({ code: 409, type: 'document_unique_constraint_violation' });
    await d().deleteIndex({ ...changes, key: 'one_heading' });
    expect(await d().createDocument({ ...changes, documentId: 'three', data: same })).toMatchObject({ heading: 'Hello world' });
  });
});
