import { appwrite, attempt, base64Blob, executeFunction, getConfig, Query } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';
import { GFE_COLLECTION, versionOf, type GfeFrequency, type GfeVersion } from './gfe-due.ts';

// A client's Good Faith Estimates (issue 32; backend/README.md "Good Faith Estimates"): each version
// is a good_faith_estimates document the therapist reads and only good-faith-estimates writes.

export interface GfeDraftInput {
  clientId: string;
  serviceId: string;
  frequency: GfeFrequency;
  months: number;
  startOn: string;
  basis: 'scheduled' | 'requested';
  basisOn: string;
  fee?: number;
}

/** Every version of the client's estimate, newest first. */
export async function listGfeVersions(userId: string, clientId: string): Promise<GfeVersion[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    databaseId: getConfig().databaseId, collectionId: GFE_COLLECTION,
    queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.orderDesc('version'), Query.limit(100)],
  }));
  return page.documents.map((d) => versionOf(d as unknown as Record<string, unknown> & { $id: string }));
}

/** Each client's newest delivered estimate (All Transactions' $400 check). */
export async function listDeliveredGfes(userId: string): Promise<GfeVersion[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    databaseId: getConfig().databaseId, collectionId: GFE_COLLECTION,
    queries: [Query.equal('userId', userId), Query.equal('status', 'delivered'), Query.orderDesc('version'), Query.limit(500)],
  }));
  const newest = new Map<string, GfeVersion>();
  for (const d of page.documents) {
    const v = versionOf(d as unknown as Record<string, unknown> & { $id: string });
    if (!newest.has(v.clientId)) newest.set(v.clientId, v);
  }
  return [...newest.values()];
}

export async function draftGfe(input: GfeDraftInput): Promise<{ estimate: Record<string, unknown> & { $id: string }; missing: string[] }> {
  return executeFunction<{ success?: boolean; estimate: Record<string, unknown> & { $id: string }; missing: string[] }>('goodFaithEstimates', { action: 'draft', ...input });
}

export async function deliverGfe(estimateId: string): Promise<void> {
  await executeFunction('goodFaithEstimates', { action: 'deliver', estimateId });
}

export async function gfePdf(estimateId: string): Promise<{ blob: Blob; fileName: string }> {
  const answer = await executeFunction<{ success?: boolean; filename: string; contentType: string; base64: string }>('goodFaithEstimates', { action: 'pdf', estimateId });
  return { blob: base64Blob(answer.base64, answer.contentType), fileName: answer.filename };
}

/** The client's answer to "Will you use insurance for these sessions?": No makes them self-pay. */
export async function saveSelfPay(clientId: string, selfPay: boolean): Promise<void> {
  await attempt(() => appwrite().databases.updateDocument({ ...practiceCollection('clients'), documentId: clientId, data: { selfPay } }));
}
