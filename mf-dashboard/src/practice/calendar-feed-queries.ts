import { useMutation, useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { createCalendarFeed } from './api/create-calendar-feed.ts';
import { getCalendarFeed } from './api/get-calendar-feed.ts';
import { revokeCalendarFeed } from './api/revoke-calendar-feed.ts';
import { useUserId } from '../shared/use-user-id.ts';

export const calendarFeedKey = (userId: string) => ['practice', userId, 'calendar-feed'] as const;

/** Whether the therapist has a calendar link, and since when (never the link itself). */
export function useCalendarFeed() {
  const userId = useUserId();
  return useQuery({
    queryKey: calendarFeedKey(userId),
    queryFn: () => getCalendarFeed(userId),
    enabled: userId !== '',
    meta: { failure: 'Loading the calendar link failed' },
  });
}

/** Makes a new link (the old one stops working); the answer carries the link, shown once. */
export function useCreateCalendarFeed() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey(userId), { createdAt: feed.createdAt }),
  });
}

export function useRevokeCalendarFeed() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => queryClient.setQueryData(calendarFeedKey(userId), null),
  });
}
