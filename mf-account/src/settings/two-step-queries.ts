import { listTwoStepFactors, twoStepEnabled, type AuthUser } from '@cadence/shared-auth';
import { useQuery, useQueryClient } from '@cadence/shared-auth/query';

/** One cache entry for the account's factors: Settings and Devices show the same status. */
export const TWO_STEP_QUERY_KEY = ['two-step-factors'] as const;

export function useTwoStepStatus(user: Pick<AuthUser, 'mfa'> | null) {
  const query = useQuery({ queryKey: TWO_STEP_QUERY_KEY, queryFn: listTwoStepFactors, meta: { failure: 'Loading two-step verification failed' } });
  return {
    isPending: query.isPending,
    isError: query.isError,
    on: !!user && !!query.data && twoStepEnabled(user, query.data),
    refetch: query.refetch,
  };
}

export function useInvalidateTwoStep(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: TWO_STEP_QUERY_KEY });
}
