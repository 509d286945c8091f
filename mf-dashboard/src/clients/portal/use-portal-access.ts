import { useQuery } from '@cadence/shared-auth/query';
import { useUserId } from '../../shared/use-user-id.ts';
import { getPortalAccess } from './portal-access-api.ts';

/** The cache key of a client's portal link: the invitation writes it, the summary and the Portal tab read it. */
export const portalAccessKey = (userId: string, clientId: string) => ['portal-access', userId, clientId] as const;

/** A client's portal link (issue 31): null when not invited. */
export function usePortalAccess(clientId: string) {
  const userId = useUserId();
  return useQuery({ queryKey: portalAccessKey(userId, clientId), queryFn: () => getPortalAccess(userId, clientId), enabled: userId !== '' });
}
