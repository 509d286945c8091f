import { useQuery } from '@cadence/shared-auth/query';
import { clientRecordCounts } from './api/client-record-counts.ts';
import { getClient } from './api/get-client.ts';
import { clientKeys } from './client-queries.ts';
import { useUserId } from '../shared/use-user-id.ts';

// One client's reads (their page, a note, a video room), apart from client-queries.ts: the lists and
// Today read only those.

/** One client by id; null when there is none the therapist owns. */
export function useClient(clientId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: clientKeys.one(userId, clientId),
    queryFn: () => getClient(userId, clientId),
    enabled: userId !== '' && clientId !== '',
    meta: { failure: 'Loading the client failed' },
  });
}

/** How many appointments, notes and ledger entries the client has (delete is offered only at none). */
export function useClientRecordCounts(clientId: string, { enabled = true } = {}) {
  const userId = useUserId();
  return useQuery({
    queryKey: clientKeys.records(userId, clientId),
    queryFn: () => clientRecordCounts(userId, clientId),
    enabled: enabled && userId !== '' && clientId !== '',
    meta: { failure: "Loading the client's records failed" },
  });
}
