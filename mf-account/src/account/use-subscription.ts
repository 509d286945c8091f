import { getSubscriptions, type SubscriptionDocument } from '@cadence/shared-auth';
import { useEffect, useState } from 'react';

/** The user's newest subscription (or null); a failed load is logged and counts as none (spec §8). */
export function useLatestSubscription(userId: string | undefined): SubscriptionDocument | null {
  const [subscription, setSubscription] = useState<SubscriptionDocument | null>(null);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    getSubscriptions(userId).then(
      (list) => current && setSubscription(list[0] ?? null),
      (error: unknown) => console.error('Loading subscriptions failed', error),
    );
    return () => {
      current = false;
    };
  }, [userId]);
  return subscription;
}
