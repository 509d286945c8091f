import { useQuery } from '@cadence/shared-auth/query';
import { getPracticeSettings } from './api/get-practice-settings.ts';
import { listServices } from './api/list-services.ts';
import { practiceCountry, type CountryCode } from '../shared/practice-country.ts';
import { useUserId } from '../shared/use-user-id.ts';

/** Query keys of the practice's settings and services: writes invalidate these. */
export const practiceKeys = {
  settings: (userId: string) => ['practice', userId, 'settings'] as const,
  services: (userId: string, includeArchived = false) => ['practice', userId, 'services', { includeArchived }] as const,
  allServices: (userId: string) => ['practice', userId, 'services'] as const,
};

/** The therapist's settings document, or null before the first save. */
export function usePracticeSettings() {
  const userId = useUserId();
  return useQuery({
    queryKey: practiceKeys.settings(userId),
    queryFn: () => getPracticeSettings(userId),
    enabled: userId !== '',
    meta: { failure: 'Loading practice settings failed' },
  });
}

/** The country national phone numbers are read and shown with (the default while settings load or have none). */
export function usePracticeCountry(): CountryCode {
  return practiceCountry(usePracticeSettings().data);
}

/** The therapist's services in sort order (archived ones only when asked). */
export function useServices({ includeArchived = false } = {}) {
  const userId = useUserId();
  return useQuery({
    queryKey: practiceKeys.services(userId, includeArchived),
    queryFn: () => listServices(userId, { includeArchived }),
    enabled: userId !== '',
    meta: { failure: 'Loading services failed' },
  });
}
