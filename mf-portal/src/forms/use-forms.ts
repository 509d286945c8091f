import { useQuery } from '@cadence/shared-auth/query';
import { useClientUserId } from '../consents/use-consents.ts';
import { getFormRequest, getFormResponse, listFormRequests, listPackets } from './forms-api.ts';

export const formKeys = {
  all: (userId: string) => ['portal-forms', userId] as const,
  list: (userId: string) => ['portal-forms', userId, 'list'] as const,
  packets: (userId: string) => ['portal-forms', userId, 'packets'] as const,
  request: (userId: string, requestId: string) => ['portal-forms', userId, 'request', requestId] as const,
  response: (userId: string, responseId: string) => ['portal-forms', userId, 'response', responseId] as const,
};

export function useFormRequests() {
  const userId = useClientUserId();
  return useQuery({ queryKey: formKeys.list(userId), queryFn: () => listFormRequests(), enabled: userId !== '', meta: { failure: 'Forms failed to load' } });
}

export function usePackets() {
  const userId = useClientUserId();
  return useQuery({ queryKey: formKeys.packets(userId), queryFn: () => listPackets(), enabled: userId !== '', meta: { failure: 'Packets failed to load' } });
}

export function useFormRequest(requestId: string) {
  const userId = useClientUserId();
  // Opened fresh each time: the draft may have moved on in another window.
  return useQuery({
    queryKey: formKeys.request(userId, requestId), queryFn: () => getFormRequest(requestId), enabled: userId !== '' && requestId !== '',
    staleTime: 0, gcTime: 0, refetchOnWindowFocus: false, meta: { failure: 'Form failed to load' },
  });
}

export function useFormResponse(responseId: string | null) {
  const userId = useClientUserId();
  return useQuery({
    queryKey: formKeys.response(userId, responseId ?? ''), queryFn: () => getFormResponse(responseId ?? ''), enabled: userId !== '' && responseId !== null,
    meta: { failure: 'Form answers failed to load' },
  });
}
