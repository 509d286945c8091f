import { useQuery } from '@cadence/shared-auth/query';
import { useClientUserId } from '../consents/use-consents.ts';
import { getMeasure, listMeasureRequests } from './measures-api.ts';

/** Cache keys: answering refreshes what the home and the page show. */
export const measureKeys = {
  all: (userId: string) => ['portal-measures', userId] as const,
  list: (userId: string) => ['portal-measures', userId, 'list'] as const,
  measure: (userId: string, requestId: string) => ['portal-measures', userId, 'measure', requestId] as const,
};

export function useMeasureRequests() {
  const userId = useClientUserId();
  return useQuery({ queryKey: measureKeys.list(userId), queryFn: () => listMeasureRequests(), enabled: userId !== '', meta: { failure: 'Questionnaires failed to load' } });
}

export function useMeasure(requestId: string) {
  const userId = useClientUserId();
  return useQuery({
    queryKey: measureKeys.measure(userId, requestId), queryFn: () => getMeasure(requestId), enabled: userId !== '' && requestId !== '',
    meta: { failure: 'Questionnaire failed to load' },
  });
}
