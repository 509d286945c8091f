// Files clients upload as form answers (issue 31, the `attachment` item): the `form_uploads` bucket
// (backend/appwrite.json: encrypted, 10 MB, PDF and photo extensions, created by portal logins only,
// label `client`). An upload is its uploader's alone until fill-form accepts it on submit: the file
// must still be the submitter's own and its bytes a PDF or an image (lib/uploaded-files.js); then it
// is read by exactly who reads the submitted response — the therapist and the people the form was
// sent to — and changed by no one. A file never submitted is read by nobody else.
import { AppwriteException, Query } from 'node-appwrite';
import { attachmentsOf, flattenItems } from './questionnaire.js';

/** @typedef {import('./collections.js').Collections} Collections */


/** The bucket of form uploads (backend/appwrite.json); FORM_UPLOADS_BUCKET_ID overrides it. */
export const formUploadsBucketFromEnv = (/** @type {Record<string, string | undefined>} */ env) => env.FORM_UPLOADS_BUCKET_ID || 'form_uploads';

/**
 * The files a stored form response holds (file ids), read from its QuestionnaireResponse.
 * @param {import('node-appwrite').Models.DefaultDocument} response a form_responses document
 * @returns {string[]}
 */
export function responseFileIds(response) {
  try {
    return [...attachmentsOf(JSON.parse(String(response['response'] ?? '{}'))).values()].map((a) => a.fileId);
  } catch {
    return [];
  }
}

/**
 * The uploads a form request's draft names for its attachment questions, and only those still one
 * reader's own (a client may type any id into a draft; nothing of anyone else's is touched for it).
 * @param {import('node-appwrite').Storage} storage
 * @param {import('node-appwrite').Models.DefaultDocument} request a form_requests document
 */
async function draftUploads(storage, request) {
  let draft;
  let attachments;
  try {
    draft = JSON.parse(String(request['draft'] ?? '{}'));
    attachments = flattenItems(JSON.parse(String(request['questionnaire'] ?? '{}'))).filter((i) => i.type === 'attachment');
  } catch {
    return [];
  }
  const bucketId = formUploadsBucketFromEnv(process.env);
  /** @type {string[]} */
  const own = [];
  for (const item of attachments) {
    const fileId = draft?.[item.linkId];
    if (typeof fileId !== 'string') continue;
    const file = await storage.getFile({ bucketId, fileId }).catch(() => null);
    const owners = new Set(file?.$permissions.map((p) => /\("user:([^"]+)"\)$/.exec(p)?.[1] ?? '') ?? []);
    const [owner] = owners;
    if (file && owners.size === 1 && owner && request.$permissions.includes(`read("user:${owner}")`)) own.push(fileId);
  }
  return own;
}

/**
 * Deletes a therapist's form uploads (account deletion): the files of every submitted response and
 * the unsent ones its requests' drafts name, page by page; the documents go with the practice's
 * other records afterwards.
 * @param {{ databases: import('node-appwrite').Databases, storage: import('node-appwrite').Storage, collections: Collections }} run
 * @param {string} userId the therapist
 * @param {number} [deadline]
 * @returns {Promise<{ deleted: number, done: boolean }>}
 */
export async function deleteFormUploads({ databases, storage, collections }, userId, deadline = Infinity) {
  const bucketId = formUploadsBucketFromEnv(process.env);
  let deleted = 0;
  for (const [collectionId, filesOf] of /** @type {const} */ ([
    [collections.formResponses, async (/** @type {import('node-appwrite').Models.DefaultDocument} */ d) => responseFileIds(d)],
    [collections.formRequests, (/** @type {import('node-appwrite').Models.DefaultDocument} */ d) => draftUploads(storage, d)],
  ])) {
    let cursor = '';
    for (;;) {
      /** @type {import('node-appwrite').Models.DocumentList<import('node-appwrite').Models.DefaultDocument>} */
      let page;
      try {
        page = await databases.listDocuments({
          databaseId: collections.databaseId, collectionId, total: false,
          queries: [Query.equal('userId', userId), Query.limit(100), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
        });
      } catch (e) {
        if (e instanceof AppwriteException && e.type === 'collection_not_found') break;
        throw e;
      }
      for (const doc of page.documents) {
        if (doc['userId'] !== userId) continue;
        for (const fileId of await filesOf(doc)) {
          try {
            await storage.deleteFile({ bucketId, fileId });
            deleted += 1;
          } catch (e) {
            if (!(e instanceof AppwriteException && e.code === 404)) throw e;
          }
        }
      }
      const last = page.documents[page.documents.length - 1];
      if (page.documents.length < 100 || !last) break;
      if (Date.now() >= deadline) return { deleted, done: false };
      cursor = last.$id;
    }
  }
  return { deleted, done: true };
}
