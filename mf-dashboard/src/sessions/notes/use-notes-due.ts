import { useQuery } from '@cadence/shared-auth/query';
import { useUserId } from '../../shared/use-user-id.ts';
import { mergeNotesDue, unsignedNotesDue, unverifiedSignedNotes } from './api/notes-due.ts';

/**
 * Notes to write: the appointments not marked signed (one indexed read), joined once it is done by
 * those marked signed without a signature from sign-note (none while the marks and signatures agree,
 * a few counts). Both refetch like any query: nothing is kept stale.
 */
export function useNotesDue() {
  const userId = useUserId();
  const unsigned = useQuery({
    queryKey: ['appointments', userId, 'notes-due'],
    queryFn: () => unsignedNotesDue(userId),
    enabled: userId !== '',
    meta: { failure: 'Loading notes to write failed' },
  });
  const unverified = useQuery({
    queryKey: ['appointments', userId, 'notes-due', 'unverified'],
    queryFn: () => unverifiedSignedNotes(userId),
    enabled: userId !== '',
    meta: { failure: 'Checking signed notes failed' },
  });
  const data = unsigned.data && (unverified.data ? mergeNotesDue(unsigned.data, unverified.data) : unsigned.data);
  return { data, isError: unsigned.isError, refetch: () => Promise.all([unsigned.refetch(), unverified.refetch()]) };
}
