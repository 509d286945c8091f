// Storage through the official SDKs over HTTP: a server key uploads (whole, and in the SDKs' 5 MiB
// chunks), the therapist its permissions name downloads, lists and deletes; everyone else is refused
// as Appwrite refuses them.
import crypto from 'node:crypto';
import { Client as WebClient, Storage as WebStorage } from 'appwrite';
import { Client, ID, Permission, Role, Storage, Users } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEphemeralKey } from '../src/caller.ts';
import type { TestServer } from '../src/testing.ts';
import { admin, failure, signUp, web, type SignedUp } from './support/core-harness.ts';
import { downloadBytes, startStorage } from './support/storage-harness.ts';

const MiB = 1024 * 1024;
const md5 = (b: Buffer): string => crypto.createHash('md5').update(b).digest('hex');

let core: TestServer;
let owner: SignedUp;
let other: SignedUp;
let storage: Storage;
const big = crypto.randomBytes(12 * MiB + 12_345);
const small = Buffer.from('PK\u0003\u0004 a small zip-looking file');

beforeAll(async () => {
  core = await startStorage();
  owner = await signUp(core, 'owner');
  other = await signUp(core, 'other');
  storage = new Storage(admin(core));
});
afterAll(async () => { await core.close(); });

const ownerPermissions = (): string[] => [Permission.read(Role.user(owner.id)), Permission.delete(Role.user(owner.id))];
const webStorage = (session: string): { client: WebClient; storage: WebStorage } => {
  const client = web(core, session);
  return { client, storage: new WebStorage(client) };
};

describe('a server key uploads into the exports bucket', () => {
  it('sends a 12 MB file in 5 MiB chunks and gets the complete file back', async () => {
    const progress: Array<{ chunksUploaded: number; chunksTotal: number }> = [];
    const file = await storage.createFile({
      bucketId: 'exports', fileId: 'export-big', file: InputFile.fromBuffer(big, 'export.zip'), permissions: ownerPermissions(),
      onProgress: (p) => { progress.push(p); },
    });
    expect(file).toMatchObject({
      $id: 'export-big', bucketId: 'exports', name: 'export.zip', sizeOriginal: big.length, chunksTotal: 3, chunksUploaded: 3,
      signature: md5(big), encryption: true, compression: 'none', $permissions: ownerPermissions(),
    });
    expect(progress.length).toBe(3);
    expect(await storage.getFile({ bucketId: 'exports', fileId: 'export-big' })).toMatchObject({ chunksUploaded: 3, sizeOriginal: big.length });
  });

  it('sends a small file in one request, its type read from its bytes', async () => {
    const file = await storage.createFile({ bucketId: 'exports', fileId: ID.unique(), file: InputFile.fromBuffer(small, 'small.zip'), permissions: ownerPermissions() });
    expect(file).toMatchObject({ chunksTotal: 1, chunksUploaded: 1, sizeOriginal: small.length, mimeType: 'application/zip', signature: md5(small) });
    expect(await failure(storage.createFile({ bucketId: 'exports', fileId: file.$id, file: InputFile.fromBuffer(small, 'small.zip') })))
      .toMatchObject({ code: 409, type: 'storage_file_already_exists' });
  });

  it('refuses a file with another extension, or larger than the bucket allows', async () => {
    expect(await failure(storage.createFile({ bucketId: 'exports', fileId: ID.unique(), file: InputFile.fromBuffer(small, 'export.csv') })))
      .toMatchObject({ code: 400, type: 'storage_file_type_unsupported' });
    expect(await failure(storage.createFile({ bucketId: 'small', fileId: ID.unique(), file: InputFile.fromBuffer(Buffer.alloc(1001, 'a'), 'a.txt') })))
      .toMatchObject({ code: 400, type: 'storage_invalid_file_size' });
    // Chunked: the announced total decides before any chunk is kept.
    expect(await failure(storage.createFile({ bucketId: 'small', fileId: ID.unique(), file: InputFile.fromBuffer(Buffer.alloc(6 * MiB, 'a'), 'a.txt') })))
      .toMatchObject({ code: 400, type: 'storage_invalid_file_size' });
    expect(await failure(storage.createFile({ bucketId: 'nope', fileId: ID.unique(), file: InputFile.fromBuffer(small, 'a.zip') })))
      .toMatchObject({ code: 404, type: 'storage_bucket_not_found' });
  });

  it('needs the files.write scope (and files.read to read)', async () => {
    const key = `scoped-${crypto.randomBytes(8).toString('hex')}`;
    registerEphemeralKey(key, ['documents.read'], Date.now() + 60_000);
    const scoped = new Storage(new Client().setEndpoint(core.endpoint).setProject('cadence').setKey(key));
    expect(await failure(scoped.createFile({ bucketId: 'exports', fileId: ID.unique(), file: InputFile.fromBuffer(small, 'a.zip') })))
      .toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    expect(await failure(scoped.getFile({ bucketId: 'exports', fileId: 'export-big' }))).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    const readOnly = `read-${crypto.randomBytes(8).toString('hex')}`;
    registerEphemeralKey(readOnly, ['files.read'], Date.now() + 60_000);
    const reader = new Storage(new Client().setEndpoint(core.endpoint).setProject('cadence').setKey(readOnly));
    expect((await reader.getFile({ bucketId: 'exports', fileId: 'export-big' })).$id).toBe('export-big');
    expect(await failure(reader.deleteFile({ bucketId: 'exports', fileId: 'export-big' }))).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
  });
});

