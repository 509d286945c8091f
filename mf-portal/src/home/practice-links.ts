import { appwrite, attempt, getConfig, Query } from '@cadence/shared-auth';

/**
 * A practice the signed-in login is linked to, for one person (a `portal_access` document, written
 * only by invite-client): the login's own client record, or — role `guardian` — a client they act
 * for as parent or guardian, whose name the portal shows ("For Sam Lee").
 */
export interface PracticeLink {
  id: string;
  practiceId: string;
  practiceName: string;
  practicePhone: string | null;
  /** The practice's client record the items name (the client's own link has its id). */
  clientId: string;
  role: 'client' | 'guardian';
  /** For a guardian: the client's name. */
  personName: string | null;
}

/** "For Sam Lee" on a guardian's pages; nothing on a client's own. */
export const onBehalfOf = (link: PracticeLink | undefined): string | null => (link?.role === 'guardian' ? `For ${link.personName ?? 'your child'}` : null);

/** The link through which the login acts on an item of this practice and client record. */
export const linkFor = (links: readonly PracticeLink[] | undefined, practiceId: string, clientId: string): PracticeLink | undefined =>
  links?.find((link) => link.practiceId === practiceId && link.clientId === clientId);

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
    const clientId = text(doc['clientId']) ?? doc.$id;
    if (doc['clientUserId'] !== clientUserId || !practiceId || !practiceName) return [];
    const role = doc['role'] === 'guardian' ? 'guardian' : 'client';
    return [{ id: doc.$id, practiceId, practiceName, practicePhone: text(doc['practicePhone']), clientId, role, personName: text(doc['personName']) }];
  });
}

