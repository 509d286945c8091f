// The signed consents' PDFs (issue 31): files of the `signed_consents` bucket, each named by its
// consent_signatures document (file id = signature id = request id; sign-consent). Account deletion
// deletes each file before its record, so no PDF outlives the record that finds it.
import { AppwriteException, Query } from 'node-appwrite';

/** @typedef {import('./collections.js').Collections} Collections */

/** The bucket of signed consents (backend/appwrite.json); SIGNED_CONSENTS_BUCKET_ID overrides it. */
export const signedConsentsBucketFromEnv = (/** @type {Record<string, string | undefined>} */ env) => env.SIGNED_CONSENTS_BUCKET_ID || 'signed_consents';

const PAGE = 100;

/**
 * Deletes the therapist's signed consents — each PDF, then its signature record — until none is left
 * or `deadline` (epoch ms) passes. A file already gone, or a deployment without the collection, is
 * not an error.
 * @param {{ databases: import('node-appwrite').Databases, storage: import('node-appwrite').Storage, collections: Collections }} services
 * @param {string} userId the therapist
 * @param {number} [deadline]
 * @returns {Promise<{ deleted: number, done: boolean }>}
 */
export async function deleteSignedConsents({ databases, storage, collections }, userId, deadline = Infinity) {
  let deleted = 0;
  for (;;) {
    /** @type {import('node-appwrite').Models.DocumentList<import('node-appwrite').Models.DefaultDocument>} */
    let list;
    try {
      list = await databases.listDocuments({ databaseId: collections.databaseId, collectionId: collections.consentSignatures, queries: [Query.equal('userId', userId), Query.limit(PAGE)] });
    } catch (e) {
      if (e instanceof AppwriteException && e.type === 'collection_not_found') return { deleted, done: true };
      throw e;
    }
    for (const signature of list.documents) {
      const bucketId = typeof signature['bucketId'] === 'string' && signature['bucketId'] ? signature['bucketId'] : signedConsentsBucketFromEnv(process.env);
      for (const remove of [
        () => storage.deleteFile({ bucketId, fileId: String(signature['fileId'] ?? signature.$id) }),
        () => databases.deleteDocument({ databaseId: collections.databaseId, collectionId: collections.consentSignatures, documentId: signature.$id }),
      ]) {
        try {
          await remove();
        } catch (e) {
          if (!(e instanceof AppwriteException && e.code === 404)) throw e;
        }
      }
      deleted += 1;
    }
    if (list.documents.length < PAGE) return { deleted, done: true };
    if (Date.now() >= deadline) return { deleted, done: false };
  }
}
