// `npm run backup -- <dir>`: a consistent online backup of the embedded backend while it runs.
//
// Each SQLite database is read through its own read-only connection with SQLite's online backup API
// (better-sqlite3's `db.backup`), all pages in one step: in WAL mode that step is one read
// transaction, so the copy is the database as of one commit — every write acknowledged before it
// (the emulator commits with synchronous=FULL) and nothing half-written — while the emulators keep
// writing to the WAL. No endpoint in the emulators is needed (nothing that writes files where a
// request says), and it works the same with the stack stopped.
//
// Stored files: a chunk's bytes are renamed into place before its row is written, so every chunk
// row of the snapshot has its segment on disk unless the file was deleted after the snapshot; then
// the whole backup is taken again (a deletion in that window is rare). Keys are copied as they are
// (created once, never rewritten).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { FILES_DIR } from '../storage/file-blobs.ts';
import { newEncryption, manifestMac, sealer, type BackupKeys } from './backup-crypto.ts';
import {
  APPWRITE_DB, APPWRITE_DIR, BACKUP_FORMAT, BACKUP_FORMAT_VERSION, KNOWN_KEYS, MANIFEST_FILE, STRIPE_DB, STRIPE_DIR,
  keyPath, macText, type EntryKind, type Manifest, type ManifestEntry,
} from './manifest.ts';

export class BackupError extends Error {}

export interface BackupOptions {
  /** the data directory (`.data`): `appwrite/` and `stripe/` */
  dataDir: string;
  /** where the backup goes: a new or empty directory */
  outDir: string;
  /** encrypts every file with a key from this passphrase */
  passphrase?: string;
  /** called before each database is read (tests use it to know when the snapshot began) */
  onSnapshot?: () => void;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function packageVersion(relative: string): string {
  return (JSON.parse(fs.readFileSync(path.join(repoRoot, relative), 'utf8')) as { version: string }).version;
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

function sha256File(file: string): string | null {
  return fs.existsSync(file) ? crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex') : null;
}

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || (fs.statSync(dir).isDirectory() && fs.readdirSync(dir).length === 0);
}

interface Snapshot {
  appwriteDb: string;
  stripeDb: string | null;
  sqlite: string;
  at: string;
}

/** One database copied through the backup API in a single step (one read transaction). */
async function snapshotDb(source: string, target: string): Promise<string> {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // The first transfer only sizes the copy; the next one copies every page at once.
    await db.backup(target, { progress: () => 0x7fffffff });
    return db.prepare('SELECT sqlite_version() AS v').pluck().get() as string;
  } finally {
    db.close();
  }
}

function checkIntegrity(file: string, label: string): void {
  const db = new Database(file, { readonly: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`${label}: the copy failed SQLite's integrity check (${String(result)}); nothing was backed up`);
  } finally {
    db.close();
  }
}

async function snapshot(dataDir: string, temp: string, onSnapshot?: () => void): Promise<Snapshot> {
  const appwriteSource = path.join(dataDir, APPWRITE_DIR, APPWRITE_DB);
  if (!fs.existsSync(appwriteSource)) throw new BackupError(`No Cadence data at ${dataDir} (no ${APPWRITE_DIR}/${APPWRITE_DB}): pass the data directory with --data`);
  const at = new Date().toISOString();
  onSnapshot?.();
  const appwriteDb = path.join(temp, APPWRITE_DB);
  const sqlite = await snapshotDb(appwriteSource, appwriteDb);
  const stripeSource = path.join(dataDir, STRIPE_DIR, STRIPE_DB);
  let stripeDb: string | null = null;
  if (fs.existsSync(stripeSource)) {
    stripeDb = path.join(temp, STRIPE_DB);
    await snapshotDb(stripeSource, stripeDb);
  }
  checkIntegrity(appwriteDb, APPWRITE_DB);
  if (stripeDb) checkIntegrity(stripeDb, STRIPE_DB);
  return { appwriteDb, stripeDb, sqlite, at };
}

/** The segments the snapshot's file records name, as paths relative to the data directory. */
function storedSegments(appwriteDb: string): string[] {
  const db = new Database(appwriteDb, { readonly: true });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'storage_file_chunks'").get();
    if (!table) return [];
    const rows = db.prepare('SELECT bucket_id, file_id, idx FROM storage_file_chunks ORDER BY bucket_id, file_id, idx').all() as Array<{ bucket_id: string; file_id: string; idx: number }>;
    return rows.map((r) => `${APPWRITE_DIR}/${FILES_DIR}/${r.bucket_id}/${r.file_id}/${r.idx}.seg`);
  } finally {
    db.close();
  }
}

class SegmentGone extends Error {}

