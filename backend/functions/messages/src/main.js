// messages (issue 32, secure messages): the only writer of conversations and messages. The caller
// is Appwrite's x-appwrite-user-id: the therapist whose conversation it is, or the portal login
// (client or guardian) of its link while that link stands. A conversation's id is its portal_access
// id (lib/messaging.js), made on first use by either side.
//
// Body (JSON), answers `{success, error, field?}` with their status:
//   {action:'status', conversationId} → 200 {conversationId, role, practiceName, messaging: {on, reason, message}, replyWithinDays}
//     on: whether the caller may write; reason 'practice' | 'client' when the therapist turned messaging
//     off for everyone (nobody writes) or for this client (the client can't write; the therapist can),
//     message: the sentence the caller's side shows (messagingFor).
//   {action:'send', conversationId, body?, fileId?} → 201 {message}: body ≤ 10,000 characters, or an
//     attachment the caller uploaded to the message_attachments bucket (PDF or image, ≤ 20 MB; the
//     bucket refuses other extensions and sizes with Appwrite's own errors, this function a file
//     whose bytes are not one of those types). The file's permissions become read for the two
//     parties only. 409 {reason} while messaging is off for the caller.
//   {action:'read', conversationId} → 200 {readAt}: the caller's side has read everything up to now
//     (the other side sees it as a read receipt); recorded in the audit log when anything was unread.
// On Appwrite's daily schedule (no caller) it sweeps attachments uploaded over a day ago and never sent.
// Sending and reading are recorded in the therapist's audit log (ids only, never words).
import { AppwriteException, Databases, ID, Query, Storage } from 'node-appwrite';
import { appendAuditEntry } from '../../lib/audit-log.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { consentFunction, documentOrNull, requestEvidence } from '../../lib/consent-store.js';
import {
  ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, conversationPermissions, MESSAGE_MAX, messageAttachmentsBucketFromEnv, messagingOffReason, sweepUnsentAttachments,
} from '../../lib/messaging.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';
import { ownedBy } from '../../lib/owned-by.js';
import { ownUpload } from '../../lib/uploaded-files.js';
import { messageOf, serverClient } from '../../lib/execution.js';
import { ID_RE } from '../../lib/ids.js';

