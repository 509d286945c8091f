import { useState } from 'react';
import { Alert, Button, Dialog, RadioGroup } from '@cadence/shared-ui';
import type { SeriesScope } from './api/schedule-series.ts';
import { isDeletable, type AppointmentDocument } from './appointment.ts';
import { SaveError } from '../practice/form-controls.tsx';
import { useDeleteAppointment } from './appointment-mutations.ts';
import { useEndSeries } from './series-queries.ts';

export interface DeleteAppointmentDialogProps {
  appointment: AppointmentDocument;
  clientName: string;
  onClose: () => void;
  onDeleted: (message: string) => void;
}

const SCOPES: { value: 'this' | SeriesScope; label: string }[] = [
  { value: 'this', label: 'This appointment' },
  { value: 'following', label: 'This and following appointments' },
  { value: 'all', label: 'All future appointments' },
];

/**
 * Deleting: one appointment, or for a series this / this and following / all future ones. One with
 * a note or a charge is never deleted (cancel it instead); a series' such occurrences are kept.
 */
export function DeleteAppointmentDialog({ appointment, clientName, onClose, onDeleted }: DeleteAppointmentDialogProps) {
  const [scope, setScope] = useState<'this' | SeriesScope>('this');
  const deleteOne = useDeleteAppointment();
  const endSeries = useEndSeries();
  const pending = deleteOne.isPending || endSeries.isPending;
  const blocked = scope === 'this' && !isDeletable(appointment);

  const confirm = () => {
    if (scope === 'this') {
      deleteOne.mutate(appointment.$id, { onSuccess: () => { onDeleted('Appointment deleted'); onClose(); } });
      return;
    }
    endSeries.mutate(
      { appointmentId: appointment.$id, scope },
      {
        onSuccess: (answer) => {
          const kept = answer.kept ?? 0;
          onDeleted(kept > 0 ? `Series ended; ${kept} appointment${kept === 1 ? '' : 's'} with a note or a charge kept` : 'Series ended');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Delete the appointment with ${clientName}?`}
      dismissible={!pending}
      footer={
        <>
          <Button onClick={onClose} disabled={pending}>
            Keep it
          </Button>
          <Button variant="danger" onClick={confirm} disabled={blocked} loading={pending} loadingLabel="Deleting…">
            Delete
          </Button>
        </>
      }
    >
      {appointment.seriesId && <RadioGroup label="Delete" name="delete-scope" options={SCOPES} value={scope} onChange={(value) => setScope(value as typeof scope)} hint="Past appointments are never deleted." />}
      {blocked && (
        <Alert tone="info" title="This appointment can't be deleted">
          It has a note or a charge. Cancel it instead, so its record stays.
        </Alert>
      )}
      {(deleteOne.isError || endSeries.isError) && <SaveError what="Nothing was deleted" error={deleteOne.error ?? endSeries.error} />}
    </Dialog>
  );
}
