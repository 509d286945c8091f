import { AppwriteException, Query, type Models } from 'appwrite';
import { NOTIFICATIONS_LIMIT, PAGE_SIZE } from '../config/constants.ts';
import { collection, databases } from '../client/collections.ts';
import { attempt, isConflict, isNotFound, isUnauthorized, toAppError } from '../client/errors.ts';
import { notificationDocumentId } from './notification-id.ts';
import { uniqueId } from '../client/unique-id.ts';

/**
 * spec §3 notification types (stored) plus the ones the panel also handles; `portal_consent`: a
 * client withdrew their e-records consent (esign-consent writes it, issue 31); `measure_alert`: a
 * client's PHQ-9 answered item 9 above 0 (submit-measure writes it, issue 31); `booking`: a client
 * booked or asked for an appointment online (book-slot writes it, issue 32); `autopay`: the evening summary of
 * tonight's AutoPay charges, counts and a total (autopay-nightly, issue 33); `card_dispute`: a client's
 * bank disputed a card payment (stripe-connect-webhook writes it, issue 33).
 */
export type NotificationType =
  | 'payment_failed' | 'payment_success' | 'trial_ending' | 'subscription_canceled' | 'welcome' | 'get_started'
  | 'feature_announcement' | 'system_maintenance' | 'payment_succeeded' | 'payment_overdue' | 'subscription_paused'
  | 'subscription_created' | 'subscription_resumed' | 'subscription_recovered' | 'portal_consent'
  | 'measure_alert' | 'booking' | 'autopay' | 'card_dispute';

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
 * Notifications are created by the browser (spec §7), so any signed-in user can create one that
 * names another user and grants read("any") (issue 11). Only a document whose every permission is
 * the owner's own role was written by the owner's app: anything else is ignored, never shown or
 * acted on. Appwrite lets a user grant only roles they hold, so nobody else can forge these.
 */
export function isOwnNotification(document: Pick<Models.Document, '$permissions'> & { userId?: unknown }, userId: string): boolean {
  const own = `user:${userId}`;
  return document.userId === userId && document.$permissions.length > 0
    && document.$permissions.every((permission) => /^[a-z]+\("([^"]*)"\)$/.exec(permission)?.[1] === own);
}

/** Pages read at most while looking for the user's own notifications among planted ones. */
const SCAN_PAGES_MAX = 10;

/**
 * spec §7: by userId, newest first ($createdAt descending), limit 100; deleted (dismissed) ones are
 * left out. A document stored before the dismissed attribute existed has no value (null): shown.
 * Documents not the user's own (see isOwnNotification) are skipped; further pages are read only
 * when skipped ones leave the first short.
 */
export async function loadNotifications(userId: string): Promise<NotificationDocument[]> {
  const own: NotificationDocument[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < SCAN_PAGES_MAX && own.length < NOTIFICATIONS_LIMIT; page += 1) {
    const queries = [
      Query.equal('userId', userId),
      Query.or([Query.equal('dismissed', false), Query.isNull('dismissed')]),
      Query.orderDesc('$createdAt'),
      Query.limit(NOTIFICATIONS_LIMIT),
    ];
    if (cursor) queries.push(Query.cursorAfter(cursor));
    const list = await attempt(() => databases().listDocuments<NotificationDocument>({ ...collection('notifications'), queries }));
    own.push(...list.documents.filter((document) => isOwnNotification(document, userId)));
    cursor = list.documents.at(-1)?.$id;
    if (!cursor || list.documents.length < NOTIFICATIONS_LIMIT) break;
  }
  return own.slice(0, NOTIFICATIONS_LIMIT);
}

/** The user's own stored copy of a notification, looked up when its derived id is taken by another. */
async function findOwnNotification(userId: string, notificationId: string): Promise<NotificationDocument | null> {
  const list = await attempt(() =>
    databases().listDocuments<NotificationDocument>({
      ...collection('notifications'),
      queries: [Query.equal('userId', userId), Query.equal('notificationId', notificationId), Query.limit(PAGE_SIZE)],
    }),
  );
  return list.documents.find((document) => isOwnNotification(document, userId)) ?? null;
}