class Writer {
  readonly entries: ManifestEntry[] = [];
  constructor(private readonly outDir: string, private readonly keys: BackupKeys | null) {}

  /** Copies `source` to `<outDir>/<relPath>` (sealed when encrypting), recording size and SHA-256 of what was written. */
  async add(relPath: string, kind: EntryKind, source: Readable): Promise<void> {
    const target = path.join(this.outDir, ...relPath.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const hash = crypto.createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const out = fs.createWriteStream(target, { mode: 0o600, flags: 'wx' });
    if (this.keys) await pipeline(source, sealer(this.keys, relPath), tap, out);
    else await pipeline(source, tap, out);
    this.entries.push({ path: relPath, kind, size, sha256: hash.digest('hex') });
  }
}

function openSegment(file: string): fs.ReadStream {
  try {
    // Opened now, so a rename or delete afterwards leaves this read on the bytes it found.
    const fd = fs.openSync(file, 'r');
    return fs.createReadStream('', { fd });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new SegmentGone(file);
    throw error;
  }
}

async function attempt(opts: BackupOptions, keys: BackupKeys | null, temp: string): Promise<{ entries: ManifestEntry[]; snap: Snapshot }> {
  const snap = await snapshot(opts.dataDir, temp, opts.onSnapshot);
  const writer = new Writer(opts.outDir, keys);
  await writer.add(`${APPWRITE_DIR}/${APPWRITE_DB}`, 'database', fs.createReadStream(snap.appwriteDb));
  if (snap.stripeDb) await writer.add(`${STRIPE_DIR}/${STRIPE_DB}`, 'database', fs.createReadStream(snap.stripeDb));
  for (const name of KNOWN_KEYS) {
    const file = path.join(opts.dataDir, APPWRITE_DIR, name);
    if (fs.existsSync(file)) await writer.add(keyPath(name), 'key', fs.createReadStream(file));
  }
  for (const rel of storedSegments(snap.appwriteDb)) {
    await writer.add(rel, 'file', openSegment(path.join(opts.dataDir, ...rel.split('/'))));
  }
  return { entries: writer.entries, snap };
}

/** Takes the backup; answers its manifest. */
export async function takeBackup(opts: BackupOptions): Promise<Manifest> {
  const outDir = path.resolve(opts.outDir);
  const dataDir = path.resolve(opts.dataDir);
  if (outDir === dataDir || outDir.startsWith(`${dataDir}${path.sep}`)) throw new BackupError(`The backup cannot go inside the data directory (${dataDir})`);
  if (!isEmptyDir(outDir)) throw new BackupError(`${outDir} is not empty: back up into a new or empty directory`);
  const createdOut = !fs.existsSync(outDir);
  fs.mkdirSync(outDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(outDir, 0o700);
  const encryption = opts.passphrase === undefined ? null : newEncryption(opts.passphrase);
  // The plain database copies stay beside the live data (same disk, same owner), never on the backup's medium.
  const temp = fs.mkdtempSync(path.join(dataDir, '.backup-'));
  const clearOut = (): void => {
    if (createdOut) fs.rmSync(outDir, { recursive: true, force: true });
    else for (const entry of fs.readdirSync(outDir)) fs.rmSync(path.join(outDir, entry), { recursive: true, force: true });
  };
  try {
    for (let tries = 1; ; tries++) {
      try {
        const { entries, snap } = await attempt({ ...opts, outDir, dataDir }, encryption?.keys ?? null, temp);
        const manifest: Manifest = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          snapshotAt: snap.at,
          finishedAt: new Date().toISOString(),
          versions: {
            cadence: packageVersion('package.json'),
            commit: gitCommit(),
            appwriteEmulator: packageVersion('emulators/appwrite/package.json'),
            stripeEmulator: packageVersion('emulators/stripe/package.json'),
            node: process.version,
            sqlite: snap.sqlite,
            appwriteJson: sha256File(path.join(repoRoot, 'backend/appwrite.json')),
          },
          encryption: encryption?.params ?? null,
          files: entries,
        };
        if (encryption) manifest.mac = manifestMac(encryption.keys, macText(manifest));
        // Written last: a directory without manifest.json is not a finished backup.
        fs.writeFileSync(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
        return manifest;
      } catch (error) {
        if (!(error instanceof SegmentGone) || tries >= 3) throw error;
        // A stored file was deleted after the snapshot: take the whole backup again.
        clearOut();
        fs.mkdirSync(outDir, { recursive: true, mode: 0o700 });
        for (const entry of fs.readdirSync(temp)) fs.rmSync(path.join(temp, entry), { force: true });
      }
    }
  } catch (error) {
    clearOut();
    throw error;
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}
