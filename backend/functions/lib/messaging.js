// Secure messages (issue 32): one conversation per portal link — the client's own login, and each
// guardian's — with the practice. A conversation's id is its portal_access id, so there is one and
// only one per link without a lookup. Messages are written by the `messages` function alone, read by
// the therapist and the conversation's login (read permissions only: nobody may change or delete a
// message once sent; only account deletion removes them), and the burst email by `message-email`.
import { createHash } from 'node:crypto';
import { AppwriteException, Permission, Query, Role } from 'node-appwrite';
import { escapeHtml } from './portal.js';
import { uploaderOnly } from './uploaded-files.js';

/** Longer than SimplePractice's 1,000 characters: a client writing about a hard week is not cut off. */
export const MESSAGE_MAX = 10_000;
/** Attachments: the bucket allows these extensions and 20 MB; the function checks the sniffed type too. */
export const ATTACHMENT_MAX_BYTES = 20_000_000;
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export const messageAttachmentsBucketFromEnv = (/** @type {Record<string, string | undefined>} */ env) => env.MESSAGE_ATTACHMENTS_BUCKET_ID || 'message_attachments';

/** @param {string} therapist @param {string} clientUserId */
export const conversationPermissions = (therapist, clientUserId) => [Permission.read(Role.user(therapist)), Permission.read(Role.user(clientUserId))];

/**
 * Why a conversation cannot take new messages, or null when it can: the practice turned messaging
 * off for everyone, or for this client. A setting never written is on.
 * @param {Record<string, unknown> | null} settings the practice's settings
 * @param {Record<string, unknown> | null} record the client record
 * @returns {'practice' | 'client' | null}
 */
export function messagingOffReason(settings, record) {
  if (settings?.['messagingEnabled'] === false) return 'practice';
  if (record?.['messagingOff'] === true) return 'client';
  return null;
}

/**
 * The id of the one email of an unread burst: the conversation and the moment its reader last read
 * it ('never' before). Every message of the burst derives the same id, so Appwrite's unique id lets
 * exactly one event send the email however many messages arrive at once.
 * @param {string} conversationId
 * @param {string | null} readAt
 */
export const burstEmailId = (conversationId, readAt) => createHash('sha256').update(`${conversationId}\n${readAt ?? 'never'}`).digest('hex').slice(0, 32);

/**
 * The only email a message ever causes (HIPAA minimum necessary, reference/client-portal.md §4.3):
 * the practice's name and a link to sign in — no sender, no words of the message, no attachment.
 * @param {{ practiceName: string, link: string }} details
 */
export function newMessageEmail({ practiceName, link }) {
  const line = `You have a new message from ${practiceName}`;
  const after = 'Sign in to the client portal to read it. Please don’t reply to this email.';
  return {
    subject: line,
    text: [`${line}.`, '', `Sign in to read it: ${link}`, '', after].join('\n'),
    html: `<p>${escapeHtml(line)}.</p><p><a href="${escapeHtml(link)}">Sign in to read it</a></p><p>${escapeHtml(after)}</p>`,
  };
}

/**
 * Deletes a therapist's message attachments (account deletion): each message's file, page by page;
 * the message documents themselves go with the practice's other records.
 * @param {{ databases: import('node-appwrite').Databases, storage: import('node-appwrite').Storage, collections: import('./collections.js').Collections }} run
 * @param {string} userId
 * @param {number} [deadline]
 */
export async function deleteMessageAttachments({ databases, storage, collections }, userId, deadline = Infinity) {
  const bucketId = messageAttachmentsBucketFromEnv(process.env);
  let deleted = 0;
  let cursor = '';
  for (;;) {
    /** @type {import('node-appwrite').Models.DocumentList<import('node-appwrite').Models.DefaultDocument>} */
    let page;
    try {
      page = await databases.listDocuments({
        databaseId: collections.databaseId, collectionId: collections.messages, total: false,
        queries: [Query.equal('userId', userId), Query.isNotNull('attachmentFileId'), Query.limit(100), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
      });
    } catch (e) {
      if (e instanceof AppwriteException && e.type === 'collection_not_found') return { deleted, done: true };
      throw e;
    }
    for (const message of page.documents) {
      try {
        await storage.deleteFile({ bucketId, fileId: String(message['attachmentFileId']) });
        deleted += 1;
      } catch (e) {
        if (!(e instanceof AppwriteException && e.code === 404)) throw e;
      }
    }
    const last = page.documents[page.documents.length - 1];
    if (page.documents.length < 100 || !last) return { deleted, done: true };
    if (Date.now() >= deadline) return { deleted, done: false };
    cursor = last.$id;
  }
}

/** An attachment uploaded but never sent is kept this long, then swept (the `messages` schedule). */
export const UNSENT_ATTACHMENT_MS = 24 * 60 * 60_000;

/**
 * Deletes attachments uploaded more than a day before `now` and never sent: files still only their
 * uploader's that no message names. Nothing sent, and nothing uploaded in the last day (a message
 * being written), is touched.
 * @param {{ databases: import('node-appwrite').Databases, storage: import('node-appwrite').Storage, collections: import('./collections.js').Collections }} run
 * @param {{ now?: number, deadline?: number }} [options]
 */
export async function sweepUnsentAttachments({ databases, storage, collections }, { now = Date.now(), deadline = Infinity } = {}) {
  const bucketId = messageAttachmentsBucketFromEnv(process.env);
  const before = new Date(now - UNSENT_ATTACHMENT_MS).toISOString();
  let deleted = 0;
  let cursor = '';
  for (;;) {
    const page = await storage.listFiles({ bucketId, queries: [Query.lessThan('$createdAt', before), Query.orderAsc('$createdAt'), Query.limit(100), ...(cursor ? [Query.cursorAfter(cursor)] : [])] });
    for (const file of page.files) {
      if (!uploaderOnly(file.$permissions)) continue;
      const named = await databases.listDocuments({ databaseId: collections.databaseId, collectionId: collections.messages, queries: [Query.equal('attachmentFileId', file.$id), Query.limit(1)] });
      if (named.total > 0) continue;
      try {
        await storage.deleteFile({ bucketId, fileId: file.$id });
        deleted += 1;
      } catch (e) {
        if (!(e instanceof AppwriteException && e.code === 404)) throw e;
      }
    }
    const last = page.files[page.files.length - 1];
    if (page.files.length < 100 || !last) return { deleted, done: true };
    if (Date.now() >= deadline) return { deleted, done: false };
    cursor = last.$id;
  }
}
