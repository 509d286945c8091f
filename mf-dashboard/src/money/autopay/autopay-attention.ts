import { appwrite, attempt, getConfig, Query } from '@cadence/shared-auth';
import { useQuery } from '@cadence/shared-auth/query';
import type { Models } from 'appwrite';
import { useUserId } from '../../shared/use-user-id.ts';

// AutoPay's query keys and the clients whose failed charges were left to the therapist
// (autopay_enrollments, read-only here): what Today reads, apart from one client's AutoPay (autopay-api.ts).

export const autopayKeys = {
  client: (userId: string, clientId: string) => ['autopay', userId, clientId] as const,
  attention: (userId: string) => ['autopay', userId, 'attention'] as const,
};

export interface AutoPayAttention { clientId: string; reason: string; at: string | null }

type EnrollmentDocument = Models.Document & { userId: string; clientId: string; enabled: boolean; attentionReason?: string | null; attentionAt?: string | null };

/** Clients whose AutoPay charge failed twice: the reason, for Today and the Billing tab. */
export function useAutoPayAttention() {
  const userId = useUserId();
  return useQuery({
    queryKey: autopayKeys.attention(userId),
    queryFn: async (): Promise<AutoPayAttention[]> => {
      const page = await attempt(() => appwrite().databases.listDocuments<EnrollmentDocument>({
        databaseId: getConfig().databaseId, collectionId: 'autopay_enrollments',
        queries: [Query.equal('userId', userId), Query.equal('enabled', true), Query.isNotNull('attentionReason'), Query.limit(100)],
      }));
      return page.documents.filter((d) => d.userId === userId && d.attentionReason)
        .map((d) => ({ clientId: d.clientId, reason: String(d.attentionReason), at: d.attentionAt ?? null }));
    },
    enabled: userId !== '',
    meta: { failure: 'Loading AutoPay failed' },
  });
}
