import { useMutation, useQueryClient } from '@cadence/shared-auth/query';
import { archiveService } from './api/archive-service.ts';
import { createService } from './api/create-service.ts';
import { listServices } from './api/list-services.ts';
import { savePracticeSettings } from './api/save-practice-settings.ts';
import type { ServiceDocument } from './api/service-document.ts';
import { updateService } from './api/update-service.ts';
import { practiceKeys } from './practice-queries.ts';
import type { PracticeSettings } from './practice-settings.ts';
import type { Service } from './services.ts';
import { useUserId } from '../shared/use-user-id.ts';

// The writes of the practice's settings and services, apart from practice-queries.ts: every section
// reads the settings and services, only Practice and a service's fee warning change them.

/** Saves the settings; the first save also brings the suggested services, so both are refreshed. */
export function useSavePracticeSettings() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PracticeSettings) => savePracticeSettings(userId, settings),
    onSuccess: async (saved) => {
      queryClient.setQueryData(practiceKeys.settings(userId), saved);
      await queryClient.invalidateQueries({ queryKey: practiceKeys.allServices(userId) });
    },
  });
}

/** Creates a service at the end of the list. */
export function useCreateService() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (service: Service) => {
      const all = await queryClient.fetchQuery({ queryKey: practiceKeys.services(userId, true), queryFn: () => listServices(userId, { includeArchived: true }) });
      const sortOrder = all.reduce((last, existing) => Math.max(last, existing.sortOrder + 1), 0);
      return createService(userId, service, sortOrder);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: practiceKeys.allServices(userId) }),
  });
}

type ServiceChanges = Partial<Service>;

/**
 * Changes a service, shown at once in every cached list (archiving takes it out of the list of
 * active ones) and rolled back if the write fails.
 */
export function useUpdateService() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, changes }: { serviceId: string; changes: ServiceChanges }) =>
      changes.archived === true && Object.keys(changes).length === 1 ? archiveService(serviceId) : updateService(serviceId, changes),
    onMutate: async ({ serviceId, changes }) => {
      await queryClient.cancelQueries({ queryKey: practiceKeys.allServices(userId) });
      const previous = queryClient.getQueriesData<ServiceDocument[]>({ queryKey: practiceKeys.allServices(userId) });
      for (const [key, list] of previous) {
        if (!list) continue;
        const includeArchived = (key[3] as { includeArchived?: boolean } | undefined)?.includeArchived === true;
        const next = list
          .map((service) => (service.$id === serviceId ? { ...service, ...changes } : service))
          .filter((service) => includeArchived || !service.archived);
        queryClient.setQueryData(key, next);
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, list] of context?.previous ?? []) queryClient.setQueryData(key, list);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: practiceKeys.allServices(userId) }),
  });
}
