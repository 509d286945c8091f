import { appwrite, attempt, getConfig, Query } from '@cadence/shared-auth';

/** A practice the client is linked to (a `portal_access` document, written only by invite-client). */
export interface PracticeLink {
  id: string;
  practiceId: string;
  practiceName: string;
  practicePhone: string | null;
}

export const PORTAL_ACCESS_COLLECTION = 'portal_access';

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * The caller's links, by practice name. Appwrite returns only documents the client may read (its
 * own); the clientUserId filter keeps a stray readable one of someone else out all the same.
 */
export async function listPracticeLinks(clientUserId: string): Promise<PracticeLink[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    databaseId: getConfig().databaseId,
    collectionId: PORTAL_ACCESS_COLLECTION,
    queries: [Query.equal('clientUserId', clientUserId), Query.orderAsc('practiceName'), Query.limit(100)],
  }));
  return page.documents.flatMap((doc) => {
    const practiceId = text(doc['userId']);
    const practiceName = text(doc['practiceName']);
    if (doc['clientUserId'] !== clientUserId || !practiceId || !practiceName) return [];
    return [{ id: doc.$id, practiceId, practiceName, practicePhone: text(doc['practicePhone']) }];
  });
}

