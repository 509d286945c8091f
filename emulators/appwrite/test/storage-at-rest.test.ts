// Files at rest: in a bucket with `encryption` no byte of a file's plaintext reaches the disk —
// not while chunks arrive, not once assembled — its key file lives beside the database and not in
// it, and deleting a file removes its bytes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ID, Permission, Role, Storage } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../src/testing.ts';
import { admin } from './support/core-harness.ts';
import { startStorage } from './support/storage-harness.ts';

const MiB = 1024 * 1024;

/** Every file under the data directory (database, WAL, keys, file segments), as one byte string. */
function everythingOnDisk(dir: string): string {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(fs.readFileSync(path.join(entry.parentPath, entry.name)).toString('latin1'));
  }
  return out.join('\n');
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

let core: TestServer;
let storage: Storage;
beforeAll(async () => {
  core = await startStorage();
  storage = new Storage(admin(core));
});
afterAll(async () => { await core.close(); });

describe('a file in an encrypted bucket', () => {
  const marker = `CLIENT-RECORD-${crypto.randomBytes(6).toString('hex')}`;
  // Over one chunk, so both the chunked path and the assembled file are covered.
  const plaintext = Buffer.from(`${marker}\n`.repeat(Math.ceil((6 * MiB) / (marker.length + 1))));

  it('is stored sealed: its plaintext is nowhere on disk, and it downloads intact', async () => {
    const file = await storage.createFile({ bucketId: 'exports', fileId: 'sealed', file: InputFile.fromBuffer(plaintext, 'export.zip'), permissions: [Permission.read(Role.user('someone'))] });
    expect(file).toMatchObject({ chunksTotal: 2, chunksUploaded: 2, encryption: true });
    const disk = everythingOnDisk(core.dataDir);
    expect(disk.length).toBeGreaterThan(plaintext.length);
    expect(disk).not.toContain(marker);
    expect(Buffer.from(await storage.getFileDownload({ bucketId: 'exports', fileId: 'sealed' })).equals(plaintext)).toBe(true);
  });

  it('is sealed with files.key, a 0600 file beside the database and not in it', async () => {
    const keyPath = path.join(core.dataDir, 'files.key');
    expect(fs.statSync(keyPath).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(keyPath, 'utf8').trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const db = ['appwrite.sqlite', 'appwrite.sqlite-wal'].map((f) => path.join(core.dataDir, f)).filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f).toString('latin1')).join('');
    expect(db).not.toContain(key);
    expect(fs.statSync(path.join(core.dataDir, 'files')).mode & 0o777).toBe(0o700);
    for (const segment of filesUnder(path.join(core.dataDir, 'files'))) expect(fs.statSync(segment).mode & 0o777).toBe(0o600);
  });

  it('still opens after a restart (the key is kept), and deleting it removes its bytes', async () => {
    await core.restart();
    storage = new Storage(admin(core));
    expect(Buffer.from(await storage.getFileDownload({ bucketId: 'exports', fileId: 'sealed' })).equals(plaintext)).toBe(true);
    const dir = path.join(core.dataDir, 'files', 'exports', 'sealed');
    expect(filesUnder(dir).length).toBe(2);
    await storage.deleteFile({ bucketId: 'exports', fileId: 'sealed' });
    expect(fs.existsSync(dir)).toBe(false);
  });
});

describe('a bucket without encryption', () => {
  it('keeps the bytes as sent (so the scan above would have found a plaintext)', async () => {
    const marker = `PLAIN-${crypto.randomBytes(6).toString('hex')}`;
    await storage.createFile({ bucketId: 'small', fileId: ID.unique(), file: InputFile.fromBuffer(Buffer.from(marker), 'plain.txt') });
    expect(everythingOnDisk(core.dataDir)).toContain(marker);
  });
});
