import { useQuery } from '@cadence/shared-auth/query';
import { appointmentKeys } from '../schedule/schedule-queries.ts';
import { appointmentCountKeys } from '../schedule/use-set-status.ts';
import { useUserId } from '../shared/use-user-id.ts';
import { countSessionsByStatus } from './api/count-sessions.ts';
import { listSessionsPage } from './api/list-sessions.ts';

// All Sessions' server state. A page is a list of appointments under the appointments key, so a
// status set in one click shows at once there too (useUpdateAppointment patches every cached list);
// the counts are numbers, kept apart and refreshed after each status write (useSetStatus).

export const sessionKeys = {
  page: (userId: string, filter: readonly string[], order: string, page: number) => [...appointmentKeys.all(userId), 'sessions', ...filter, order, page] as const,
  counts: (userId: string, filter: readonly string[]) => [...appointmentCountKeys.all(userId), ...filter] as const,
};

/** One page of the filter's appointments; the previous page stays on screen while the next loads. */
export function useSessionsPage(filter: readonly string[], order: 'asc' | 'desc', page: number) {
  const userId = useUserId();
  return useQuery({
    queryKey: sessionKeys.page(userId, filter, order, page),
    queryFn: () => listSessionsPage(userId, [...filter], order, page),
    enabled: userId !== '' && filter.length > 0,
    placeholderData: (previous) => previous,
    meta: { failure: 'Loading sessions failed' },
  });
}

/** The filter's appointments by status (the filter without its status). */
export function useSessionCounts(filter: readonly string[]) {
  const userId = useUserId();
  return useQuery({
    queryKey: sessionKeys.counts(userId, filter),
    queryFn: () => countSessionsByStatus([...filter]),
    enabled: userId !== '' && filter.length > 0,
    placeholderData: (previous) => previous,
    meta: { failure: 'Counting sessions failed' },
  });
}
