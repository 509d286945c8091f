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
  /**
   * Set when the user deletes the notification. The document stays as a marker so that generating
   * from the labels again (create, 409, update) cannot bring it back, on any device.
   */
  dismissed?: boolean | null;
}
export type NotificationDocument = Models.Document & NotificationFields;

/** What a caller adds: the user id comes from the call. */
export type NotificationInput = Omit<NotificationFields, 'userId'>;

/**
 * spec §7: by userId, newest first ($createdAt descending), limit 100; deleted (dismissed) ones are
 * left out. A document stored before the dismissed attribute existed has no value (null): shown.
 */
export async function loadNotifications(userId: string): Promise<NotificationDocument[]> {
  const list = await attempt(() =>
    databases().listDocuments<NotificationDocument>({
      ...collection('notifications'),
      queries: [
        Query.equal('userId', userId),
        Query.or([Query.equal('dismissed', false), Query.isNull('dismissed')]),
        Query.orderDesc('$createdAt'),
        Query.limit(NOTIFICATIONS_LIMIT),
      ],
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

/**
 * spec §4 "can be deleted": the user's Delete. The stored document is marked dismissed rather than
 * removed, so the notification stays deleted when it is generated from the labels again (the update
 * on 409 leaves `dismissed` as it is). One never stored counts as deleted.
 */
export async function dismissNotification(userId: string, notificationId: string): Promise<void> {
  try {
    await databases().updateDocument({
      ...collection('notifications'),
      documentId: notificationDocumentId(userId, notificationId),
      data: { dismissed: true },
    });
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
