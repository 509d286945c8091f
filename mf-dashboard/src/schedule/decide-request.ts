import { useMutation, useQueryClient } from '@cadence/shared-auth/query';
import { useUserId } from '../shared/use-user-id.ts';
import { decideRequest, type Decision } from './api/booking-requests-api.ts';
import { requestKeys } from './booking-requests.ts';
import { appointmentKeys } from './schedule-queries.ts';

// Deciding a booking request (its Review dialog, loaded on demand), apart from booking-requests.ts,
// which Today reads for the pending ones.

/** Approve (the appointment is made) or decline (the time is freed) with an optional message; the client is told either way. */
export function useDecideRequest() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) => decideRequest(decision),
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: requestKeys.pending(userId) }),
      queryClient.invalidateQueries({ queryKey: appointmentKeys.all(userId) }),
    ]),
  });
}
