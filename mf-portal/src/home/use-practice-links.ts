import { useAuthStore } from '@cadence/shared-auth';
import { useQuery } from '@cadence/shared-auth/query';
import { listPracticeLinks } from './practice-links.ts';

/** The client's practice links, cached for the pages that name a practice (documents, a document to sign). */
export function usePracticeLinks() {
  const userId = useAuthStore((state) => state.user?.$id ?? '');
  return useQuery({ queryKey: ['portal-links', userId], queryFn: () => listPracticeLinks(userId), enabled: userId !== '', meta: { failure: 'Portal links failed to load' } });
}
