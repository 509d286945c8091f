// A file a signed-in person uploaded to be attached to something a function then writes (a secure
// message, issue 32; a form's file upload, issue 31). The browser uploads straight into the bucket
// (Appwrite gives the uploader alone its permissions); the function trusts the file only when it
// is still the caller's alone — so nobody can attach someone else's file, nor one already sent —,
// within the size, and of an allowed type by its bytes: Storage reads `mimeType` from the file's
// first bytes (finfo), never from its name or the type the browser claimed, so a text file renamed
// .pdf is `text/plain` here and refused.
import { AppwriteException } from 'node-appwrite';
import { ID_RE } from './ids.js';


/**
 * The caller's own unsent upload, or null when it is not one (no such file, another person's, one
 * already shared, too large or of another kind).
 * @param {import('node-appwrite').Storage} storage the function's (server key)
 * @param {{ bucketId: string, fileId: unknown, userId: string, maxBytes: number, types: readonly string[] }} check
 * @returns {Promise<import('node-appwrite').Models.File | null>}
 */
export async function ownUpload(storage, { bucketId, fileId, userId, maxBytes, types }) {
  if (typeof fileId !== 'string' || !ID_RE.test(fileId)) return null;
  let file;
  try {
    file = await storage.getFile({ bucketId, fileId });
  } catch (e) {
    if (e instanceof AppwriteException && e.code === 404) return null;
    throw e;
  }
  const own = file.$permissions.length > 0 && file.$permissions.every((p) => p.endsWith(`("user:${userId}")`));
  return own && file.sizeOriginal <= maxBytes && types.includes(file.mimeType) ? file : null;
}

/**
 * Whether a file is still only its uploader's (never shared): every permission names one and the
 * same user (Appwrite gives the uploader read, update and delete). Sharing it (a message sent, a
 * form submitted) hands it to others, so a shared file never matches.
 * @param {string[]} permissions
 */
export function uploaderOnly(permissions) {
  const users = new Set(permissions.map((p) => /^[a-z]+\("user:([A-Za-z0-9][A-Za-z0-9._-]{0,35})"\)$/.exec(p)?.[1] ?? null));
  return permissions.length > 0 && users.size === 1 && !users.has(null);
}
