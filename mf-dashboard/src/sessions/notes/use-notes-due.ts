import { useQuery } from '@cadence/shared-auth/query';
import { useUserId } from '../../shared/use-user-id.ts';
import { mergeNotesDue, unsignedNotesDue, unverifiedSignedNotes } from './api/notes-due.ts';

/** How long the check for notes only marked signed is reused (it reads every signed note's id). */
const UNVERIFIED_STALE_MS = 5 * 60_000;

/**
 * Notes to write: the appointments not saying their note is signed (one quick read), joined once it
 * is done by those saying so without a signature from sign-note (a longer check, kept a while).
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
    staleTime: UNVERIFIED_STALE_MS,
    meta: { failure: 'Checking signed notes failed' },
  });
  const data = unsigned.data && (unverified.data ? mergeNotesDue(unsigned.data, unverified.data) : unsigned.data);
  return { data, isError: unsigned.isError, refetch: () => Promise.all([unsigned.refetch(), unverified.refetch()]) };
}
