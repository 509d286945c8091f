import { useMutation, useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { listAppointments } from './api/list-appointments.ts';
import { updateAppointment } from './api/update-appointment.ts';
import type { Appointment, AppointmentDocument } from './appointment.ts';
import { useUserId } from '../shared/use-user-id.ts';

/** Query keys of appointment ranges: every appointment write invalidates `all`. */
export const appointmentKeys = {
  all: (userId: string) => ['appointments', userId] as const,
  range: (userId: string, from: string, to: string, clientId = '') => ['appointments', userId, 'range', from, to, clientId] as const,
};

/** The appointments starting in [from, to), optionally one client's. */
export function useAppointments(from: string, to: string, { clientId = '' }: { clientId?: string } = {}) {
  const userId = useUserId();
  return useQuery({
    queryKey: appointmentKeys.range(userId, from, to, clientId),
    queryFn: () => listAppointments(userId, from, to, clientId ? { clientId } : {}),
    enabled: userId !== '' && from !== '' && to !== '',
    meta: { failure: 'Loading appointments failed' },
  });
}

export type Snapshot = [readonly unknown[], AppointmentDocument[] | undefined][];

export function useAppointmentCache() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const key = appointmentKeys.all(userId);
  return {
    userId,
    async replace(change: (list: AppointmentDocument[]) => AppointmentDocument[]): Promise<Snapshot> {
      await queryClient.cancelQueries({ queryKey: key });
      const snapshot = queryClient.getQueriesData<AppointmentDocument[]>({ queryKey: key });
      // Only the lists: other queries under this key hold one appointment or a count with a page.
      queryClient.setQueriesData<AppointmentDocument[]>({ queryKey: key }, (list) => (Array.isArray(list) ? change(list) : list));
      return snapshot;
    },
    restore(snapshot: Snapshot | undefined) {
      for (const [queryKey, data] of snapshot ?? []) queryClient.setQueryData(queryKey, data);
    },
    invalidate: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}

export interface AppointmentUpdate {
  appointmentId: string;
  changes: Partial<Appointment>;
}

/**
 * A move, a status or an edit of one occurrence: shown at once wherever it is listed, put back when
 * the server refuses.
 */
export function useUpdateAppointment() {
  const cache = useAppointmentCache();
  return useMutation<AppointmentDocument, Error, AppointmentUpdate, Snapshot>({
    mutationFn: ({ appointmentId, changes }) => updateAppointment(appointmentId, changes),
    onMutate: ({ appointmentId, changes }) =>
      cache.replace((list) => list.map((appointment) => (appointment.$id === appointmentId ? { ...appointment, ...changes } : appointment))),
    onError: (_error, _update, snapshot) => cache.restore(snapshot),
    onSettled: cache.invalidate,
  });
}
