import { executeFunction } from '@cadence/shared-auth';
import { useMutation, useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { autoPaySummaryOf, type AutoPaySummary } from '@cadence/shared-auth/autopay';
import { useUserId } from '../../shared/use-user-id.ts';
import { autopayKeys } from './autopay-attention.ts';

// AutoPay for the therapist (issue 33; backend/README.md "AutoPay"): one client's AutoPay through the
// `autopay` function (turned on only with the client's consent named and confirmed; off at once), and
// the clients whose failed charges were left to the therapist (autopay-attention.ts).

type Answer = { success?: boolean; error?: string | null } & Record<string, unknown>;

export type AutoPayChange =
  | { action: 'enable'; consent: string; confirmed: true; paymentMethodId?: string }
  | { action: 'disable' } | { action: 'retry' } | { action: 'allowInsurance'; allow: boolean };

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
