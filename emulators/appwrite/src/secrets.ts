// Server keys live in their own 0600 files in the data directory, never in the database they
// protect: a copied or leaked appwrite.sqlite alone can neither forge a JWT nor reverse a code.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { restrictToOwner, type Store } from './store.ts';

export const JWT_KEY_FILE = 'jwt.key';
export const TOKEN_KEY_FILE = 'token.key';

const cache = new WeakMap<Store, Map<string, string>>();

/**
 * The key in `<dataDir>/<name>`, created on first use from `initial()` (default 32 random bytes,
 * hex). `wx` makes the first writer win if two processes start on one data directory.
 */
export function keyFile(store: Store, name: string, initial: () => string = () => crypto.randomBytes(32).toString('hex')): string {
  const keys = cache.get(store) ?? new Map<string, string>();
  cache.set(store, keys);
  const known = keys.get(name);
  if (known) return known;
  const file = path.join(store.dir, name);
  try {
    fs.writeFileSync(file, `${initial()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  restrictToOwner(file, 0o600);
  const key = fs.readFileSync(file, 'utf8').trim();
  if (key === '') throw new Error(`${file} is empty: delete it to create a new key`);
  keys.set(name, key);
  return key;
}
