import { useQueryClient } from '@cadence/shared-auth/query';
import { useUserId } from '../shared/use-user-id.ts';
import type { AppointmentDocument } from './appointment.ts';
import { feeSetAfterwards, noChargeDecision } from './no-charge.ts';
import { useUpdateAppointment } from './schedule-queries.ts';
import { appointmentCountKeys } from './use-set-status.ts';

/**
 * An attended session's charge decided afterwards: a fee (billed by attendance-charges) or "No
 * charge" (kept with who and when). Shown at once wherever the appointment is listed, put back if
 * refused; the counts of appointments (All Sessions' "Attended, no charge") refresh once it settles.
 */
export function useChargeDecision() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const update = useUpdateAppointment();
  const save = (appointment: AppointmentDocument, changes: Partial<AppointmentDocument>) =>
    update.mutateAsync({ appointmentId: appointment.$id, changes }).finally(() => void queryClient.invalidateQueries({ queryKey: appointmentCountKeys.all(userId) }));
  return {
    setFee: (appointment: AppointmentDocument, amount: number) => save(appointment, feeSetAfterwards(amount, appointment.currency)),
    decideNoCharge: (appointment: AppointmentDocument) => save(appointment, noChargeDecision(userId)),
    error: update.error,
    reset: update.reset,
  };
}
