// What a Cadence backup holds (`manifest.json`): every file with its size and SHA-256 as stored in
// the backup (ciphertext when encrypted, so a restore checks them before asking for a passphrase),
// the versions that wrote it, and when.
import { ATTRIBUTES_KEY_FILE } from '../databases/attribute-cipher.ts';
import { MFA_KEY_FILE } from '../account/mfa.ts';
import { JWT_KEY_FILE, TOKEN_KEY_FILE } from '../secrets.ts';
import { FILES_KEY_FILE } from '../storage/file-blobs.ts';
import type { EncryptionParams } from './backup-crypto.ts';

export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'cadence-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** Where each part lives under the data directory (`.data/` for `npm start`, scripts/stack.mjs). */
export const APPWRITE_DIR = 'appwrite';
export const STRIPE_DIR = 'stripe';
export const APPWRITE_DB = 'appwrite.sqlite';
export const STRIPE_DB = 'stripe.sqlite';

export type EntryKind = 'database' | 'key' | 'file';

export interface ManifestEntry {
  /** relative to the data directory, `/`-separated */
  path: string;
  kind: EntryKind;
  /** bytes as stored in the backup */
  size: number;
  /** SHA-256 (hex) of the bytes as stored in the backup */
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** when the databases were read: the backup holds every write acknowledged before it */
  snapshotAt: string;
  finishedAt: string;
  versions: {
    cadence: string;
    commit: string | null;
    appwriteEmulator: string;
    stripeEmulator: string;
    node: string;
    sqlite: string;
    /** SHA-256 of the backend/appwrite.json the backup was made next to */
    appwriteJson: string | null;
  };
  encryption: EncryptionParams | null;
  files: ManifestEntry[];
  /** HMAC of the manifest without this field under the passphrase's manifest key (encrypted backups) */
  mac?: string;
}

/** The keys beside the Appwrite database, and what is lost without each. */
export const KEY_PURPOSES: Record<string, string> = {
  [ATTRIBUTES_KEY_FILE]: 'the encrypted record fields (progress-note text, risk details, goals progress, addenda, private notes): without it they cannot be read',
  [FILES_KEY_FILE]: 'the encrypted stored files (the exports bucket): without it they cannot be read',
  [JWT_KEY_FILE]: 'the signatures of issued JWTs: without it every JWT already handed out stops working',
  [TOKEN_KEY_FILE]: 'the sign-in codes and links already sent (email codes, magic links, recovery and verification links): without it none of them works',
  [MFA_KEY_FILE]: 'the two-step verification secrets and recovery codes: without it those accounts cannot complete sign-in',
};

export const KNOWN_KEYS = Object.keys(KEY_PURPOSES);

export function keyPath(name: string): string {
  return `${APPWRITE_DIR}/${name}`;
}

/** The manifest as its MAC covers it: the JSON text without `mac`. */
export function macText(manifest: Manifest): string {
  const { mac: _mac, ...rest } = manifest;
  return JSON.stringify(rest);
}
