import crypto from 'node:crypto';
import { JWT_KEY_FILE, keyFile } from '../secrets.ts';
import type { Store } from '../store.ts';

export type JwtPayload = Record<string, unknown> & { exp: number; iat: number };

function b64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

export interface JwtSigner {
  sign(claims: Record<string, unknown>, ttlSeconds: number, nowMs: number): string;
  /** The payload, or null when the signature is wrong, the token malformed or expired. */
  verify(token: string, nowMs: number): JwtPayload | null;
}

/** Before the key had its own file it sat in the database; moving it keeps issued JWTs valid. */
function takeLegacyKey(store: Store): string | undefined {
  const table = store.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'").get();
  if (!table) return undefined;
  const row = store.db.prepare("SELECT value FROM settings WHERE key = 'jwt_key'").get() as { value: string } | undefined;
  return row?.value;
}

/** HS256 with a key file in the data dir, so JWTs outlive a restart like Appwrite's `_APP_OPENSSL_KEY_V1`. */
export function createJwtSigner(store: Store): JwtSigner {
  const legacy = takeLegacyKey(store);
  const key = keyFile(store, JWT_KEY_FILE, () => legacy ?? crypto.randomBytes(32).toString('hex'));
  if (legacy !== undefined) {
    // secure_delete overwrites the freed bytes, so the old key doesn't linger in free pages.
    store.db.pragma('secure_delete = ON');
    store.db.prepare("DELETE FROM settings WHERE key = 'jwt_key'").run();
    store.db.pragma('secure_delete = OFF');
  }
  const header = b64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }));
  const mac = (data: string): string => crypto.createHmac('sha256', key).update(data).digest('base64url');

  return {
    sign(claims, ttlSeconds, nowMs) {
      const iat = Math.floor(nowMs / 1000);
      const body = b64url(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }));
      return `${header}.${body}.${mac(`${header}.${body}`)}`;
    },
    verify(token, nowMs) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [h, body, signature] = parts as [string, string, string];
      const expected = Buffer.from(mac(`${h}.${body}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
      try {
        const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as JwtPayload;
        if (typeof payload.exp !== 'number' || payload.exp * 1000 < nowMs) return null;
        return payload;
      } catch {
        return null;
      }
    },
  };
}
