// "Export all my data" (issue 17) runs as an asynchronous execution: its progress is a `data_exports`
// document (id = the execution's id; written by export-data with its key, readable and deletable by
// the therapist alone) and its ZIP a file of the `exports` bucket with the same id (encrypted at
// rest; read and delete for the therapist alone). The browser deletes both once the ZIP is saved;
// an export left behind goes when the therapist starts the next one or deletes the account.
import { AppwriteException, Query } from 'node-appwrite';

/** @typedef {import('./collections.js').Collections} Collections */

/** @param {Record<string, string | undefined>} env */
export const exportsBucketFromEnv = (env) => env.EXPORTS_BUCKET_ID || 'exports';

/** An export still `working` after this long is taken to have died (the function's timeout is 15 minutes). */
export const STALE_EXPORT_MS = 20 * 60_000;

/** @param {unknown} e */
const isNotFound = (e) => e instanceof AppwriteException && e.code === 404;

/**
 * Deletes the user's exports — each file, then its progress document — except `keepId` and, unless
 * `all`, exports still being made (started less than STALE_EXPORT_MS ago). Returns how many went.
 * @param {{ databases: import('node-appwrite').Databases, storage: import('node-appwrite').Storage, collections: Collections, bucketId: string }} services
 * @param {string} userId
 * @param {{ keepId?: string, all?: boolean, now?: number }} [options]
 */
export async function deleteExports({ databases, storage, collections, bucketId }, userId, { keepId, all = false, now = Date.now() } = {}) {
  let deleted = 0;
  /** @type {import('node-appwrite').Models.DocumentList<import('node-appwrite').Models.DefaultDocument>} */
  let list;
  try {
    list = await databases.listDocuments({ databaseId: collections.databaseId, collectionId: collections.dataExports, queries: [Query.equal('userId', userId), Query.limit(100)] });
  } catch (e) {
    // A deployment without exports yet.
    if (e instanceof AppwriteException && e.type === 'collection_not_found') return 0;
    throw e;
  }
  for (const doc of list.documents) {
    if (doc.$id === keepId || doc['userId'] !== userId) continue;
    if (!all && doc['status'] === 'working' && now - Date.parse(doc.$createdAt) < STALE_EXPORT_MS) continue;
    try {
      await storage.deleteFile({ bucketId, fileId: doc.$id });
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
    try {
      await databases.deleteDocument({ databaseId: collections.databaseId, collectionId: collections.dataExports, documentId: doc.$id });
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
    deleted += 1;
  }
  return deleted;
}
