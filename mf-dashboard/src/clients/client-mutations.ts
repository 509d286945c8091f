import { useMutation, useQueryClient } from '@cadence/shared-auth/query';
import { createClient } from './api/create-client.ts';
import { clientFromDocument, type ClientDocument } from './api/client-document.ts';
import { deleteClient } from './api/delete-client.ts';
import { updateClient } from './api/update-client.ts';
import type { Client } from './client-schema.ts';
import { clientKeys } from './client-queries.ts';
import { useUserId } from '../shared/use-user-id.ts';

// Client writes. Each one puts what the server stored into the cached list and the client's own
// entry at once, then refetches every client query, mounted or not. Invalidating alone was not
// enough (issue 37): a list cached by a page no longer on screen was only marked stale, and the next
// screen rendered it — the appointment dialog opened on a client just created with the client field
// empty, its form already built from the old list. Writes are never retried (the query cache
// retries reads only).

/** The cached list with `client` in it (replacing its older self), in the server's order (last name). */
export function withClient(list: readonly ClientDocument[], client: ClientDocument): ClientDocument[] {
  const others = list.filter((candidate) => candidate.$id !== client.$id);
  const at = others.findIndex((candidate) => candidate.lastName.localeCompare(client.lastName) > 0);
  return at === -1 ? [...others, client] : [...others.slice(0, at), client, ...others.slice(at)];
}

/** After any client write (here, and the CSV import's batches): every client query reads the server again. */
export function refreshClients(queryClient: ReturnType<typeof useQueryClient>, userId: string) {
  return queryClient.invalidateQueries({ queryKey: clientKeys.all(userId), refetchType: 'all' });
}

export function useCreateClient() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (client: Client) => clientFromDocument(await createClient(userId, client)),
    onSuccess: async (created) => {
      const listKey = clientKeys.list(userId);
      // A read of the list already under way would land without the new client: it is cancelled and read again.
      await queryClient.cancelQueries({ queryKey: listKey });
      queryClient.setQueryData(clientKeys.one(userId, created.$id), created);
      queryClient.setQueryData<ClientDocument[]>(listKey, (list) => (list ? withClient(list, created) : list));
    },
    onSettled: () => refreshClients(queryClient, userId),
  });
}

interface UpdateContext {
  list: ClientDocument[] | undefined;
  one: ClientDocument | null | undefined;
}

/**
 * Edits and archiving: shown at once in the list and on the client's page, put back as they were
 * when the server refuses.
 */
export function useUpdateClient(clientId: string) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const listKey = clientKeys.list(userId);
  const oneKey = clientKeys.one(userId, clientId);
  return useMutation<ClientDocument, Error, Partial<Client>, UpdateContext>({
    mutationFn: (changes) => updateClient(clientId, changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: clientKeys.all(userId) });
      const list = queryClient.getQueryData<ClientDocument[]>(listKey);
      const one = queryClient.getQueryData<ClientDocument | null>(oneKey);
      const apply = (client: ClientDocument): ClientDocument => ({ ...client, ...changes });
      if (list) queryClient.setQueryData(listKey, list.map((client) => (client.$id === clientId ? apply(client) : client)));
      if (one) queryClient.setQueryData(oneKey, apply(one));
      return { list, one };
    },
    onError: (_error, _changes, context) => {
      if (context?.list) queryClient.setQueryData(listKey, context.list);
      if (context?.one) queryClient.setQueryData(oneKey, context.one);
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(oneKey, updated);
      queryClient.setQueryData<ClientDocument[]>(listKey, (list) => (list ? withClient(list, clientFromDocument(updated)) : list));
    },
    onSettled: () => refreshClients(queryClient, userId),
  });
}

export function useDeleteClient(clientId: string) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteClient(clientId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: clientKeys.one(userId, clientId) });
      queryClient.setQueryData<ClientDocument[]>(clientKeys.list(userId), (list) => list?.filter((client) => client.$id !== clientId));
    },
    onSettled: () => refreshClients(queryClient, userId),
  });
}
