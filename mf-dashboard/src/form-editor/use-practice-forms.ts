import { useQuery } from '@cadence/shared-auth/query';
import { useUserId } from '../shared/use-user-id.ts';
import { listPracticeForms } from './practice-forms.ts';

/** The therapist's own forms; the packet builder reads the same query. */
export const FORMS_QUERY_KEY = (userId: string) => ['practice-forms', userId] as const;

export function usePracticeForms() {
  const userId = useUserId();
  return useQuery({ queryKey: FORMS_QUERY_KEY(userId), queryFn: () => listPracticeForms(userId), enabled: userId !== '' });
}
