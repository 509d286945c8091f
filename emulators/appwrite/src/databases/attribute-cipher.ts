// String attributes declared `encrypt: true` are stored as Appwrite's `encrypt` filter stores them
// (app/init/database/filters.php): the JSON text {"data","method","iv","tag","version"} with `data`
// the base64 AES-128-GCM ciphertext (openssl_encrypt's output), `iv` and `tag` hex, and `version`
// naming the key (Appwrite's `_APP_OPENSSL_KEY_V<version>`). The key lives in `attributes.key`
// beside the database (0600), never in it: a copied appwrite.sqlite alone reads as ciphertext.
import crypto from 'node:crypto';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { keyFile } from '../secrets.ts';

export const ATTRIBUTES_KEY_FILE = 'attributes.key';

const METHOD = 'aes-128-gcm';
const VERSION = '1';

interface Envelope {
  data: string;
  method: string;
  iv: string;
  tag: string;
  version: string;
}

function isEnvelope(v: unknown): v is Envelope {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return typeof e['data'] === 'string' && e['method'] === METHOD && typeof e['iv'] === 'string'
    && typeof e['tag'] === 'string' && e['version'] === VERSION;
}

export class AttributeCipher {
  private constructor(private readonly key: Buffer) {}

  /**
   * The key of the data directory holding `db` (created on first use), or for an in-memory
   * database a key that lives as long as the process (nothing of it is at rest).
   */
  static beside(db: Database.Database): AttributeCipher {
    if (db.memory) return new AttributeCipher(crypto.randomBytes(16));
    const secret = keyFile({ db, dir: path.dirname(db.name) }, ATTRIBUTES_KEY_FILE);
    // AES-128 wants 16 bytes; the file holds 32 random bytes as hex.
    return new AttributeCipher(crypto.createHash('sha256').update(secret).digest().subarray(0, 16));
  }

  encrypt(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv(METHOD, this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const envelope: Envelope = { data: data.toString('base64'), method: METHOD, iv: iv.toString('hex'), tag: cipher.getAuthTag().toString('hex'), version: VERSION };
    return JSON.stringify(envelope);
  }

  /** Whether a stored value is already sealed (a value stored before its attribute was encrypted is not). */
  static isSealed(stored: string): boolean {
    try {
      return isEnvelope(JSON.parse(stored));
    } catch {
      return false;
    }
  }

  /**
   * The plaintext of a stored value. A value that is not an envelope was stored before the
   * attribute was declared encrypted (sealed at the next start) and is returned as it is; an
   * envelope that does not open under this key (another data directory's, or altered) is an error.
   */
  decrypt(stored: string): string {
    let envelope: unknown;
    try {
      envelope = JSON.parse(stored);
    } catch {
      return stored;
    }
    if (!isEnvelope(envelope)) return stored;
    const decipher = crypto.createDecipheriv(METHOD, this.key, Buffer.from(envelope.iv, 'hex'));
    decipher.setAuthTag(Buffer.from(envelope.tag, 'hex'));
    const plain = decipher.update(Buffer.from(envelope.data, 'base64'));
    // GCM's final() writes nothing: it checks the tag (throws when altered) before the text is used.
    decipher.final();
    return plain.toString('utf8');
  }
}
