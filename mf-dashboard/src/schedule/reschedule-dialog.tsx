import { useId, useState } from 'react';
import { Button, DateInput, Dialog } from '@cadence/shared-ui';
import { TimeInput } from '@cadence/shared-ui/bundled';
import { APPOINTMENT_MESSAGES } from './appointment-form.ts';
import { clockText, isPlainDate, minutesOf, zonedTime, type PlainDate } from './calendar-dates.ts';
import type { AppointmentDocument } from './appointment.ts';
import { MAX_DURATION_MINUTES } from '../practice/services.ts';

export interface RescheduleDialogProps {
  appointment: AppointmentDocument;
  clientName: string;
  timeZone: string;
  onClose: () => void;
  /** Moves this appointment only; the page offers Undo. */
  onReschedule: (date: PlainDate, startMinutes: number, lengthMinutes: number) => void;
}

/** "Reschedule…": the non-drag way to move and resize (WCAG 2.2 §2.5.7) — date, start and end. */
export function RescheduleDialog({ appointment, clientName, timeZone, onClose, onReschedule }: RescheduleDialogProps) {
  const formId = useId();
  const start = zonedTime(appointment.start, timeZone);
  const end = zonedTime(appointment.end, timeZone);
  const [date, setDate] = useState<string>(start.date);
  const [from, setFrom] = useState(clockText(start.minutes));
  const [to, setTo] = useState(clockText(end.date === start.date ? end.minutes : 24 * 60 - 15));
  const [errors, setErrors] = useState<{ date?: string; from?: string; to?: string }>({});

  const submit = () => {
    const fromMinutes = minutesOf(from);
    const toMinutes = minutesOf(to);
    const found: typeof errors = {};
    if (!isPlainDate(date)) found.date = APPOINTMENT_MESSAGES.date;
    if (fromMinutes === null) found.from = APPOINTMENT_MESSAGES.time;
    if (toMinutes === null) found.to = 'Enter the end time, such as 10:45.';
    else if (fromMinutes !== null && toMinutes <= fromMinutes) found.to = APPOINTMENT_MESSAGES.endBeforeStart;
    else if (fromMinutes !== null && toMinutes - fromMinutes > MAX_DURATION_MINUTES) found.to = APPOINTMENT_MESSAGES.duration;
    setErrors(found);
    if (Object.keys(found).length > 0 || fromMinutes === null || toMinutes === null) return;
    onReschedule(date, fromMinutes, toMinutes - fromMinutes);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Reschedule ${clientName}`}
      description={appointment.seriesId ? 'Only this appointment moves; the rest of the series stays.' : undefined}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={formId} variant="primary">
            Move appointment
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="sched-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DateInput label="Date" required value={date} onChange={(event) => setDate(event.target.value)} error={errors.date} />
        <div className="sched-form__row">
          <TimeInput label="Start time" required step={300} value={from} onChange={(event) => setFrom(event.target.value)} error={errors.from} />
          <TimeInput label="End time" required step={300} value={to} onChange={(event) => setTo(event.target.value)} error={errors.to} />
        </div>
      </form>
    </Dialog>
  );
}
