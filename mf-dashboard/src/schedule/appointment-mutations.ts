import { useMutation } from '@cadence/shared-auth/query';
import { createAppointment } from './api/create-appointment.ts';
import { deleteAppointment } from './api/delete-appointment.ts';
import type { Appointment } from './appointment.ts';
import { useAppointmentCache, type Snapshot } from './schedule-queries.ts';

// Booking and deleting an appointment (the calendar's dialogs), apart from schedule-queries.ts: an
// update (a status, a move) stays there, since every list's status menu makes one.

export function useCreateAppointment() {
  const cache = useAppointmentCache();
  return useMutation({
    mutationFn: (appointment: Appointment) => createAppointment(cache.userId, appointment),
    onSettled: cache.invalidate,
  });
}

export function useDeleteAppointment() {
  const cache = useAppointmentCache();
  return useMutation<void, Error, string, Snapshot>({
    mutationFn: (appointmentId) => deleteAppointment(appointmentId),
    onMutate: (appointmentId) => cache.replace((list) => list.filter((appointment) => appointment.$id !== appointmentId)),
    onError: (_error, _id, snapshot) => cache.restore(snapshot),
    onSettled: cache.invalidate,
  });
}