export const MESSAGES_TEXT = {
  signIn: 'Sign in to read and send messages.',
  notFound: 'This conversation could not be found.',
  action: 'Say what to do: status, send or read.',
  empty: 'Write a message or attach a file.',
  tooLong: `Messages can be up to ${MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  practiceOff: 'The practice has turned off messaging in the portal. Please call the practice instead.',
  clientOff: 'Messaging is turned off for you: you can read what the practice sends, but not reply. Please call the practice instead.',
  practiceOffTherapist: 'Messaging is turned off for your practice: neither you nor your clients can send messages. Turn it on to write.',
  clientOffTherapist: 'Messaging is turned off for this client: they can read what you send, but can’t reply. Turn it on to let them write.',
  noAccess: 'This person no longer has portal access, so they cannot read new messages.',
  attachment: 'Attach a PDF or an image (PNG, JPEG, GIF or WebP) up to 20 MB.',
  failed: 'The message could not be sent. Please try again.',
};

const idOf = (/** @type {unknown} */ value) => (typeof value === 'string' && ID_RE.test(value) ? value : '');

/**
 * @typedef {import('../../lib/consent-store.js').Run} Run
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {{ conversation: Doc, link: Doc | null, side: 'therapist' | 'client' }} Opened
 */

/**
 * The conversation the caller may use, made on first use from its portal link; 404 for anyone else
 * (a second client, another therapist), the same answer as for an id that does not exist.
 * @param {Run} run
 * @param {unknown} conversationId
 * @returns {Promise<Opened>}
 */
async function openConversation(run, conversationId) {
  const { databases, c, userId } = run;
  const id = idOf(conversationId);
  const notFound = new Refusal(404, MESSAGES_TEXT.notFound, 'conversationId');
  if (!id) throw notFound;
  const [existing, link] = await Promise.all([
    documentOrNull(databases, c.databaseId, c.conversations, id),
    documentOrNull(databases, c.databaseId, c.portalAccess, id),
  ]);
  const therapist = String(existing?.['userId'] ?? link?.['userId'] ?? '');
  /** @type {'therapist' | 'client'} */
  let side;
  if (therapist && userId === therapist && (!link || link['userId'] === therapist)) side = 'therapist';
  else if (link && link['clientUserId'] === userId && (!existing || existing['clientUserId'] === userId)) side = 'client';
  else throw notFound;
  if (existing) return { conversation: existing, link, side };
  if (!link) throw notFound;
  try {
    const conversation = await databases.createDocument({
      databaseId: c.databaseId, collectionId: c.conversations, documentId: link.$id,
      data: {
        userId: link['userId'], clientId: link['clientId'], clientUserId: link['clientUserId'], role: link['role'] === 'guardian' ? 'guardian' : 'client',
        therapistUnread: 0, clientUnread: 0,
      },
      permissions: conversationPermissions(String(link['userId']), String(link['clientUserId'])),
    });
    return { conversation, link, side };
  } catch (e) {
    // Both sides opening it at once: the other made it.
    if (!(e instanceof AppwriteException && e.code === 409)) throw e;
    return { conversation: /** @type {Doc} */ (await databases.getDocument({ databaseId: c.databaseId, collectionId: c.conversations, documentId: link.$id })), link, side };
  }
}

/**
 * The practice's settings and the client record as the therapist wrote them (a document planted
 * in their name by someone else does not count).
 * @param {Run} run
 * @param {Doc} conversation
 */
async function practiceOf({ databases, c }, conversation) {
  const therapist = String(conversation['userId']);
  const [settingsList, record] = await Promise.all([
    databases.listDocuments({ databaseId: c.databaseId, collectionId: c.practiceSettings, queries: [Query.equal('userId', therapist), Query.limit(25)] }),
    documentOrNull(databases, c.databaseId, c.clients, String(conversation['clientId'])),
  ]);
  const settings = /** @type {Doc[]} */ (settingsList.documents).find((d) => ownedBy(d, therapist)) ?? null;
  return { settings, record: record && ownedBy(record, therapist) ? record : null };
}

/**
 * How many messages the reader has not read: the other side's, sent after the reader last read.
 * @param {Run} run
 * @param {string} conversationId
 * @param {'therapist' | 'client'} reader
 * @param {unknown} readAt
 */
async function unreadCount({ databases, c }, conversationId, reader, readAt) {
  const list = await databases.listDocuments({
    databaseId: c.databaseId, collectionId: c.messages,
    queries: [
      Query.equal('conversationId', conversationId),
      reader === 'therapist' ? Query.notEqual('senderRole', 'therapist') : Query.equal('senderRole', 'therapist'),
      ...(typeof readAt === 'string' && readAt ? [Query.greaterThan('sentAt', readAt)] : []),
      Query.limit(1),
    ],
  });
  return list.total;
}

/** Enough for any number of writers at once: each round only rewrites what another writer left stale. */
const SETTLE_ROUNDS = 8;

/**
 * Brings both unread counts in line with the messages (recounted, never incremented): each writer
 * writes what it changed, then reads the conversation again and recounts until what is stored is
 * what the messages say. Of writers at once, the last one to write recounts after every message
 * and read time before it, so a count is never left stale (last write wins only with a true count).
 * @param {Run} run
 * @param {string} conversationId
 * @param {Record<string, unknown>} data what the caller changes (read times, the last message)
 */
async function writeAndSettle(run, conversationId, data) {
  const { databases, c } = run;
  const at = { databaseId: c.databaseId, collectionId: c.conversations, documentId: conversationId };
  let conversation = await databases.updateDocument({ ...at, data });
  for (let round = 0; round < SETTLE_ROUNDS; round += 1) {
    const [therapistUnread, clientUnread] = await Promise.all([
      unreadCount(run, conversationId, 'therapist', conversation['therapistReadAt']),
      unreadCount(run, conversationId, 'client', conversation['clientReadAt']),
    ]);
    if (conversation['therapistUnread'] === therapistUnread && conversation['clientUnread'] === clientUnread) return conversation;
    await databases.updateDocument({ ...at, data: { therapistUnread, clientUnread } });
    conversation = await databases.getDocument(at);
  }
  run.log(`unread counts of ${conversationId} still moving after ${SETTLE_ROUNDS} rounds`);
  return conversation;
}

/**
 * Records a send or a read in the therapist's audit log. The action is done by then: an entry that
 * cannot be written is logged, never a reason to answer that it failed.
 * @param {Run} run
 * @param {Doc} conversation
 * @param {{ action: 'message.send' | 'message.read', entityType: string, entityId: string }} what
 */
async function audit(run, conversation, what) {
  const { ipAddress, userAgent } = requestEvidence(run.req);
  try {
    await appendAuditEntry(run.databases, run.c, { actorId: run.userId, ...what, ip: ipAddress ?? '', userAgent: userAgent ?? '' }, String(conversation['userId']));
  } catch (e) {
    run.log(`${what.action} ${what.entityId} not audited: ${messageOf(e)}`);
  }
}

/**
 * The attachment the caller uploaded for this message: their own unsent upload (lib/uploaded-files.js)
 * that no message names yet, of an allowed type by its bytes.
 * @param {Run} run
 * @param {unknown} fileId
 */
async function attachmentOf(run, fileId) {
  const { storage, databases, c, userId } = run;
  const bucketId = messageAttachmentsBucketFromEnv(process.env);
  const file = await ownUpload(storage, { bucketId, fileId, userId, maxBytes: ATTACHMENT_MAX_BYTES, types: ATTACHMENT_TYPES });
  const sent = file ? await databases.listDocuments({ databaseId: c.databaseId, collectionId: c.messages, queries: [Query.equal('attachmentFileId', file.$id), Query.limit(1)] }) : null;
  if (!file || !sent || sent.total > 0) throw new Refusal(400, MESSAGES_TEXT.attachment, 'fileId');
  return { bucketId, file };
}

/**
 * What messaging off means to each side (as SimplePractice and Jane do it): off for the practice,
 * nobody writes; off for one client, that client (and their guardians) can no longer write but
 * still reads what the therapist sends — the therapist can still reach them. Each side is told
 * which, in its own words.
 * @param {'therapist' | 'client'} side
 * @param {'practice' | 'client' | null} reason
 * @returns {{ on: boolean, reason: 'practice' | 'client' | null, message: string | null }}
 */
export function messagingFor(side, reason) {
  if (reason === 'practice') return { on: false, reason, message: side === 'therapist' ? MESSAGES_TEXT.practiceOffTherapist : MESSAGES_TEXT.practiceOff };
  if (reason === 'client') return side === 'therapist' ? { on: true, reason, message: MESSAGES_TEXT.clientOffTherapist } : { on: false, reason, message: MESSAGES_TEXT.clientOff };
  return { on: true, reason: null, message: null };
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function send(run, body) {
  const { databases, c, userId } = run;
  const opened = await openConversation(run, body['conversationId']);
  const { conversation, link, side } = opened;
  const text = typeof body['body'] === 'string' ? body['body'] : '';
  if (text.length > MESSAGE_MAX) throw new Refusal(400, MESSAGES_TEXT.tooLong, 'body');
  const hasFile = body['fileId'] !== undefined && body['fileId'] !== null && body['fileId'] !== '';
  if (!text.trim() && !hasFile) throw new Refusal(400, MESSAGES_TEXT.empty, 'body');
  const { settings, record } = await practiceOf(run, conversation);
  const off = messagingFor(side, messagingOffReason(settings, record));
  if (!off.on) return { status: 409, body: { success: false, error: off.message, reason: off.reason } };
  if (!link || link['clientUserId'] !== conversation['clientUserId']) throw new Refusal(409, MESSAGES_TEXT.noAccess);

  const therapist = String(conversation['userId']);
  const permissions = conversationPermissions(therapist, String(conversation['clientUserId']));
  const attachment = hasFile ? await attachmentOf(run, body['fileId']) : null;
  if (attachment) await run.storage.updateFile({ bucketId: attachment.bucketId, fileId: attachment.file.$id, permissions });

  const sentAt = appwriteDate(new Date());
  const senderRole = side === 'therapist' ? 'therapist' : String(conversation['role']) === 'guardian' ? 'guardian' : 'client';
  const message = await databases.createDocument({
    databaseId: c.databaseId, collectionId: c.messages, documentId: ID.unique(),
    data: {
      userId: therapist, conversationId: conversation.$id, clientId: conversation['clientId'], clientUserId: conversation['clientUserId'],
      senderId: userId, senderRole, body: text, sentAt,
      attachmentFileId: attachment?.file.$id ?? null, attachmentName: attachment ? attachment.file.name.slice(0, 255) : null,
      attachmentType: attachment?.file.mimeType ?? null, attachmentSize: attachment?.file.sizeOriginal ?? null,
    },
    // Read by the two parties; no update or delete for anyone: a sent message stays as sent.
    permissions,
  });
  // Writing means having read the conversation so far; the other side has one more unread.
  await writeAndSettle(run, conversation.$id, { lastMessageAt: sentAt, lastSenderRole: senderRole, [`${side}ReadAt`]: sentAt });
  await audit(run, conversation, { action: 'message.send', entityType: 'message', entityId: message.$id });
  run.log(`message ${message.$id} in ${conversation.$id}`);
  return { status: 201, body: { success: true, error: null, message } };
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function read(run, body) {
  const { conversation, side } = await openConversation(run, body['conversationId']);
  const unread = await unreadCount(run, conversation.$id, side, conversation[`${side}ReadAt`]);
  const readAt = appwriteDate(new Date());
  await writeAndSettle(run, conversation.$id, { [`${side}ReadAt`]: readAt });
  if (unread > 0) await audit(run, conversation, { action: 'message.read', entityType: 'conversation', entityId: conversation.$id });
  return { status: 200, body: { success: true, error: null, readAt, read: unread } };
}

const handler = consentFunction({
  name: 'messages', signedOut: MESSAGES_TEXT.signIn, failed: MESSAGES_TEXT.failed,
  handle: async (run, body) => {
    const action = body['action'];
    if (action === 'send') return send(run, body);
    if (action === 'read') return read(run, body);
    if (action !== 'status') throw new Refusal(400, MESSAGES_TEXT.action, 'action');
    const { conversation, link, side } = await openConversation(run, body['conversationId']);
    const { settings, record } = await practiceOf(run, conversation);
    const messaging = messagingFor(side, messagingOffReason(settings, record));
    const days = settings?.['replyWithinDays'];
    return {
      status: 200,
      body: {
        success: true, error: null, conversationId: conversation.$id, role: conversation['role'],
        practiceName: String(link?.['practiceName'] ?? settings?.['practiceName'] ?? ''),
        messaging,
        replyWithinDays: typeof days === 'number' ? days : null,
      },
    };
  },
});

/**
 * Appwrite's daily schedule (appwrite.json, no caller): sweeps the attachments uploaded more than a
 * day ago and never sent. Anything else is a person using messages.
 * @param {import('../../lib/execution.js').Context} context
 */
export default async function messages(context) {
  const { req, res, log, error } = context;
  if (req.headers['x-appwrite-trigger'] !== 'schedule' || req.headers['x-appwrite-user-id']) return handler(context);
  try {
    const client = serverClient(req);
    const swept = await sweepUnsentAttachments({ databases: new Databases(client), storage: new Storage(client), collections: collectionsFromEnv(process.env) }, { deadline: Date.now() + 20_000 });
    log(`swept ${swept.deleted} unsent attachments${swept.done ? '' : ' (more next time)'}`);
    return res.json({ success: true, error: null, ...swept });
  } catch (e) {
    error(`sweeping unsent attachments failed: ${messageOf(e)}`);
    return res.json({ success: false, error: MESSAGES_TEXT.failed }, 500);
  }
}
