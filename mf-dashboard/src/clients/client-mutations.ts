import { useMutation, useQueryClient } from '@cadence/shared-auth/query';
import { createClient } from './api/create-client.ts';
import type { ClientDocument } from './api/client-document.ts';
import { deleteClient } from './api/delete-client.ts';
import { updateClient } from './api/update-client.ts';
import type { Client } from './client-schema.ts';
import { clientKeys } from './client-queries.ts';
import { useUserId } from '../shared/use-user-id.ts';

// Client writes. Each one invalidates clientKeys.all, so the list, the open client and its counts
// reload from the server; writes are never retried (the query cache retries reads only).

export function useCreateClient() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (client: Client) => createClient(userId, client),
    onSuccess: (created) => {
      queryClient.setQueryData(clientKeys.one(userId, created.$id), created);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.all(userId) }),
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
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.all(userId) }),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.all(userId) }),
  });
}
