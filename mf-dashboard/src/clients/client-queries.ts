import { useQuery } from '@cadence/shared-auth/query';
import { listClientRows, listClients } from './api/list-clients.ts';
import { useUserId } from '../shared/use-user-id.ts';

/** Query keys of the client list and one client: every client write invalidates `all`. */
export const clientKeys = {
  all: (userId: string) => ['clients', userId] as const,
  list: (userId: string) => ['clients', userId, 'list'] as const,
  rows: (userId: string) => ['clients', userId, 'rows'] as const,
  one: (userId: string, clientId: string) => ['clients', userId, 'one', clientId] as const,
  records: (userId: string, clientId: string) => ['clients', userId, 'one', clientId, 'records'] as const,
};

/** Every client of the therapist, by last name: the list filters and searches in memory. */
export function useClients() {
  const userId = useUserId();
  return useQuery({
    queryKey: clientKeys.list(userId),
    queryFn: () => listClients(userId),
    enabled: userId !== '',
    meta: { failure: 'Loading clients failed' },
  });
}

/** The client list's rows: its columns only (listClientRows), refreshed with every client write like the rest. */
export function useClientRows() {
  const userId = useUserId();
  return useQuery({
    queryKey: clientKeys.rows(userId),
    queryFn: () => listClientRows(userId),
    enabled: userId !== '',
    meta: { failure: 'Loading clients failed' },
  });
}
