// Backup and restore of the embedded backend (`npm run backup` / `npm run restore`): a backup taken
// by the CLI while node-appwrite writes flow holds every write acknowledged before it began, and
// restores into a data directory both emulators start on, passing integrity_check; a missing key,
// a changed file or manifest, a non-empty target and a wrong passphrase are refused with a message.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Client, Databases, ID, Query, Storage } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer as startStripe, type TestServer as StripeServer } from '../../stripe/src/testing.ts';
import { takeBackup } from '../src/backup/backup.ts';
import { restoreBackup } from '../src/backup/restore.ts';
import type { Manifest } from '../src/backup/manifest.ts';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { EXPORTS_BUCKET } from './support/storage-harness.ts';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const MiB = 1024 * 1024;

const PROJECT = {
  projectId: 'cadence', databases: [{ $id: 'main', name: 'Main', enabled: true }], functions: [], buckets: [EXPORTS_BUCKET],
  collections: [{
    $id: 'entries', $permissions: [], databaseId: 'main', name: 'Entries', enabled: true, documentSecurity: false, indexes: [],
    attributes: [
      { key: 'title', type: 'string', required: true, array: false, size: 64, default: null },
      { key: 'secret', type: 'string', required: false, array: false, size: 1000, default: null, encrypt: true },
    ],
  }],
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-backup-'));
const dataDir = path.join(tmp, 'data');
let appwrite: TestServer;
let stripeServer: StripeServer;
const servers: Array<{ close(): Promise<void> }> = [];

function admin(server: TestServer): Client {
  return new Client().setEndpoint(server.endpoint).setProject('cadence').setKey('local-dev-key');
}

function stripeOf(server: StripeServer): Stripe {
  const url = new URL(server.origin);
  return new Stripe('sk_test_local', { host: url.hostname, port: Number(url.port), protocol: 'http' });
}

const marker = `CLIENT-RECORD-${crypto.randomBytes(6).toString('hex')}`;
// Over one chunk: two segments on disk.
const fileBytes = Buffer.from(`${marker}\n`.repeat(Math.ceil((6 * MiB) / (marker.length + 1))));
let customerId = '';

beforeAll(async () => {
  appwrite = await startTestServer({ project: PROJECT, dataDir: path.join(dataDir, 'appwrite') });
  stripeServer = await startStripe({ dataDir: path.join(dataDir, 'stripe') });
  servers.push(appwrite, stripeServer);
  const databases = new Databases(admin(appwrite));
  await databases.createDocument({ databaseId: 'main', collectionId: 'entries', documentId: 'first', data: { title: 'first', secret: `${marker} risk details` } });
  await new Storage(admin(appwrite)).createFile({ bucketId: 'exports', fileId: 'export1', file: InputFile.fromBuffer(fileBytes, 'export.zip') });
  customerId = (await stripeOf(stripeServer).customers.create({ email: 'practice@example.com' })).id;
});

afterAll(async () => {
  for (const server of servers) await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/backup/cli.ts', ...args], { cwd: pkgDir, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

function integrity(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}

function copyDir(from: string, to: string): string {
  fs.cpSync(from, to, { recursive: true });
  return to;
}

async function titlesOn(server: TestServer): Promise<Set<string>> {
  const { documents } = await new Databases(admin(server)).listDocuments({ databaseId: 'main', collectionId: 'entries', queries: [Query.limit(5000)] });
  return new Set(documents.map((d) => d.$id));
}

let plainBackup = '';

describe('a backup taken while writes flow', () => {
  it('restores to a state with every write acknowledged before it began, intact', async () => {
    const databases = new Databases(admin(appwrite));
    const acked: string[] = [];
    let writing = true;
    const writer = async (): Promise<void> => {
      while (writing) {
        const id = ID.unique();
        await databases.createDocument({ databaseId: 'main', collectionId: 'entries', documentId: id, data: { title: id } });
        acked.push(id);
      }
    };
    const writers = [writer(), writer(), writer()];
    while (acked.length < 30) await new Promise((r) => setTimeout(r, 10));

    const ackedBefore = [...acked];
    plainBackup = path.join(tmp, 'backup-plain');
    const cli = await runCli(['backup', plainBackup, '--data', dataDir]);
    const ackedDuring = acked.length - ackedBefore.length;
    writing = false;
    await Promise.all(writers);
    expect(cli.output).toContain('Backed up');
    expect(cli.code).toBe(0);
    // The writes did flow while the CLI ran.
    expect(ackedDuring).toBeGreaterThan(0);

    const manifest = JSON.parse(fs.readFileSync(path.join(plainBackup, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining([
      'appwrite/appwrite.sqlite', 'stripe/stripe.sqlite', 'appwrite/attributes.key', 'appwrite/files.key', 'appwrite/jwt.key',
      'appwrite/token.key', 'appwrite/mfa.key', 'appwrite/files/exports/export1/0.seg', 'appwrite/files/exports/export1/1.seg',
    ]));
    for (const entry of manifest.files) {
      const bytes = fs.readFileSync(path.join(plainBackup, entry.path));
      expect(bytes.length).toBe(entry.size);
      expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(entry.sha256);
    }

    const restored = path.join(tmp, 'restored-plain');
    await restoreBackup({ backupDir: plainBackup, dataDir: restored });
    expect(integrity(path.join(restored, 'appwrite/appwrite.sqlite'))).toBe('ok');
    expect(integrity(path.join(restored, 'stripe/stripe.sqlite'))).toBe('ok');

    const again = await startTestServer({ project: PROJECT, dataDir: path.join(restored, 'appwrite') });
    servers.push(again);
    const titles = await titlesOn(again);
    for (const id of ackedBefore) expect(titles.has(id), id).toBe(true);
    // Nothing that was never acknowledged, and nothing after the CLI finished.
    for (const id of titles) expect(id === 'first' || acked.includes(id), id).toBe(true);
    // attributes.key came along: the encrypted field opens.
    const first = await new Databases(admin(again)).getDocument({ databaseId: 'main', collectionId: 'entries', documentId: 'first' });
    expect(first['secret']).toBe(`${marker} risk details`);
    // files.key and the segments came along: the encrypted file downloads whole.
    const download = Buffer.from(await new Storage(admin(again)).getFileDownload({ bucketId: 'exports', fileId: 'export1' }));
    expect(download.equals(fileBytes)).toBe(true);

    const stripeAgain = await startStripe({ dataDir: path.join(restored, 'stripe') });
    servers.push(stripeAgain);
    expect((await stripeOf(stripeAgain).customers.retrieve(customerId)).id).toBe(customerId);
  });
});

describe('restore refuses', () => {
  it('a backup without a key, naming the key and what it protects', async () => {
    const copy = copyDir(plainBackup, path.join(tmp, 'no-files-key'));
    fs.rmSync(path.join(copy, 'appwrite/files.key'));
    const target = path.join(tmp, 'target-no-key');
    await expect(restoreBackup({ backupDir: copy, dataDir: target })).rejects.toThrow(/no files\.key\. files\.key protects the encrypted stored files/);
    expect(fs.existsSync(target)).toBe(false);

    // Also when the manifest was edited to match: the data itself says the key is needed.
    const manifestFile = path.join(copy, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    manifest.files = manifest.files.filter((f) => f.path !== 'appwrite/files.key');
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    await expect(restoreBackup({ backupDir: copy, dataDir: target })).rejects.toThrow(/no files\.key/);
    expect(fs.existsSync(target)).toBe(false);

    // The CLI says the same on stderr and exits 1.
    const cli = await runCli(['restore', copy, '--data', target]);
    expect(cli.code).toBe(1);
    expect(cli.output).toContain('files.key protects the encrypted stored files');
  });

  it('a changed file, naming it, and leaves the target empty', async () => {
    const copy = copyDir(plainBackup, path.join(tmp, 'tampered'));
    const segment = path.join(copy, 'appwrite/files/exports/export1/1.seg');
    const bytes = fs.readFileSync(segment);
    bytes[100] = (bytes[100] ?? 0) ^ 1;
    fs.writeFileSync(segment, bytes);
    const target = path.join(tmp, 'target-tampered');
    fs.mkdirSync(target);
    await expect(restoreBackup({ backupDir: copy, dataDir: target })).rejects.toThrow(/changed or damaged[\s\S]*appwrite\/files\/exports\/export1\/1\.seg: its SHA-256 does not match/);
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it('a data directory that is not empty', async () => {
    const target = path.join(tmp, 'target-busy');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'keep.txt'), 'x');
    await expect(restoreBackup({ backupDir: plainBackup, dataDir: target })).rejects.toThrow(/is not empty: restore only into an empty data directory/);
    expect(fs.readdirSync(target)).toEqual(['keep.txt']);
  });
});

describe('an encrypted backup', () => {
  it('holds no plaintext, refuses a wrong passphrase or a changed manifest, and restores with the right one', async () => {
    const out = path.join(tmp, 'backup-encrypted');
    const manifest = await takeBackup({ dataDir, outDir: out, passphrase: 'correct horse battery staple' });
    expect(manifest.encryption).toMatchObject({ cipher: 'aes-256-gcm', kdf: 'scrypt' });
    const key = fs.readFileSync(path.join(dataDir, 'appwrite/files.key'), 'utf8').trim();
    for (const entry of manifest.files) {
      const stored = fs.readFileSync(path.join(out, entry.path)).toString('latin1');
      expect(stored).not.toContain(key);
      expect(stored).not.toContain('practice@example.com');
      expect(stored).not.toContain('SQLite format 3');
    }

    const target = path.join(tmp, 'restored-encrypted');
    await expect(restoreBackup({ backupDir: out, dataDir: target, passphrase: 'wrong horse' })).rejects.toThrow(/Wrong passphrase/);
    await expect(restoreBackup({ backupDir: out, dataDir: target })).rejects.toThrow(/This backup is encrypted: give its passphrase/);

    const edited = copyDir(out, path.join(tmp, 'encrypted-edited'));
    const manifestFile = path.join(edited, 'manifest.json');
    fs.writeFileSync(manifestFile, fs.readFileSync(manifestFile, 'utf8').replace(manifest.snapshotAt, '2020-01-01T00:00:00.000Z'));
    await expect(restoreBackup({ backupDir: edited, dataDir: target, passphrase: 'correct horse battery staple' })).rejects.toThrow(/manifest\.json was changed/);
    expect(fs.existsSync(target)).toBe(false);

    await restoreBackup({ backupDir: out, dataDir: target, passphrase: 'correct horse battery staple' });
    expect(integrity(path.join(target, 'appwrite/appwrite.sqlite'))).toBe('ok');
    expect(fs.readFileSync(path.join(target, 'appwrite/files.key'), 'utf8').trim()).toBe(key);
    const again = await startTestServer({ project: PROJECT, dataDir: path.join(target, 'appwrite') });
    servers.push(again);
    expect(await titlesOn(again)).toEqual(await titlesOn(appwrite));
    const download = Buffer.from(await new Storage(admin(again)).getFileDownload({ bucketId: 'exports', fileId: 'export1' }));
    expect(download.equals(fileBytes)).toBe(true);
  });
});
