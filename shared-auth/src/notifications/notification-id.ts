import { NOTIFICATION_ID_MAX } from '../config/constants.ts';

// 128-bit FNV-1a (http://www.isthe.com/chongo/tech/comp/fnv/): synchronous, a few lines, the same
// in every browser and in Node (BigInt + TextEncoder, no Node crypto, no async SubtleCrypto).
// Not a cryptographic hash: the id only has to be deterministic and spread out, so that adding the
// same notification twice hits the same document (create, then update on 409).
const FNV_OFFSET_128 = 0x6c62272e07bb014262b821756295c58dn;
const FNV_PRIME_128 = 0x0000000001000000000000000000013bn;
const MASK_128 = (1n << 128n) - 1n;

/** 128-bit FNV-1a of the UTF-8 bytes of `input`, as 32 lowercase hex characters. */
export function fnv1a128Hex(input: string): string {
  let hash = FNV_OFFSET_128;
  for (const byte of new TextEncoder().encode(input)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME_128) & MASK_128;
  }
  return hash.toString(16).padStart(32, '0');
}

/**
 * spec §3: the notification document id is a hash of userId and notificationId capped at 36
 * characters. 32 lowercase hex characters: valid Appwrite custom-id characters (hex never starts
 * with a special character). ':' cannot occur in an Appwrite user id, so `userId:notificationId`
 * is unambiguous.
 */
export function notificationDocumentId(userId: string, notificationId: string): string {
  return fnv1a128Hex(`${userId}:${notificationId}`).slice(0, NOTIFICATION_ID_MAX);
}
