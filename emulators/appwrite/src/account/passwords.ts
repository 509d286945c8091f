import { hash, verify, type Algorithm } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

// Appwrite's request-level `proofForPassword` parameters (PROTOCOL §6), reported as `hashOptions`.
export const HASH_OPTIONS = { type: 'argon2', memoryCost: 7168, timeCost: 5, threads: 1 } as const;

export const PASSWORD_DESCRIPTION = 'Password must be between 8 and 256 characters long.';

export function hashPassword(password: string): Promise<string> {
  return hash(password, {
    algorithm: ARGON2ID,
    memoryCost: HASH_OPTIONS.memoryCost,
    timeCost: HASH_OPTIONS.timeCost,
    parallelism: HASH_OPTIONS.threads,
  });
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
