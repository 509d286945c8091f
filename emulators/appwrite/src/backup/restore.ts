// `npm run restore -- <dir>`: a backup into an empty data directory. Nothing is written until every
// file of the manifest is there with its size and SHA-256, every key the data needs is among them,
// and (encrypted) the passphrase is the backup's and the manifest is the one it made. The files go
// into a staging directory beside the target first; the target appears only when all of them were
// written (and opened, and the databases pass `PRAGMA integrity_check`).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import { manifestMac, openEncryption, opener, sameMac, type BackupKeys } from './backup-crypto.ts';
import { FILES_KEY_FILE } from '../storage/file-blobs.ts';
import {
  APPWRITE_DB, APPWRITE_DIR, BACKUP_FORMAT, BACKUP_FORMAT_VERSION, KEY_PURPOSES, KNOWN_KEYS, MANIFEST_FILE, keyPath, macText,
  type Manifest, type ManifestEntry,
} from './manifest.ts';

export class RestoreError extends Error {}

export interface RestoreOptions {
  /** the backup directory */
  backupDir: string;
  /** the data directory to fill: missing or empty */
  dataDir: string;
  /** for an encrypted backup */
  passphrase?: string;
}

function readManifest(backupDir: string): Manifest {
  const file = path.join(backupDir, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new RestoreError(`${backupDir} is not a Cadence backup: it has no ${MANIFEST_FILE} (an unfinished backup has none either)`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new RestoreError(`${MANIFEST_FILE} in ${backupDir} is not valid JSON: the backup was damaged`);
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files)) throw new RestoreError(`${backupDir} is not a Cadence backup (${MANIFEST_FILE} is not one)`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new RestoreError(`This backup was made by a newer Cadence (format ${manifest.formatVersion}, Cadence ${manifest.versions.cadence}): restore it with that version or later`);
  }
  return manifest;
}

function safeRelative(rel: string): string[] {
  const parts = rel.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..') || path.isAbsolute(rel)) throw new RestoreError(`${MANIFEST_FILE} names an unsafe path (${rel}): the backup was changed`);
  return parts;
}

function keyMessage(name: string): string {
  return `The backup has no ${name}. ${name} protects ${KEY_PURPOSES[name] ?? 'data of this backup'}. Put ${name} back into ${APPWRITE_DIR}/ of the backup (from where you keep your keys) and restore again; nothing was restored.`;
}

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every listed file present, with its size and checksum; the problems, one line each. */
async function verifyFiles(backupDir: string, files: ManifestEntry[]): Promise<void> {
  const problems: string[] = [];
  for (const entry of files) {
    const file = path.join(backupDir, ...safeRelative(entry.path));
    if (!fs.existsSync(file)) {
      const name = entry.path.slice(APPWRITE_DIR.length + 1);
      if (entry.kind === 'key' && KNOWN_KEYS.includes(name)) throw new RestoreError(keyMessage(name));
      problems.push(`${entry.path}: missing`);
      continue;
    }
    const size = fs.statSync(file).size;
    if (size !== entry.size) problems.push(`${entry.path}: ${size} bytes, the manifest says ${entry.size}`);
    else if ((await sha256Of(file)) !== entry.sha256) problems.push(`${entry.path}: its SHA-256 does not match the manifest`);
  }
  if (problems.length > 0) {
    throw new RestoreError(`The backup in ${backupDir} was changed or damaged after it was made; nothing was restored:\n  ${problems.join('\n  ')}`);
  }
}

function openKeys(manifest: Manifest, passphrase: string | undefined): BackupKeys | null {
  if (!manifest.encryption) return null;
  if (passphrase === undefined || passphrase === '') {
    throw new RestoreError('This backup is encrypted: give its passphrase (CADENCE_BACKUP_PASSPHRASE, --passphrase-file, or type it when asked)');
  }
  const keys = openEncryption(manifest.encryption, passphrase);
  if (!keys) throw new RestoreError('Wrong passphrase: it is not the one this backup was encrypted with; nothing was restored');
  // With the right key, only a manifest changed after the backup fails here.
  if (typeof manifest.mac !== 'string' || !sameMac(manifest.mac, manifestMac(keys, macText(manifest)))) {
    throw new RestoreError(`${MANIFEST_FILE} was changed after the backup was made (its signature under the passphrase does not match); nothing was restored`);
  }
  return keys;
}

/** Keys the restored database needs whatever the manifest says (a manifest edited along with a removed key). */
function keysTheDataNeeds(appwriteDb: string): string[] {
  const db = new Database(appwriteDb, { readonly: true });
  try {
    const needed: string[] = [];
    const hasTable = (name: string): boolean => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
    if (hasTable('storage_files') && db.prepare('SELECT 1 FROM storage_files WHERE encrypted = 1 LIMIT 1').get()) needed.push(FILES_KEY_FILE);
    if (hasTable('documents') && db.prepare(`SELECT 1 FROM documents WHERE data LIKE '%\\"method\\":\\"aes-128-gcm\\"%' LIMIT 1`).get()) needed.push('attributes.key');
    if (hasTable('users') && db.prepare('SELECT 1 FROM users LIMIT 1').get()) needed.push('jwt.key', 'token.key');
    if (hasTable('mfa_authenticators') && db.prepare('SELECT 1 FROM mfa_authenticators LIMIT 1').get()) needed.push('mfa.key');
    return needed;
  } finally {
    db.close();
  }
}

function checkIntegrity(file: string, label: string): void {
  const db = new Database(file, { readonly: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new RestoreError(`${label} failed SQLite's integrity check after restoring (${String(result)}); nothing was restored`);
  } finally {
    db.close();
  }
}

export async function restoreBackup(opts: RestoreOptions): Promise<Manifest> {
  const backupDir = path.resolve(opts.backupDir);
  const dataDir = path.resolve(opts.dataDir);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new RestoreError(`${dataDir} is not empty: restore only into an empty data directory (stop Cadence and move the old one aside, or pass another with --data)`);
  }
  const manifest = readManifest(backupDir);
  await verifyFiles(backupDir, manifest.files);
  const keys = openKeys(manifest, opts.passphrase);

  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(dataDir), `.${path.basename(dataDir)}-restoring-`));
  try {
    for (const entry of manifest.files) {
      const parts = safeRelative(entry.path);
      const target = path.join(staging, ...parts);
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      const out = fs.createWriteStream(target, { mode: 0o600, flags: 'wx' });
      const source = fs.createReadStream(path.join(backupDir, ...parts));
      if (keys) await pipeline(source, opener(keys, entry.path), out);
      else await pipeline(source, out);
    }
    const appwriteDb = path.join(staging, APPWRITE_DIR, APPWRITE_DB);
    if (!fs.existsSync(appwriteDb)) throw new RestoreError(`The backup holds no ${APPWRITE_DIR}/${APPWRITE_DB}; nothing was restored`);
    const listed = new Set(manifest.files.filter((f) => f.kind === 'key').map((f) => f.path));
    for (const name of keysTheDataNeeds(appwriteDb)) {
      if (!listed.has(keyPath(name))) throw new RestoreError(keyMessage(name));
    }
    for (const entry of manifest.files.filter((f) => f.kind === 'database')) checkIntegrity(path.join(staging, ...safeRelative(entry.path)), entry.path);
    for (const entry of fs.readdirSync(staging, { withFileTypes: true, recursive: true })) {
      fs.chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
    }
    fs.chmodSync(staging, 0o700);
    if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
    fs.renameSync(staging, dataDir);
    return manifest;
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(error instanceof Error ? error.message : String(error));
  }
}
