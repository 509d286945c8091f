import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { ServiceDocument } from './service-document.ts';

/** The therapist's services in their sort order; archived ones only when asked (they stay on past records). */
export async function listServices(userId: string, { includeArchived = false } = {}): Promise<ServiceDocument[]> {
  const queries = [Query.equal('userId', userId), ...(includeArchived ? [] : [Query.equal('archived', false)]), Query.orderAsc('sortOrder'), Query.limit(100)];
  const list = await attempt(() => appwrite().databases.listDocuments<ServiceDocument>({ ...practiceCollection('services'), queries }));
  return list.documents.filter((document) => ownedBy(document, userId));
}
