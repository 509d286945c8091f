import { useAuthStore } from '@cadence/shared-auth';

/**
 * The signed-in therapist's id. The dashboard renders only behind the shell's session guard, so a
 * user is always there; the empty string only ever reaches a query that is disabled by it.
 */
export function useUserId(): string {
  return useAuthStore((state) => state.user?.$id ?? '');
}
