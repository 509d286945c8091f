// Secure messages (issue 32; backend/README.md "Secure messages"): the conversations and messages
// the signed-in person may read (Appwrite returns only those), and the `messages` function that
// alone writes them. The therapist's Inbox and the client's portal both go through this module.
import type { Models } from 'appwrite';
import { appwrite } from '../client/appwrite-client.ts';
import { attempt } from '../client/errors.ts';
import { downloadFile, uploadFile } from '../client/files.ts';
import { executeFunction } from '../client/functions.ts';
import { documentsChannel, subscribeLive } from '../client/realtime.ts';
import { getConfig } from '../config/config.ts';
import { Query } from 'appwrite';

export const CONVERSATIONS_COLLECTION = 'conversations';
export const MESSAGES_COLLECTION = 'messages';
export const MESSAGE_ATTACHMENTS_BUCKET = 'message_attachments';
/** The server's limit (the `messages` function and the attribute's size). */
export const MESSAGE_MAX = 10_000;
/** What the bucket takes: PDF and images, up to 20 MB. */
export const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,application/pdf,image/png,image/jpeg,image/gif,image/webp';
export const ATTACHMENT_MAX_BYTES = 20_000_000;
/** Issue 32: the notice above every composer, word for word. */
export const CRISIS_NOTICE = 'Messages are not monitored around the clock. In an emergency call 911 or 988';

export type SenderRole = 'therapist' | 'client' | 'guardian';
export type Side = 'therapist' | 'client';

export interface Message {
  id: string;
  conversationId: string;
  senderRole: SenderRole;
  body: string;
  sentAt: string;
  attachment: { fileId: string; name: string; type: string; size: number } | null;
}

export interface Conversation {
  id: string;
  practiceId: string;
  clientId: string;
  clientUserId: string;
  role: 'client' | 'guardian';
  lastMessageAt: string | null;
  therapistUnread: number;
  clientUnread: number;
  therapistReadAt: string | null;
  clientReadAt: string | null;
}

export interface MessagingStatus {
  conversationId: string;
  practiceName: string;
  on: boolean;
  reason: 'practice' | 'client' | null;
  /** The sentence the client sees while messaging is off. */
  message: string | null;
  replyWithinDays: number | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function toMessage(doc: Models.Document): Message | null {
  const d = doc as Models.Document & Record<string, unknown>;
  const role = d['senderRole'];
  const conversationId = text(d['conversationId']);
  const sentAt = text(d['sentAt']);
  if (!conversationId || !sentAt || (role !== 'therapist' && role !== 'client' && role !== 'guardian')) return null;
  const fileId = text(d['attachmentFileId']);
  return {
    id: doc.$id, conversationId, senderRole: role, body: typeof d['body'] === 'string' ? d['body'] : '', sentAt,
    attachment: fileId ? { fileId, name: text(d['attachmentName']) ?? 'Attachment', type: text(d['attachmentType']) ?? 'application/octet-stream', size: count(d['attachmentSize']) } : null,
  };
}

export function toConversation(doc: Models.Document): Conversation | null {
  const d = doc as Models.Document & Record<string, unknown>;
  const practiceId = text(d['userId']);
  const clientId = text(d['clientId']);
  const clientUserId = text(d['clientUserId']);
  if (!practiceId || !clientId || !clientUserId) return null;
  return {
    id: doc.$id, practiceId, clientId, clientUserId, role: d['role'] === 'guardian' ? 'guardian' : 'client',
    lastMessageAt: text(d['lastMessageAt']), therapistUnread: count(d['therapistUnread']), clientUnread: count(d['clientUnread']),
    therapistReadAt: text(d['therapistReadAt']), clientReadAt: text(d['clientReadAt']),
  };
}

/** Whether the other side has read one of `side`'s messages (the read receipt). */
export function readByOtherSide(message: Message, conversation: Conversation | null, side: Side): boolean {
  const readAt = side === 'therapist' ? conversation?.clientReadAt : conversation?.therapistReadAt;
  return Boolean(readAt && Date.parse(readAt) >= Date.parse(message.sentAt));
}

/** The newest 500 messages of a conversation, oldest first. */
export async function listMessages(conversationId: string): Promise<Message[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    databaseId: getConfig().databaseId, collectionId: MESSAGES_COLLECTION,
    queries: [Query.equal('conversationId', conversationId), Query.orderDesc('sentAt'), Query.limit(500)],
  }));
  return page.documents.flatMap((doc) => toMessage(doc) ?? []).reverse();
}

