import { Query, type Models } from 'appwrite';
import { NOTIFICATIONS_LIMIT, PAGE_SIZE } from './constants.ts';
import { collection, databases } from './collections.ts';
import { attempt, isConflict, isNotFound, toAppError } from './errors.ts';
import { notificationDocumentId } from './notification-id.ts';

/** spec §3 notification types (stored) plus the ones the panel also handles. */
export type NotificationType =
  | 'payment_failed' | 'payment_success' | 'trial_ending' | 'subscription_canceled' | 'welcome' | 'get_started'
  | 'feature_announcement' | 'system_maintenance' | 'payment_succeeded' | 'payment_overdue' | 'subscription_paused'
  | 'subscription_created' | 'subscription_resumed' | 'subscription_recovered';

export type NotificationPriority = 'high' | 'medium' | 'low';

/** spec §3 notifications attributes (backend/appwrite.json). */
export interface NotificationFields {
  userId: string;
  notificationId: string;
  type: NotificationType;
  priority?: NotificationPriority | null;
  title: string;
  message: string;
  actionText?: string | null;
  /** A validated URL or null (spec §3). */
  actionUrl?: string | null;
  timestamp?: string | null;
  read?: boolean | null;
  persistent?: boolean | null;
}
export type NotificationDocument = Models.Document & NotificationFields;

/** What a caller adds: the user id comes from the call. */
export type NotificationInput = Omit<NotificationFields, 'userId'>;

/** spec §7: by userId, newest first ($createdAt descending), limit 100. */
export async function loadNotifications(userId: string): Promise<NotificationDocument[]> {
  const list = await attempt(() =>
    databases().listDocuments<NotificationDocument>({
      ...collection('notifications'),
      queries: [Query.equal('userId', userId), Query.orderDesc('$createdAt'), Query.limit(NOTIFICATIONS_LIMIT)],
    }),
  );
  return list.documents;
}

/**
 * spec §7: add a notification. The document id is derived from userId + notificationId, so adding the
 * same notification again conflicts (409) and updates the stored one instead.
 */
export async function addNotification(userId: string, input: NotificationInput): Promise<NotificationDocument> {
  const target = { ...collection('notifications'), documentId: notificationDocumentId(userId, input.notificationId) };
  const data: NotificationFields = { ...input, userId };
  try {
    return await databases().createDocument<NotificationDocument>({ ...target, data });
  } catch (e) {
    if (!isConflict(e)) throw toAppError(e);
  }
  return attempt(() => databases().updateDocument<NotificationDocument>({ ...target, data }));
}

/** Partial update (mark read/unread) of one of the user's notifications. */
export async function updateNotification(
  userId: string,
  notificationId: string,
  patch: Partial<Omit<NotificationFields, 'userId' | 'notificationId'>>,
): Promise<NotificationDocument> {
  return attempt(() =>
    databases().updateDocument<NotificationDocument>({
      ...collection('notifications'),
      documentId: notificationDocumentId(userId, notificationId),
      data: patch,
    }),
  );
}

/** Deletes one notification; one already gone counts as deleted. */
export async function deleteNotification(userId: string, notificationId: string): Promise<void> {
  try {
    await databases().deleteDocument({ ...collection('notifications'), documentId: notificationDocumentId(userId, notificationId) });
  } catch (e) {
    if (!isNotFound(e)) throw toAppError(e);
  }
}

/** spec §7 "clear": deletes all of the user's notifications. Returns how many were deleted. */
export async function clearNotifications(userId: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const list = await attempt(() =>
      databases().listDocuments<NotificationDocument>({
        ...collection('notifications'),
        queries: [Query.equal('userId', userId), Query.limit(PAGE_SIZE)],
      }),
    );
    for (const document of list.documents) {
      try {
        await databases().deleteDocument({ ...collection('notifications'), documentId: document.$id });
        deleted += 1;
      } catch (e) {
        if (!isNotFound(e)) throw toAppError(e);
      }
    }
    if (list.documents.length < PAGE_SIZE) return deleted;
  }
}
