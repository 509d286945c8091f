import { useQueryClient } from '@cadence/shared-auth/query';
import type { PracticeSettings } from '../practice/practice-settings.ts';
import { DEFAULT_CURRENCY } from '@cadence/shared-auth/money';
import { useUserId } from '../shared/use-user-id.ts';
import { feeForStatus, sessionFee, statusEntry, type Appointment, type AppointmentDocument, type AppointmentStatus } from './appointment.ts';
import { useUpdateAppointment } from './schedule-queries.ts';

// Attendance in one click (issue #14): a status change writes the status, appends who/when to the
// appointment's history and records the fee that applies under the practice's policy, so part 4's
// ledger charges from what was true when the status was set, not from today's fees.

/** What the fee of a status change is worked out from: the client's override, the service's fee, the policy. */
export interface FeeContext {
  client?: { feeOverride: number | null; currency?: string } | null | undefined;
  service?: { fee: number | null; currency?: string } | null | undefined;
  settings?: PracticeSettings | null | undefined;
}

/** The fee that applies if the appointment takes `status`, and its currency. */
export function feeThatApplies(status: AppointmentStatus, { client, service, settings }: FeeContext, fallbackCurrency = DEFAULT_CURRENCY): { amount: number | null; currency: string } {
  const fee = sessionFee(service ?? undefined, client ?? undefined);
  const feeCurrency = client?.feeOverride != null ? client.currency : service?.fee != null ? service.currency : undefined;
  const fixedPolicy =
    settings &&
    ((status === 'late_cancelled' && settings.lateCancelFeeType === 'fixed') || (status === 'no_show' && settings.noShowFeeType === 'fixed'));
  const currency = (fixedPolicy ? settings.currency : feeCurrency) ?? settings?.currency ?? fallbackCurrency;
  return { amount: feeForStatus(status, fee, settings ?? null), currency };
}

/** The fields a status change writes: the status, one more history entry, the fee that applies (any waiver or "No charge" undone). */
export function statusChange(
  appointment: Pick<Appointment, 'statusHistory' | 'currency'>,
  status: AppointmentStatus,
  context: FeeContext,
  by: string,
  at: Date = new Date(),
): Partial<Appointment> {
  const fee = feeThatApplies(status, context, appointment.currency);
  return {
    status,
    statusHistory: [...appointment.statusHistory, statusEntry(status, by, at)],
    feeAmount: fee.amount,
    currency: fee.currency,
    feeWaived: false,
    feeWaivedReason: null,
    // A "No charge" decision belongs to the attendance it was made for.
    noChargeAt: null,
    noChargeBy: null,
  };
}

/** Waiving the fee of a late cancellation or no-show keeps the status and the fee it would have been. */
export function feeWaiver(reason: string | null): Partial<Appointment> {
  return reason === null ? { feeWaived: false, feeWaivedReason: null } : { feeWaived: true, feeWaivedReason: reason.trim().slice(0, FEE_WAIVED_REASON_MAX) };
}

/** The longest waiver reason the appointments collection stores (backend/appwrite.json feeWaivedReason). */
export const FEE_WAIVED_REASON_MAX = 200;

/** Query keys that hold numbers about appointments rather than lists of them (All Sessions' counts). */
export const appointmentCountKeys = {
  all: (userId: string) => ['appointment-counts', userId] as const,
};

/**
 * Sets an appointment's status (shown at once wherever it is listed, put back when refused) or its
 * fee waiver, and refreshes the counts of appointments by status once the write has settled —
 * through the promise, so the counts refresh even when the row that asked is gone by then.
 */
export function useSetStatus() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const update = useUpdateAppointment();
  const save = (appointment: AppointmentDocument, changes: Partial<Appointment>) => {
    update
      .mutateAsync({ appointmentId: appointment.$id, changes })
      .catch(() => undefined) // shown from update.error; the cache is already rolled back
      .finally(() => void queryClient.invalidateQueries({ queryKey: appointmentCountKeys.all(userId) }));
  };
  return {
    setStatus: (appointment: AppointmentDocument, status: AppointmentStatus, context: FeeContext) => save(appointment, statusChange(appointment, status, context, userId)),
    waiveFee: (appointment: AppointmentDocument, reason: string | null) => save(appointment, feeWaiver(reason)),
    /** The write that failed last (the appointment is back as it was), until reset. */
    error: update.error,
    failedAppointmentId: update.isError ? update.variables.appointmentId : null,
    reset: update.reset,
  };
}
