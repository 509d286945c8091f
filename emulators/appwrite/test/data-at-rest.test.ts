// Data at rest: the data directory is the owner's alone, the keys live beside the database (not
// in it), and mailed codes are stored as salted HMACs, not as a reversible bare SHA-256.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Account, ID } from 'appwrite';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, mailFor, signUp, startCore, uniqueEmail, web, type Core } from './support/core-harness.ts';

const sha256 = (s: string): string => crypto.createHash('sha256').update(s).digest('hex');
const mode = (file: string): number => fs.statSync(file).mode & 0o777;

async function otpFor(core: Core, email: string): Promise<string> {
  const [mail] = await mailFor(core, email);
  return /Use OTP (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
}

/** The database and its WAL as bytes: a key "in the DB" would show up here. */
function databaseBytes(dataDir: string): string {
  return ['appwrite.sqlite', 'appwrite.sqlite-wal']
    .map((name) => path.join(dataDir, name))
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file).toString('latin1'))
    .join('');
}

describe('a fresh data directory', () => {
  let core: Core;
  let dataDir: string;
  beforeAll(async () => {
    core = await startCore();
    dataDir = core.dataDir;
  });
  afterAll(async () => { await core.close(); });

  it('is 0700 and every file in it 0600: database, WAL, shared memory and keys', async () => {
    const u = await signUp(core, 'rest');
    await new Account(web(core, u.session)).createJWT();
    expect(mode(dataDir)).toBe(0o700);
    const files = fs.readdirSync(dataDir);
    expect(files).toEqual(expect.arrayContaining(['appwrite.sqlite', 'appwrite.sqlite-wal', 'appwrite.sqlite-shm', 'jwt.key', 'token.key']));
    for (const file of files) expect([file, mode(path.join(dataDir, file))]).toEqual([file, 0o600]);
  });

  it('signs JWTs with the key file, and the key is nowhere in the database', async () => {
    const u = await signUp(core, 'rest');
    const { jwt } = await new Account(web(core, u.session)).createJWT();
    const key = fs.readFileSync(path.join(dataDir, 'jwt.key'), 'utf8').trim();
    const [header, body, signature] = jwt.split('.');
    expect(crypto.createHmac('sha256', key).update(`${header}.${body}`).digest('base64url')).toBe(signature);
    expect(databaseBytes(dataDir)).not.toContain(key);
  });

  it('stores an OTP code as a salted HMAC keyed by the token key file, not sha256(code)', async () => {
    const email = uniqueEmail('rest-otp');
    const token = await new Account(web(core)).createEmailToken({ userId: ID.unique(), email });
    const code = await otpFor(core, email);
    const db = new Database(path.join(dataDir, 'appwrite.sqlite'), { readonly: true });
    const row = db.prepare('SELECT secret_hash, salt FROM tokens WHERE id = ?').get(token.$id) as { secret_hash: string; salt: string };
    db.close();
    expect(row.secret_hash).not.toBe(sha256(code));
    expect(row.salt).toMatch(/^[0-9a-f]{32}$/);
    const tokenKey = fs.readFileSync(path.join(dataDir, 'token.key'), 'utf8').trim();
    expect(crypto.createHmac('sha256', tokenKey).update(`${row.salt}\0${code}`).digest('hex')).toBe(row.secret_hash);
    expect(databaseBytes(dataDir)).not.toContain(tokenKey);
    // The code still signs in, once.
    expect((await new Account(web(core)).createSession({ userId: token.userId, secret: code })).userId).toBe(token.userId);
  });
});

describe('a data directory from before (world-readable, JWT key in the database, bare SHA-256 codes)', () => {
  let core: Core;
  afterAll(async () => { await core.close(); });

  it('is migrated: modes tightened, the key moved out of the database, issued JWTs and codes still valid', async () => {
    core = await startCore();
    const dataDir = core.dataDir;
    const u = await signUp(core, 'legacy');
    const { jwt } = await new Account(web(core, u.session)).createJWT();
    const email = uniqueEmail('legacy-otp');
    const token = await new Account(web(core)).createEmailToken({ userId: ID.unique(), email });
    const code = await otpFor(core, email);
    await core.app.close();

    // Rewrite the directory the way the previous version left it.
    const key = fs.readFileSync(path.join(dataDir, 'jwt.key'), 'utf8').trim();
    const db = new Database(path.join(dataDir, 'appwrite.sqlite'));
    db.exec('CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    db.prepare("INSERT INTO settings (key, value) VALUES ('jwt_key', ?)").run(key);
    db.prepare('UPDATE tokens SET secret_hash = ?, salt = NULL WHERE id = ?').run(sha256(code), token.$id);
    db.close();
    fs.rmSync(path.join(dataDir, 'jwt.key'));
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'appwrite.sqlite'), 0o644);

    await core.restart();

    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'appwrite.sqlite'))).toBe(0o600);
    expect(mode(path.join(dataDir, 'jwt.key'))).toBe(0o600);
    expect(fs.readFileSync(path.join(dataDir, 'jwt.key'), 'utf8').trim()).toBe(key);
    const check = new Database(path.join(dataDir, 'appwrite.sqlite'), { readonly: true });
    expect(check.prepare("SELECT value FROM settings WHERE key = 'jwt_key'").get()).toBeUndefined();
    check.close();
    expect((await new Account(web(core).setJWT(jwt)).get()).$id).toBe(u.id);
    expect(await failure(new Account(web(core)).createSession({ userId: token.userId, secret: '000000' === code ? '111111' : '000000' }))).toMatchObject({ code: 401 });
    expect((await new Account(web(core)).createSession({ userId: token.userId, secret: code })).userId).toBe(token.userId);
  });
});
