import { useQuery } from '@cadence/shared-auth/query';
import { useUserId } from '../../shared/use-user-id.ts';
import { moneyKeys } from '../money-keys.ts';
import { listCardDisputes } from './card-api.ts';

/** The client's disputed card payments (issue 33), read with the client's money. */
export function useCardDisputes(clientId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...moneyKeys.all(userId), 'client', clientId, 'disputes'],
    queryFn: () => listCardDisputes(userId, clientId),
    enabled: userId !== '' && clientId !== '',
    staleTime: 0,
    meta: { failure: "Loading the client's card disputes failed" },
  });
}
