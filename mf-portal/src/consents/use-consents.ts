import { useAuthStore } from '@cadence/shared-auth';
import { useQuery } from '@cadence/shared-auth/query';
import { getConsentDocument, latestEsignDecision, listConsentRequests } from './consents-api.ts';

/** Cache keys: signing or an e-records decision refreshes what the home and the document show. */
export const consentKeys = {
  all: (userId: string) => ['portal-consents', userId] as const,
  list: (userId: string) => ['portal-consents', userId, 'list'] as const,
  document: (userId: string, requestId: string) => ['portal-consents', userId, 'document', requestId] as const,
  esign: (userId: string, accessId: string) => ['portal-consents', userId, 'esign', accessId] as const,
};

export const useClientUserId = () => useAuthStore((state) => state.user?.$id ?? '');

export function useConsentRequests() {
  const userId = useClientUserId();
  return useQuery({ queryKey: consentKeys.list(userId), queryFn: () => listConsentRequests(), enabled: userId !== '', meta: { failure: 'Consents failed to load' } });
}

export function useConsentDocument(requestId: string) {
  const userId = useClientUserId();
  return useQuery({
    queryKey: consentKeys.document(userId, requestId), queryFn: () => getConsentDocument(requestId), enabled: userId !== '',
    meta: { failure: 'Consent failed to load' },
  });
}

export function useEsignDecision(accessId: string | null) {
  const userId = useClientUserId();
  return useQuery({
    queryKey: consentKeys.esign(userId, accessId ?? ''), queryFn: () => latestEsignDecision(accessId ?? ''), enabled: userId !== '' && accessId !== null,
    meta: { failure: 'E-records consent failed to load' },
  });
}
