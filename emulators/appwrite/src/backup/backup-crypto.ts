// A backup's encryption, with Node's own crypto (no library: scrypt, HKDF, HMAC and AES-256-GCM are
// all in node:crypto, backed by OpenSSL, and a backup must stay readable by any later Node).
// The passphrase gives one key through scrypt (its parameters and salt are in the manifest); HKDF
// splits it into a file key and a manifest key. Each file is IV (12) ‖ AES-256-GCM ciphertext ‖ tag
// (16), its path as associated data, so a file moved to another name does not open.
import crypto from 'node:crypto';
import { Transform } from 'node:stream';

export interface EncryptionParams {
  cipher: 'aes-256-gcm';
  kdf: 'scrypt';
  /** base64 */
  salt: string;
  N: number;
  r: number;
  p: number;
  /** HMAC of a fixed text under the manifest key: tells a wrong passphrase from a damaged file. */
  check: string;
}

export interface BackupKeys {
  fileKey: Buffer;
  manifestKey: Buffer;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const CHECK_TEXT = 'cadence-backup passphrase check';
// OWASP's scrypt parameters for interactive use (128 MiB, about half a second here).
const DEFAULT_COST = { N: 2 ** 17, r: 8, p: 1 };

function derive(passphrase: string, salt: Buffer, cost: { N: number; r: number; p: number }): BackupKeys {
  const master = crypto.scryptSync(passphrase.normalize('NFC'), salt, 32, { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 });
  const sub = (info: string): Buffer => Buffer.from(crypto.hkdfSync('sha256', master, salt, info, 32));
  return { fileKey: sub('cadence-backup files'), manifestKey: sub('cadence-backup manifest') };
}

function checkOf(keys: BackupKeys): string {
  return crypto.createHmac('sha256', keys.manifestKey).update(CHECK_TEXT).digest('base64');
}

/** New keys for a backup, and the parameters the manifest records. */
export function newEncryption(passphrase: string): { params: EncryptionParams; keys: BackupKeys } {
  const salt = crypto.randomBytes(16);
  const keys = derive(passphrase, salt, DEFAULT_COST);
  return { params: { cipher: 'aes-256-gcm', kdf: 'scrypt', salt: salt.toString('base64'), ...DEFAULT_COST, check: checkOf(keys) }, keys };
}

/** The keys of an encrypted backup, or null when the passphrase is not the one it was made with. */
export function openEncryption(params: EncryptionParams, passphrase: string): BackupKeys | null {
  const keys = derive(passphrase, Buffer.from(params.salt, 'base64'), { N: params.N, r: params.r, p: params.p });
  const expected = Buffer.from(params.check, 'base64');
  const actual = Buffer.from(checkOf(keys), 'base64');
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual) ? keys : null;
}

export function manifestMac(keys: BackupKeys, text: string): string {
  return crypto.createHmac('sha256', keys.manifestKey).update(text).digest('base64');
}

export function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a, 'base64');
  const y = Buffer.from(b, 'base64');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

function aad(relPath: string): Buffer {
  return Buffer.from(`cadence-backup-v1:${relPath}`);
}

/** A stream that seals what passes through it: IV, ciphertext, tag. */
export function sealer(keys: BackupKeys, relPath: string): Transform {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', keys.fileKey, iv).setAAD(aad(relPath));
  let started = false;
  const head = (): Buffer[] => (started ? [] : ((started = true), [iv]));
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, Buffer.concat([...head(), cipher.update(chunk)]));
    },
    flush(done) {
      done(null, Buffer.concat([...head(), cipher.final(), cipher.getAuthTag()]));
    },
  });
}

/**
 * A stream that opens a sealed file. GCM checks its tag only at the end, so bytes pass before the
 * check: the caller writes them into the restore's staging directory, which is removed on failure.
 */
export function opener(keys: BackupKeys, relPath: string): Transform {
  let iv: Buffer | null = null;
  let pending = Buffer.alloc(0);
  let decipher: crypto.DecipherGCM | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending = Buffer.concat([pending, chunk]);
      if (!iv) {
        if (pending.length < IV_BYTES) return done();
        iv = pending.subarray(0, IV_BYTES);
        pending = pending.subarray(IV_BYTES);
        decipher = crypto.createDecipheriv('aes-256-gcm', keys.fileKey, iv).setAAD(aad(relPath));
      }
      // The last TAG_BYTES may be the tag: keep them back until the end.
      const ready = pending.length - TAG_BYTES;
      if (ready <= 0 || !decipher) return done();
      const out = decipher.update(pending.subarray(0, ready));
      pending = pending.subarray(ready);
      done(null, out);
    },
    flush(done) {
      try {
        if (!decipher || pending.length !== TAG_BYTES) throw new Error('truncated');
        decipher.setAuthTag(pending);
        done(null, decipher.final());
      } catch {
        done(new Error(`${relPath} does not open with this backup's key: it was changed after the backup was made`));
      }
    },
  });
}
