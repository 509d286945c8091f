import { appwrite, attempt, executeFunction, getConfig, Query } from '@cadence/shared-auth';
import { useMutation, useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { autoPaySummaryOf, type AutoPaySummary } from '@cadence/shared-auth/autopay';
import type { Models } from 'appwrite';
import { useUserId } from '../../shared/use-user-id.ts';

// AutoPay for the therapist (issue 33; backend/README.md "AutoPay"): one client's AutoPay through the
// `autopay` function (turned on only with the client's consent named and confirmed; off at once), and
// the clients whose failed charges were left to the therapist (autopay_enrollments, read-only here).

type Answer = { success?: boolean; error?: string | null } & Record<string, unknown>;

export type AutoPayChange =
  | { action: 'enable'; consent: string; confirmed: true; paymentMethodId?: string }
  | { action: 'disable' } | { action: 'retry' } | { action: 'allowInsurance'; allow: boolean };

export interface AutoPayAttention { clientId: string; reason: string; at: string | null }

type EnrollmentDocument = Models.Document & { userId: string; clientId: string; enabled: boolean; attentionReason?: string | null; attentionAt?: string | null };

export const autopayKeys = {
  client: (userId: string, clientId: string) => ['autopay', userId, clientId] as const,
  attention: (userId: string) => ['autopay', userId, 'attention'] as const,
};

export function useClientAutoPay(clientId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: autopayKeys.client(userId, clientId),
    queryFn: async (): Promise<AutoPaySummary> => autoPaySummaryOf(await executeFunction<Answer>('autopay', { action: 'summary', clientId })),
    enabled: userId !== '',
    meta: { failure: 'Loading AutoPay failed' },
  });
}

export function useChangeAutoPay(clientId: string) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: AutoPayChange) => autoPaySummaryOf(await executeFunction<Answer>('autopay', { clientId, ...change })),
    onSuccess: (summary) => queryClient.setQueryData(autopayKeys.client(userId, clientId), summary),
    onSettled: () => queryClient.invalidateQueries({ queryKey: autopayKeys.attention(userId) }),
  });
}

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
