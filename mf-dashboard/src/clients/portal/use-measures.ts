import { useQuery } from '@cadence/shared-auth/query';
import { useUserId } from '../../shared/use-user-id.ts';
import { listMeasureRequests, listMeasureResponses, listMeasureSchedules, listOpenAlerts } from './measures-api.ts';

/** Cache keys: sending, scheduling and acknowledging refresh what they change. */
export const measureKeys = {
  client: (userId: string, clientId: string) => ['measures', userId, clientId] as const,
  requests: (userId: string, clientId: string) => ['measures', userId, clientId, 'requests'] as const,
  responses: (userId: string, clientId: string) => ['measures', userId, clientId, 'responses'] as const,
  schedules: (userId: string, clientId: string) => ['measures', userId, clientId, 'schedules'] as const,
  alerts: (userId: string) => ['measure-alerts', userId] as const,
};

export function useMeasureRequests(clientId: string) {
  const userId = useUserId();
  return useQuery({ queryKey: measureKeys.requests(userId, clientId), queryFn: () => listMeasureRequests(userId, clientId), enabled: userId !== '' });
}

export function useMeasureResponses(clientId: string) {
  const userId = useUserId();
  return useQuery({ queryKey: measureKeys.responses(userId, clientId), queryFn: () => listMeasureResponses(userId, clientId), enabled: userId !== '' });
}

export function useMeasureSchedules(clientId: string) {
  const userId = useUserId();
  return useQuery({ queryKey: measureKeys.schedules(userId, clientId), queryFn: () => listMeasureSchedules(userId, clientId), enabled: userId !== '' });
}

/** Open item-9 alerts; refetched every minute so a new one reaches Today and the badge without a reload. */
export function useOpenAlerts() {
  const userId = useUserId();
  return useQuery({ queryKey: measureKeys.alerts(userId), queryFn: () => listOpenAlerts(userId), enabled: userId !== '', refetchInterval: 60_000 });
}