describe('the therapist the file names', () => {
  it('downloads it byte for byte through the Web SDK, as the browser does', async () => {
    const { client, storage: ws } = webStorage(owner.session);
    const url = ws.getFileDownload({ bucketId: 'exports', fileId: 'export-big' });
    const bytes = await downloadBytes(client, url);
    expect(bytes.length).toBe(big.length);
    expect(bytes.equals(big)).toBe(true);
  });

  it('gets attachment headers, inline ones from view, and byte ranges', async () => {
    const headers = { 'x-appwrite-project': 'cadence', 'x-appwrite-session': owner.session };
    const base = `${core.endpoint}/storage/buckets/exports/files/export-big`;
    const download = await fetch(`${base}/download`, { headers });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="export.zip"');
    expect(download.headers.get('content-length')).toBe(String(big.length));
    await download.arrayBuffer();
    const view = await fetch(`${base}/view`, { headers });
    expect(view.headers.get('content-disposition')).toBe('inline; filename="export.zip"');
    expect(view.headers.get('x-content-type-options')).toBe('nosniff');
    await view.arrayBuffer();
    // A range across the first chunk boundary.
    const from = 5 * MiB - 10;
    const ranged = await fetch(`${base}/download`, { headers: { ...headers, range: `bytes=${from}-${from + 99}` } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes ${from}-${from + 99}/${big.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(big.subarray(from, from + 100))).toBe(true);
    const unsatisfiable = await fetch(`${base}/download`, { headers: { ...headers, range: `bytes=${big.length}-${big.length + 5}` } });
    expect(unsatisfiable.status).toBe(416);
    expect(await unsatisfiable.json()).toMatchObject({ type: 'storage_invalid_range' });
  });

  it('lists the files it may read, with a total and search', async () => {
    const { storage: ws } = webStorage(owner.session);
    const list = await ws.listFiles({ bucketId: 'exports' });
    expect(list.total).toBe(2);
    expect(list.files.map((f) => f.$id)).toContain('export-big');
    const found = await ws.listFiles({ bucketId: 'exports', search: 'export-big' });
    expect(found.files.map((f) => f.$id)).toEqual(['export-big']);
  });

  it('cannot upload into the exports bucket, whose only writers are server keys', async () => {
    const { storage: ws } = webStorage(owner.session);
    const file = new File([small], 'mine.zip');
    expect(await failure(ws.createFile({ bucketId: 'exports', fileId: ID.unique(), file }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
  });

  it('deletes it, and then it is gone', async () => {
    const { storage: ws } = webStorage(owner.session);
    await ws.deleteFile({ bucketId: 'exports', fileId: 'export-big' });
    expect(await failure(ws.getFile({ bucketId: 'exports', fileId: 'export-big' }))).toMatchObject({ code: 404, type: 'storage_file_not_found' });
    expect(await failure(storage.getFile({ bucketId: 'exports', fileId: 'export-big' }))).toMatchObject({ code: 404, type: 'storage_file_not_found' });
  });
});

describe('another therapist', () => {
  let fileId: string;
  beforeAll(async () => {
    fileId = (await storage.createFile({ bucketId: 'exports', fileId: ID.unique(), file: InputFile.fromBuffer(small, 'theirs.zip'), permissions: ownerPermissions() })).$id;
  });

  it('gets 404 for the file, its download and its view, and an empty list', async () => {
    const { client, storage: ws } = webStorage(other.session);
    expect(await failure(ws.getFile({ bucketId: 'exports', fileId }))).toMatchObject({ code: 404, type: 'storage_file_not_found' });
    expect(await failure(downloadBytes(client, ws.getFileDownload({ bucketId: 'exports', fileId })))).toMatchObject({ code: 404, type: 'storage_file_not_found' });
    expect(await failure(downloadBytes(client, ws.getFileView({ bucketId: 'exports', fileId })))).toMatchObject({ code: 404, type: 'storage_file_not_found' });
    expect(await ws.listFiles({ bucketId: 'exports' })).toEqual({ total: 0, files: [] });
  });

  it('cannot delete or rename it (Appwrite: user_unauthorized), and a guest cannot read it', async () => {
    const { storage: ws } = webStorage(other.session);
    expect(await failure(ws.deleteFile({ bucketId: 'exports', fileId }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
    expect(await failure(ws.updateFile({ bucketId: 'exports', fileId, name: 'mine.zip' }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
    const guest = new WebStorage(new WebClient().setEndpoint(core.endpoint).setProject('cadence'));
    expect(await failure(guest.getFile({ bucketId: 'exports', fileId }))).toMatchObject({ code: 404, type: 'storage_file_not_found' });
    expect((await storage.getFile({ bucketId: 'exports', fileId })).name).toBe('theirs.zip');
  });
});

describe('users uploading into a bucket that lets them', () => {
  it('own what they upload, and may grant only roles they hold', async () => {
    const { client, storage: ws } = webStorage(owner.session);
    const content = Buffer.from('session note draft\n');
    const file = await ws.createFile({ bucketId: 'notes', fileId: ID.unique(), file: new File([content], 'draft.txt') });
    expect(file.$permissions).toEqual([`read("user:${owner.id}")`, `update("user:${owner.id}")`, `delete("user:${owner.id}")`]);
    expect(file.mimeType).toBe('text/plain');
    expect((await downloadBytes(client, ws.getFileDownload({ bucketId: 'notes', fileId: file.$id }))).equals(content)).toBe(true);
    expect((await ws.updateFile({ bucketId: 'notes', fileId: file.$id, name: 'renamed.txt' })).name).toBe('renamed.txt');
    expect(await failure(ws.updateFile({ bucketId: 'notes', fileId: file.$id, permissions: [Permission.read(Role.user(other.id))] })))
      .toMatchObject({ code: 401, type: 'user_unauthorized' });
    expect(await failure(ws.createFile({ bucketId: 'notes', fileId: ID.unique(), file: new File([content], 'x.txt'), permissions: [Permission.read(Role.any()), Permission.read(Role.user(other.id))] })))
      .toMatchObject({ code: 401, type: 'user_unauthorized' });
  });

  it('a disabled bucket is not found for users; a server key still sees it', async () => {
    const { storage: ws } = webStorage(owner.session);
    expect(await failure(ws.listFiles({ bucketId: 'off' }))).toMatchObject({ code: 404, type: 'storage_bucket_not_found' });
    expect(await failure(ws.createFile({ bucketId: 'off', fileId: ID.unique(), file: new File(['x'], 'x.txt') }))).toMatchObject({ code: 404, type: 'storage_bucket_not_found' });
    expect((await storage.listFiles({ bucketId: 'off' })).total).toBe(0);
  });
});

describe('a bucket only users with a label upload into (issue 31, form uploads)', () => {
  it('refuses users without the label; a labelled user’s files get their types from their bytes (a phone’s HEIC too)', async () => {
    const { storage: ws } = webStorage(other.session);
    const upload = (bytes: Buffer, name: string) => ws.createFile({ bucketId: 'form_uploads', fileId: ID.unique(), file: new File([bytes], name) });
    expect(await failure(upload(Buffer.from('%PDF-1.4 x'), 'card.pdf'))).toMatchObject({ code: 401, type: 'user_unauthorized' });
    await new Users(admin(core)).updateLabels({ userId: other.id, labels: ['client'] });
    const iso = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}\0\0\0\0mif1heic`, 'latin1')]);
    expect((await upload(iso('heic'), 'IMG_0001.HEIC')).mimeType).toBe('image/heic');
    expect((await upload(iso('mif1'), 'IMG_0002.heic')).mimeType).toBe('image/heif');
    expect((await upload(Buffer.from('just some text'), 'card.pdf')).mimeType).toBe('text/plain');
    expect(await failure(upload(Buffer.from('GIF89a'), 'card.gif'))).toMatchObject({ code: 400, type: 'storage_file_type_unsupported' });
    await new Users(admin(core)).updateLabels({ userId: other.id, labels: [] });
  });
});

describe('buckets', () => {
  it('are listed for server keys as appwrite.json declares them', async () => {
    const list = await storage.listBuckets();
    expect(list.buckets.map((b) => b.$id)).toEqual(['exports', 'form_uploads', 'notes', 'small', 'off']);
    expect(await storage.getBucket({ bucketId: 'form_uploads' })).toMatchObject({
      fileSecurity: true, maximumFileSize: 10_000_000, allowedFileExtensions: ['pdf', 'jpg', 'jpeg', 'png', 'heic', 'webp'], encryption: true, antivirus: false,
      $permissions: ['create("label:client")'],
    });
    expect(await storage.getBucket({ bucketId: 'exports' })).toMatchObject({
      $id: 'exports', name: 'Data exports', fileSecurity: true, enabled: true, maximumFileSize: 2_000_000_000,
      allowedFileExtensions: ['zip'], compression: 'none', encryption: true, antivirus: false, $permissions: [],
    });
    const { storage: ws } = webStorage(owner.session);
    expect(await failure(ws.getFile({ bucketId: 'nope', fileId: 'x' }))).toMatchObject({ code: 404, type: 'storage_bucket_not_found' });
  });
});

describe('chunked uploads sent by hand', () => {
  const post = (headers: Record<string, string>, form: FormData): Promise<Response> => fetch(`${core.endpoint}/storage/buckets/exports/files`, {
    method: 'POST', headers: { 'x-appwrite-project': 'cadence', 'x-appwrite-key': 'local-dev-key', ...headers }, body: form,
  });
  const chunkForm = (fileId: string, bytes: Buffer): FormData => {
    const form = new FormData();
    form.append('fileId', fileId);
    form.append('file', new File([bytes], 'partial.zip'));
    return form;
  };

  it('answers a garbage or impossible content-range with storage_invalid_content_range, never a crash', async () => {
    for (const range of ['bytes abc', 'bytes 0-10/5', 'bytes 5-1/100', 'bytes 1-5/100', 'items 0-9/10', 'bytes 0-9/10/10', `bytes 0-${5 * MiB}/${20 * MiB}`, 'bytes 0-99999999999999999999/1']) {
      const response = await post({ 'content-range': range }, chunkForm(ID.unique(), Buffer.alloc(10)));
      expect([range, response.status, ((await response.json()) as { type: string }).type]).toEqual([range, 400, 'storage_invalid_content_range']);
    }
    // A chunk whose bytes are fewer than its range says.
    const short = await post({ 'content-range': `bytes 0-${5 * MiB - 1}/${6 * MiB}` }, chunkForm(ID.unique(), Buffer.alloc(100)));
    expect(short.status).toBe(400);
    expect(((await short.json()) as { type: string }).type).toBe('storage_invalid_content_range');
    const bad = await post({ 'content-range': `bytes ${5 * MiB}-${6 * MiB - 1}/${6 * MiB}`, 'x-appwrite-id': 'not valid!' }, chunkForm(ID.unique(), Buffer.alloc(MiB)));
    expect(((await bad.json()) as { type: string }).type).toBe('storage_invalid_appwrite_id');
    expect((await fetch(`${core.endpoint}/ping`)).status).toBe(200);
  });

  it('answers a malformed or file-less form with Appwrite\'s 400s', async () => {
    const headers = { 'x-appwrite-project': 'cadence', 'x-appwrite-key': 'local-dev-key' };
    const url = `${core.endpoint}/storage/buckets/exports/files`;
    const answers: Array<[number, string]> = [];
    const forms: Array<[string, string]> = [
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\nunterminated'],
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="fileId"\r\n\r\nabc\r\n--xyz--\r\n'],
      ['application/json', '{"fileId":"abc"}'],
    ];
    for (const [type, body] of forms) {
      const response = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': type }, body });
      answers.push([response.status, ((await response.json()) as { type: string }).type]);
    }
    expect(answers).toEqual([
      [400, 'general_bad_request'],
      [400, 'general_bad_request'],
      [400, 'storage_file_empty'],
      [400, 'storage_file_empty'],
    ]);
  });

  it('keeps an unfinished upload unreadable, and deleting it removes its chunks', async () => {
    const total = 6 * MiB;
    const first = await post({ 'content-range': `bytes 0-${5 * MiB - 1}/${total}` }, chunkForm('partial', Buffer.alloc(5 * MiB, 1)));
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ $id: 'partial', chunksTotal: 2, chunksUploaded: 1, sizeOriginal: total });
    expect(await failure(storage.getFileDownload({ bucketId: 'exports', fileId: 'partial' }))).toMatchObject({ code: 404, type: 'storage_file_not_found' });
    await storage.deleteFile({ bucketId: 'exports', fileId: 'partial' });
    // The last chunk of a deleted upload starts a new, unfinished one rather than completing the old.
    const last = await post({ 'content-range': `bytes ${5 * MiB}-${total - 1}/${total}`, 'x-appwrite-id': 'partial' }, chunkForm('partial', Buffer.alloc(MiB, 2)));
    expect(await last.json()).toMatchObject({ chunksUploaded: 1, chunksTotal: 2 });
    await storage.deleteFile({ bucketId: 'exports', fileId: 'partial' });
  });

  it('a chunk sent again after the upload finished answers the file (200), as Appwrite does', async () => {
    const bytes = crypto.randomBytes(5 * MiB + 7);
    const file = await storage.createFile({ bucketId: 'exports', fileId: 'again', file: InputFile.fromBuffer(bytes, 'again.zip') });
    expect(file.chunksUploaded).toBe(2);
    const resent = await post({ 'content-range': `bytes ${5 * MiB}-${bytes.length - 1}/${bytes.length}`, 'x-appwrite-id': 'again' }, chunkForm('again', bytes.subarray(5 * MiB)));
    expect(resent.status).toBe(200);
    expect(Buffer.from(await storage.getFileDownload({ bucketId: 'exports', fileId: 'again' })).equals(bytes)).toBe(true);
  });
});

describe('deleting a user', () => {
  it('leaves their files in place, as Appwrite does', async () => {
    const leaving = await signUp(core, 'leaving');
    const file = await storage.createFile({ bucketId: 'exports', fileId: ID.unique(), file: InputFile.fromBuffer(small, 'left.zip'), permissions: [Permission.read(Role.user(leaving.id))] });
    await new Users(admin(core)).delete({ userId: leaving.id });
    expect((await storage.getFile({ bucketId: 'exports', fileId: file.$id })).$id).toBe(file.$id);
  });
});