export async function getConversation(conversationId: string): Promise<Conversation | null> {
  try {
    return toConversation(await appwrite().databases.getDocument({ databaseId: getConfig().databaseId, collectionId: CONVERSATIONS_COLLECTION, documentId: conversationId }));
  } catch {
    // Not made yet (nobody wrote), or not theirs: either way there is nothing to show.
    return null;
  }
}

/** The therapist's conversations, the newest message first. */
export async function listConversations(): Promise<Conversation[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    databaseId: getConfig().databaseId, collectionId: CONVERSATIONS_COLLECTION, queries: [Query.orderDesc('lastMessageAt'), Query.limit(500)],
  }));
  return page.documents.flatMap((doc) => toConversation(doc) ?? []);
}

export async function messagingStatus(conversationId: string): Promise<MessagingStatus> {
  const answer = await executeFunction<{ success: boolean; error: string | null } & Partial<MessagingStatus> & { messaging?: { on: boolean; reason: MessagingStatus['reason']; message: string | null } }>(
    'messages', { action: 'status', conversationId },
  );
  return {
    conversationId, practiceName: answer.practiceName ?? '', on: answer.messaging?.on ?? false, reason: answer.messaging?.reason ?? null,
    message: answer.messaging?.message ?? null, replyWithinDays: typeof answer.replyWithinDays === 'number' ? answer.replyWithinDays : null,
  };
}

/** Uploads the attachment (if any), then sends; the function refuses with its own sentence. */
export async function sendMessage(conversationId: string, body: string, file: File | null): Promise<Message | null> {
  const fileId = file ? await uploadFile(MESSAGE_ATTACHMENTS_BUCKET, file) : null;
  const answer = await executeFunction<{ success: boolean; error: string | null; message?: Models.Document }>('messages', { action: 'send', conversationId, body, ...(fileId ? { fileId } : {}) });
  return answer.message ? toMessage(answer.message) : null;
}

export async function markConversationRead(conversationId: string): Promise<void> {
  await executeFunction('messages', { action: 'read', conversationId });
}

export function downloadAttachment(message: Message): Promise<Blob> {
  if (!message.attachment) return Promise.reject(new Error('No attachment'));
  return downloadFile(MESSAGE_ATTACHMENTS_BUCKET, message.attachment.fileId, message.attachment.type);
}

/**
 * Live: each message and conversation change the signed-in person may read (Realtime sends nobody
 * anything they could not read). Resolves once live; `resubscribed` after a dropped socket is live
 * again (read again: changes in the gap are not replayed). Answers the unsubscribe.
 */
export function subscribeToMessaging(handlers: { message?: (message: Message) => void; conversation?: (conversation: Conversation) => void; resubscribed?: () => void }): Promise<() => void> {
  return subscribeLive<Models.Document>([documentsChannel(MESSAGES_COLLECTION), documentsChannel(CONVERSATIONS_COLLECTION)], ({ events, payload }) => {
    if (events.some((e) => e.includes(`.collections.${MESSAGES_COLLECTION}.`))) {
      const message = toMessage(payload);
      if (message) handlers.message?.(message);
    } else {
      const conversation = toConversation(payload);
      if (conversation) handlers.conversation?.(conversation);
    }
  }, handlers.resubscribed);
}

/** "1.2 MB", "340 KB" for an attachment. */
export function fileSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}
