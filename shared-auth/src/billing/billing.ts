import { Query } from 'appwrite';
import { ACTIVE_SUBSCRIPTION_STATUSES, BILLING_LIST_LIMIT } from '../config/constants.ts';
import { collection, databases } from '../client/collections.ts';
import { attempt, isConflict, isNotFound, toAppError } from '../client/errors.ts';
import type {
  CustomerDocument,
  CustomerFields,
  InvoiceDocument,
  SubscriptionDocument,
} from './billing-types.ts';

/** spec §7: billing lists are by userId, ordered by createdAt descending (newest first). */
export function byUserNewestFirst(userId: string, limit: number = BILLING_LIST_LIMIT): string[] {
  return [Query.equal('userId', userId), Query.orderDesc('createdAt'), Query.limit(limit)];
}

export async function getInvoices(userId: string): Promise<InvoiceDocument[]> {
  const list = await attempt(() =>
    databases().listDocuments<InvoiceDocument>({ ...collection('invoices'), queries: byUserNewestFirst(userId) }),
  );
  return list.documents;
}

export async function getSubscriptions(userId: string): Promise<SubscriptionDocument[]> {
  const list = await attempt(() =>
    databases().listDocuments<SubscriptionDocument>({ ...collection('subscriptions'), queries: byUserNewestFirst(userId) }),
  );
  return list.documents;
}

/** The newest subscription whatever its status (spec §4 access decision: "the latest subscription"). */
export async function getLatestSubscription(userId: string): Promise<SubscriptionDocument | null> {
  const list = await attempt(() =>
    databases().listDocuments<SubscriptionDocument>({ ...collection('subscriptions'), queries: byUserNewestFirst(userId, 1) }),
  );
  return list.documents[0] ?? null;
}

/** The newest subscription in force (active, trialing or past_due), or null. */
export async function getActiveSubscription(userId: string): Promise<SubscriptionDocument | null> {
  const list = await attempt(() =>
    databases().listDocuments<SubscriptionDocument>({
      ...collection('subscriptions'),
      queries: [
        Query.equal('userId', userId),
        Query.equal('status', [...ACTIVE_SUBSCRIPTION_STATUSES]),
        Query.orderDesc('createdAt'),
        Query.limit(1),
      ],
    }),
  );
  return list.documents[0] ?? null;
}

/**
 * spec §7 customer lookup: the customer document (id = user id). A 404 means the webhook has not
 * written it yet ("not ready"): null.
 */
export async function getCustomer(userId: string): Promise<CustomerDocument | null> {
  try {
    return await databases().getDocument<CustomerDocument>({ ...collection('customers'), documentId: userId });
  } catch (e) {
    if (isNotFound(e)) return null;
    throw toAppError(e);
  }
}

/** The user's customer documents by userId; a 404 (collection not there yet) is an empty list. */
export async function getCustomers(userId: string): Promise<CustomerDocument[]> {
  try {
    const list = await databases().listDocuments<CustomerDocument>({
      ...collection('customers'),
      queries: [Query.equal('userId', userId), Query.limit(BILLING_LIST_LIMIT)],
    });
    return list.documents;
  } catch (e) {
    if (isNotFound(e)) return [];
    throw toAppError(e);
  }
}

/**
 * Creates the customer document (id = user id); when it already exists (409, e.g. the webhook won
 * the race) returns the existing one. The schema leaves customers to functions, so a signed-in
 * user's client gets 401 here; server-privileged callers use this path.
 */
export async function createCustomer(data: CustomerFields): Promise<CustomerDocument> {
  try {
    return await databases().createDocument<CustomerDocument>({
      ...collection('customers'),
      documentId: data.userId,
      data,
    });
  } catch (e) {
    if (!isConflict(e)) throw toAppError(e);
  }
  return attempt(() => databases().getDocument<CustomerDocument>({ ...collection('customers'), documentId: data.userId }));
}
