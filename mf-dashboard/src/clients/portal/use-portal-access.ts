import { useQuery } from '@cadence/shared-auth/query';
import { useUserId } from '../../shared/use-user-id.ts';
import { getPortalAccess, listPortalPeople } from './portal-access-api.ts';

/** The cache key of a client's portal link: the invitation writes it, the summary and the Portal tab read it. */
export const portalAccessKey = (userId: string, clientId: string) => ['portal-access', userId, clientId] as const;

/** A client's portal link (issue 31): null when not invited. */
export function usePortalAccess(clientId: string) {
  const userId = useUserId();
  return useQuery({ queryKey: portalAccessKey(userId, clientId), queryFn: () => getPortalAccess(userId, clientId), enabled: userId !== '' });
}

/** Under portalAccessKey, so an invitation or a revocation refreshes both. */
export const portalPeopleKey = (userId: string, clientId: string) => [...portalAccessKey(userId, clientId), 'people'] as const;

/** Everyone with portal access for a client record: the client and their parents or guardians. */
export function usePortalPeople(clientId: string) {
  const userId = useUserId();
  return useQuery({ queryKey: portalPeopleKey(userId, clientId), queryFn: () => listPortalPeople(userId, clientId), enabled: userId !== '' });
}
