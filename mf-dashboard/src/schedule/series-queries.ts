import { useMutation } from '@cadence/shared-auth/query';
import { createSeries, editSeries, endSeries, type SeriesChanges, type SeriesInput, type SeriesScope } from './api/schedule-series.ts';
import { useAppointmentCache } from './schedule-queries.ts';

// Series writes go through the schedule-series function; each reloads every appointment range.

export function useCreateSeries() {
  const cache = useAppointmentCache();
  return useMutation({
    mutationFn: ({ series, allowOverlap }: { series: SeriesInput; allowOverlap: boolean }) => createSeries(series, allowOverlap),
    onSettled: cache.invalidate,
  });
}

export function useEditSeries() {
  const cache = useAppointmentCache();
  return useMutation({
    mutationFn: ({ appointmentId, scope, changes }: { appointmentId: string; scope: SeriesScope; changes: SeriesChanges }) => editSeries(appointmentId, scope, changes),
    onSettled: cache.invalidate,
  });
}

export function useEndSeries() {
  const cache = useAppointmentCache();
  return useMutation({
    mutationFn: ({ appointmentId, scope }: { appointmentId: string; scope: SeriesScope }) => endSeries(appointmentId, scope),
    onSettled: cache.invalidate,
  });
}
