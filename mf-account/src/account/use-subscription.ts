import { getSubscriptions, type SubscriptionDocument } from '@cadence/shared-auth';
import { useQuery } from '@cadence/shared-auth/query';

/** The user's newest subscription (or null); a failed load is logged and counts as none (spec §8). */
export function useLatestSubscription(userId: string | undefined): SubscriptionDocument | null {
  const { data } = useQuery({
    queryKey: ['subscriptions', userId],
    queryFn: () => getSubscriptions(userId ?? ''),
    enabled: Boolean(userId),
    meta: { failure: 'Loading subscriptions failed' },
  });
  return data?.[0] ?? null;
}
