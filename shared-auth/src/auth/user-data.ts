import { Query, type Models } from 'appwrite';
import { PAGE_SIZE } from '../config/constants.ts';
import { collection, databases, type CollectionName } from '../client/collections.ts';
import { attempt, isNotFound, toAppError, type AppError } from '../client/errors.ts';

/** spec §7: the collections the local delete-all-user-data clears. */
export const USER_DATA_COLLECTIONS = ['customers', 'subscriptions', 'invoices', 'checkoutSessions'] as const satisfies readonly CollectionName[];
export type UserDataCollection = (typeof USER_DATA_COLLECTIONS)[number];

export interface DeleteUserDataResult {
  deleted: Record<UserDataCollection, number>;
  /** Documents the caller could read but not delete (e.g. 401 where only functions may delete). */
  failures: Array<{ collection: UserDataCollection; documentId: string; error: AppError }>;
}

async function userDocumentIds(name: UserDataCollection, userId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const queries = [Query.equal('userId', userId), Query.orderAsc('$id'), Query.limit(PAGE_SIZE)];
    if (cursor) queries.push(Query.cursorAfter(cursor));
    const list = await attempt(() => databases().listDocuments<Models.Document>({ ...collection(name), queries }));
    ids.push(...list.documents.map((document) => document.$id));
    const last = list.documents.at(-1);
    if (!last || list.documents.length < PAGE_SIZE) return ids;
    cursor = last.$id;
  }
}

/**
 * spec §7 local delete-all-user-data: removes the user's customer, subscriptions, invoices and
 * checkout-session documents that this client can see. Keeps going past a document it may not
 * delete and reports it in `failures`; a failed list throws an AppError.
 */
export async function deleteAllUserData(userId: string): Promise<DeleteUserDataResult> {
  const result: DeleteUserDataResult = {
    deleted: { customers: 0, subscriptions: 0, invoices: 0, checkoutSessions: 0 },
    failures: [],
  };
  for (const name of USER_DATA_COLLECTIONS) {
    for (const documentId of await userDocumentIds(name, userId)) {
      try {
        await databases().deleteDocument({ ...collection(name), documentId });
        result.deleted[name] += 1;
      } catch (e) {
        if (isNotFound(e)) continue; // already gone
        result.failures.push({ collection: name, documentId, error: toAppError(e) });
      }
    }
  }
  return result;
}