/**
 * Writes `data` into the user's own copy of a notification: the document under the derived id when
 * it is the user's, else the own copy found by query (the derived id pre-created by someone else
 * must not block the owner, issue 11). Null when the user has no copy.
 */
async function updateOwnNotification(
  userId: string,
  notificationId: string,
  data: Partial<NotificationFields>,
): Promise<NotificationDocument | null> {
  const notifications = collection('notifications');
  try {
    const updated = await databases().updateDocument<NotificationDocument>({
      ...notifications, documentId: notificationDocumentId(userId, notificationId), data,
    });
    if (isOwnNotification(updated, userId)) return updated;
  } catch (e) {
    if (!isNotFound(e) && !isUnauthorized(e)) throw toAppError(e);
  }
  const own = await findOwnNotification(userId, notificationId);
  if (!own) return null;
  return attempt(() => databases().updateDocument<NotificationDocument>({ ...notifications, documentId: own.$id, data }));
}

/**
 * spec §7: add a notification. The document id is derived from userId + notificationId, so adding the
 * same notification again conflicts (409) and updates the stored one instead. When the derived id is
 * held by a document the user cannot write or does not own, the user's copy gets a fresh id.
 */
export async function addNotification(userId: string, input: NotificationInput): Promise<NotificationDocument> {
  const notifications = collection('notifications');
  const data: NotificationFields = { ...input, userId };
  try {
    return await databases().createDocument<NotificationDocument>({
      ...notifications, documentId: notificationDocumentId(userId, input.notificationId), data,
    });
  } catch (e) {
    if (!isConflict(e)) throw toAppError(e);
  }
  return (await updateOwnNotification(userId, input.notificationId, data))
    ?? attempt(() => databases().createDocument<NotificationDocument>({ ...notifications, documentId: uniqueId(), data }));
}

/** Partial update (mark read/unread) of one of the user's notifications. */
export async function updateNotification(
  userId: string,
  notificationId: string,
  patch: Partial<Omit<NotificationFields, 'userId' | 'notificationId'>>,
): Promise<NotificationDocument> {
  const updated = await updateOwnNotification(userId, notificationId, patch);
  if (!updated) throw new AppwriteException('Document with the requested ID could not be found.', 404, 'document_not_found', '');
  return updated;
}

/**
 * spec §4 "can be deleted": the user's Delete. The stored document is marked dismissed rather than
 * removed, so the notification stays deleted when it is generated from the labels again (the update
 * on 409 leaves `dismissed` as it is). One never stored counts as deleted.
 */
export async function dismissNotification(userId: string, notificationId: string): Promise<void> {
  await updateOwnNotification(userId, notificationId, { dismissed: true });
}

/** spec §7 "clear": deletes all of the user's own notifications. Returns how many were deleted. */
export async function clearNotifications(userId: string): Promise<number> {
  const own: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const queries = [Query.equal('userId', userId), Query.orderAsc('$id'), Query.limit(PAGE_SIZE)];
    if (cursor) queries.push(Query.cursorAfter(cursor));
    const list = await attempt(() => databases().listDocuments<NotificationDocument>({ ...collection('notifications'), queries }));
    own.push(...list.documents.filter((document) => isOwnNotification(document, userId)).map((document) => document.$id));
    cursor = list.documents.at(-1)?.$id;
    if (!cursor || list.documents.length < PAGE_SIZE) break;
  }
  let deleted = 0;
  for (const documentId of own) {
    try {
      await databases().deleteDocument({ ...collection('notifications'), documentId });
      deleted += 1;
    } catch (e) {
      if (!isNotFound(e)) throw toAppError(e);
    }
  }
  return deleted;
}
