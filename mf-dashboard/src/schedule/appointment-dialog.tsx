import { useId, useRef, useState, type ComponentType, type Ref } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert, Button, Checkbox, DateInput, Dialog, RadioGroup, Textarea, type DateInputProps, type TextareaProps } from '@cadence/shared-ui';
import { Combobox, TimeInput, type TimeInputProps } from '@cadence/shared-ui/bundled';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { clientDisplayName, isArchived } from '../clients/client-schema.ts';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import { FormSelect, FormTextInput, SaveError, schemaResolver } from '../practice/form-controls.tsx';
import { isServiceReady, pickableServices, serviceLabel } from '../practice/services.ts';
import { DEFAULT_CURRENCY } from '@cadence/shared-auth/money';
import { useUserId } from '../shared/use-user-id.ts';
import { listAppointments } from './api/list-appointments.ts';
import { SeriesRefusal, type SeriesScope } from './api/schedule-series.ts';
import { overlapLines, overlapSentence, overlapTitle, type OverlapFound } from './overlap-warning.ts';
import { ACTIVE_STATUSES, LOCATION_LABELS, LOCATION_TYPES, durationMinutes, overlaps, sessionFee, type AppointmentDocument, type LocationType } from './appointment.ts';
import {
  appointmentFormSchema,
  MAX_INTERVAL,
  MAX_OCCURRENCES,
  recurrenceRule,
  REPEAT_ENDS,
  repeatOptions,
  WEEKDAY_CODES,
  WEEKDAY_NAMES,
  type AppointmentFormValues,
  type Repeat,
  type RepeatEnd,
  type WeekdayCode,
} from './appointment-form.ts';
import { addDays, clockText, instantAt, minutesOf, weekday, zonedTime, type PlainDate } from './calendar-dates.ts';
import { shortClientName } from '../clients/client-names.ts';
import { useUpdateAppointment } from './schedule-queries.ts';
import { useCreateAppointment } from './appointment-mutations.ts';
import { useCreateSeries, useEditSeries } from './series-queries.ts';
import { QUICK_CLIENT_TEXTS, QuickNewClient } from './quick-new-client.tsx';
import { ServiceFeeWarning } from './service-fee-warning.tsx';

const FormDateInput = DateInput as ComponentType<DateInputProps & { ref?: Ref<HTMLInputElement> }>;
const FormTimeInput = TimeInput as ComponentType<TimeInputProps & { ref?: Ref<HTMLInputElement> }>;
const FormTextarea = Textarea as ComponentType<TextareaProps & { ref?: Ref<HTMLTextAreaElement> }>;

/** What the form holds: numbers as typed. */
interface FormValues {
  clientId: string;
  serviceId: string;
  /** A series' first visit's own service ('' = the same as the rest). */
  firstServiceId: string;
  date: string;
  time: string;
  durationMinutes: string;
  locationType: LocationType;
  meetingLink: string;
  adminNote: string;
  repeat: Repeat;
  interval: string;
  weekdays: WeekdayCode[];
  ends: RepeatEnd;
  count: string;
  until: string;
}

export type AppointmentDialogMode =
  | { kind: 'new'; date: PlainDate; minutes: number; lengthMinutes: number | null; clientId?: string }
  | { kind: 'edit'; appointment: AppointmentDocument };

export interface AppointmentDialogProps {
  mode: AppointmentDialogMode;
  timeZone: string;
  clients: readonly ClientDocument[];
  services: readonly ServiceDocument[];
  onClose: () => void;
  /** Said once saved ("Appointment saved"). */
  onSaved: (message: string) => void;
  /** The practice's currency: a client added from the dialog's "+ New client" gets it. */
  currency?: string;
}

const SCOPE_OPTIONS: { value: 'this' | SeriesScope; label: string }[] = [
  { value: 'this', label: 'This appointment' },
  { value: 'following', label: 'This and following appointments' },
  { value: 'all', label: 'All future appointments' },
];

const SERVER_FIELDS: Record<string, keyof FormValues> = {
  repeat: 'repeat', count: 'count', until: 'until', start: 'time', duration: 'durationMinutes', client: 'clientId', service: 'serviceId', firstService: 'firstServiceId',
};

function initialValues(mode: AppointmentDialogMode, timeZone: string, clients: readonly ClientDocument[], services: readonly ServiceDocument[]): FormValues {
  if (mode.kind === 'edit') {
    const { appointment } = mode;
    const start = zonedTime(appointment.start, timeZone);
    return {
      clientId: appointment.clientId, serviceId: appointment.serviceId, firstServiceId: '', date: start.date, time: clockText(start.minutes), durationMinutes: String(durationMinutes(appointment)),
      locationType: appointment.locationType, meetingLink: appointment.meetingLink ?? '', adminNote: appointment.adminNote ?? '',
      repeat: 'none', interval: '1', weekdays: [], ends: 'never', count: '10', until: '',
    };
  }
  const client = clients.find((candidate) => candidate.$id === mode.clientId);
  const service = defaultService(client, services);
  return {
    clientId: client?.$id ?? '', serviceId: service?.$id ?? '', firstServiceId: '', date: mode.date, time: clockText(mode.minutes),
    durationMinutes: String(mode.lengthMinutes ?? service?.durationMinutes ?? 50), locationType: 'office', meetingLink: '', adminNote: '',
    repeat: 'none', interval: '1', weekdays: [WEEKDAY_CODES[weekday(mode.date)]!], ends: 'never', count: '10', until: '',
  };
}

/**
 * The service a new booking starts with: the client's default service — one the therapist chose for
 * them — when it can be booked (not archived, with a fee); otherwise none, and the therapist picks
 * (issues 29 and 37: never the first service alphabetically, never one without a fee).
 */
export function defaultService(client: Pick<ClientDocument, 'defaultServiceId'> | undefined, services: readonly ServiceDocument[]): ServiceDocument | undefined {
  const chosen = client?.defaultServiceId ? services.find((service) => service.$id === client.defaultServiceId) : undefined;
  return chosen && isServiceReady(chosen) ? chosen : undefined;
}

/**
 * New appointment and Edit: client, service (sets the length), date and start, length, office or
 * telehealth, repeat, administrative note. A slot picked on the calendar fills date, time and
 * length, so a weekly series takes slot → client → Weekly → Save. An overlap warns and can be
 * overridden; a series is saved whole by the schedule-series function or not at all.
 */
export function AppointmentDialog({ mode, timeZone, clients, services, onClose, onSaved, currency = DEFAULT_CURRENCY }: AppointmentDialogProps) {
  const formId = useId();
  const userId = useUserId();
  const clientRef = useRef<HTMLInputElement>(null);
  const editing = mode.kind === 'edit' ? mode.appointment : null;
  const createOne = useCreateAppointment();
  const createSeries = useCreateSeries();
  const updateOne = useUpdateAppointment();
  const editSeries = useEditSeries();
  const [scope, setScope] = useState<'this' | SeriesScope>('this');
  const [overlapping, setOverlapping] = useState<OverlapFound[] | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [addingClient, setAddingClient] = useState(false);
  const [feeNotice, setFeeNotice] = useState('');
  // A client added here is in `clients` once the list's cache has it; until then, this one is.
  const [added, setAdded] = useState<ClientDocument | null>(null);
  const saving = checking || createOne.isPending || createSeries.isPending || updateOne.isPending || editSeries.isPending;

  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, AppointmentFormValues>({
    resolver: schemaResolver<FormValues, AppointmentFormValues>(appointmentFormSchema),
    defaultValues: initialValues(mode, timeZone, clients, services),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const [date, repeat, ends, locationType, chosenClientId, chosenServiceId, firstServiceId] = useWatch({
    control, name: ['date', 'repeat', 'ends', 'locationType', 'clientId', 'serviceId', 'firstServiceId'],
  });
  const pickable = pickableServices(services);
  const allClients = added && !clients.some((client) => client.$id === added.$id) ? [...clients, added] : clients;
  const clientOptions = allClients
    .filter((client) => !isArchived(client) || client.$id === editing?.clientId)
    .map((client) => ({ value: client.$id, label: clientDisplayName(client), description: client.email ?? undefined }));
  const chosenClient = allClients.find((client) => client.$id === (editing?.clientId ?? chosenClientId));
  const clientFee = chosenClient?.feeOverride != null ? { amount: chosenClient.feeOverride, currency: chosenClient.currency } : null;
  // The services of this booking that have no fee: the one chosen, and a series' first visit's.
  const feeless = [chosenServiceId, repeat !== 'none' ? firstServiceId : '']
    .map((id) => services.find((service) => service.$id === id))
    .filter((service, index, list): service is ServiceDocument => service !== undefined && service.fee === null && list.indexOf(service) === index);

  const chooseClient = (client: ClientDocument | undefined) => {
    setValue('clientId', client?.$id ?? '', { shouldValidate: client !== undefined });
    const service = defaultService(client, services);
    if (service && mode.kind === 'new' && mode.lengthMinutes === null) {
      setValue('serviceId', service.$id);
      setValue('durationMinutes', String(service.durationMinutes));
    }
  };

  const nameOf = (clientId: string) => shortClientName(clients.find((client) => client.$id === clientId));

  async function overlapsFor(values: AppointmentFormValues, start: Date, end: Date): Promise<OverlapFound[]> {
    const dayStart = instantAt(values.date, 0, timeZone).toISOString();
    const dayEnd = instantAt(addDays(values.date, 1), 0, timeZone).toISOString();
    const sameDay = await listAppointments(userId, dayStart, dayEnd);
    const span = { start: start.toISOString(), end: end.toISOString() };
    return sameDay
      .filter((other) => other.$id !== editing?.$id && ACTIVE_STATUSES.includes(other.status) && overlaps(other, span))
      .map((other) => ({ start: other.start, clientId: other.clientId }));
  }

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const allowOverlap = overlapping !== null;
    const start = instantAt(values.date, minutesOf(values.time)!, timeZone);
    const end = new Date(start.getTime() + values.durationMinutes * 60_000);
    const client = allClients.find((candidate) => candidate.$id === values.clientId);
    const service = services.find((candidate) => candidate.$id === values.serviceId);
    const details = {
      serviceId: values.serviceId, locationType: values.locationType,
      meetingLink: values.locationType === 'telehealth' && values.meetingLink ? values.meetingLink : null, adminNote: values.adminNote || null,
    };
    try {
      const rule = editing ? null : recurrenceRule(values, timeZone);
      if (!allowOverlap && (rule === null && (scope === 'this' || !editing?.seriesId))) {
        setChecking(true);
        const found = await overlapsFor(values, start, end).finally(() => setChecking(false));
        if (found.length > 0) {
          setOverlapping(found);
          return;
        }
      }
      if (editing && (scope === 'this' || !editing.seriesId)) {
        await updateOne.mutateAsync({ appointmentId: editing.$id, changes: { ...details, start: start.toISOString(), end: end.toISOString() } });
        onSaved('Appointment saved');
      } else if (editing) {
        await editSeries.mutateAsync({
          appointmentId: editing.$id,
          scope: scope as SeriesScope,
          changes: {
            ...(scope === 'following' ? { date: values.date } : {}),
            time: values.time, durationMinutes: values.durationMinutes, serviceId: values.serviceId, locationType: values.locationType,
            meetingLink: details.meetingLink ?? '', adminNote: details.adminNote ?? '',
          },
        });
        onSaved(scope === 'following' ? 'This and the following appointments were changed' : 'All future appointments were changed');
      } else if (rule) {
        const answer = await createSeries.mutateAsync({
          series: {
            clientId: values.clientId, serviceId: values.serviceId, ...(values.firstServiceId && values.firstServiceId !== values.serviceId ? { firstServiceId: values.firstServiceId } : {}),
            dtstart: `${values.date}T${values.time}`, timeZone, durationMinutes: values.durationMinutes, rrule: rule,
            locationType: values.locationType, ...(details.meetingLink ? { meetingLink: details.meetingLink } : {}), ...(details.adminNote ? { adminNote: details.adminNote } : {}),
          },
          allowOverlap,
        });
        onSaved(`Repeating appointment saved${answer.created ? `: ${answer.created} appointments so far` : ''}`);
      } else {
        await createOne.mutateAsync({
          clientId: values.clientId, ...details, seriesId: null, start: start.toISOString(), end: end.toISOString(), status: 'scheduled',
          feeAmount: sessionFee(service, client), currency: service?.currency ?? client?.currency ?? 'USD', feeWaived: false, feeWaivedReason: null, statusHistory: [], noteState: 'none',
        });
        onSaved('Appointment saved');
      }
      onClose();
    } catch (error) {
      if (error instanceof SeriesRefusal && error.overlaps.length > 0) {
        setOverlapping(error.overlaps.map((other) => ({ start: other.start, clientId: other.clientId ?? null })));
        return;
      }
      if (error instanceof SeriesRefusal && error.field && SERVER_FIELDS[error.field]) {
        setError(SERVER_FIELDS[error.field]!, { message: error.message }, { shouldFocus: true });
        return;
      }
      setFailure(error);
    }
  });

  const title = editing ? `Edit appointment with ${nameOf(editing.clientId)}` : 'New appointment';
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      size="lg"
      initialFocus={editing ? undefined : clientRef}
      dismissible={!saving}
      footer={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={saving} loadingLabel="Saving…">
            {overlapping ? 'Save anyway' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={formId} className="sched-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label={title}>
        {overlapping && (
          <Alert tone="warning" title={overlapTitle(overlapping.length)}>
            <ul className="sched-form__overlaps">
              {overlapLines(overlapping, timeZone, (clientId) => (clientId ? nameOf(clientId) : 'another appointment')).map((line) => (
                <li key={`${line.who}|${line.time}|${line.dates[0] ?? ''}`}>{overlapSentence(line)}</li>
              ))}
            </ul>
            Save anyway to book {overlapping.length === 1 ? 'both' : 'them all'}.
          </Alert>
        )}
        {failure !== null && <SaveError what="The appointment was not saved" error={failure} />}
        {editing?.seriesId && (
          <RadioGroup label="Change" name="scope" options={SCOPE_OPTIONS} value={scope} onChange={(value) => setScope(value as typeof scope)} hint="Past appointments are never changed." />
        )}
        {editing ? (
          <p className="sched-form__client">Client: {clientDisplayName(clients.find((client) => client.$id === editing.clientId) ?? { firstName: 'Unknown', lastName: 'client', preferredName: null })}</p>
        ) : (
          <>
            <Controller
              control={control}
              name="clientId"
              render={({ field, fieldState }) => (
                <div className="sched-form__client-picker" ref={(element) => { clientRef.current = element?.querySelector('input') ?? null; }}>
                  <Combobox
                    label="Client"
                    required
                    options={clientOptions}
                    value={field.value || null}
                    emptyText={`No client matches. Use “${QUICK_CLIENT_TEXTS.open}” to add one.`}
                    onChange={(value) => {
                      field.onChange(value ?? '');
                      chooseClient(allClients.find((client) => client.$id === value));
                    }}
                    error={fieldState.error?.message}
                  />
                  {!addingClient && (
                    <Button size="sm" variant="quiet" className="sched-form__new-client" aria-expanded={false} onClick={() => setAddingClient(true)}>
                      {QUICK_CLIENT_TEXTS.open}
                    </Button>
                  )}
                </div>
              )}
            />
            {addingClient && (
              <QuickNewClient
                currency={currency}
                onCancel={() => {
                  setAddingClient(false);
                  clientRef.current?.focus();
                }}
                onChosen={(client) => {
                  setAdded(client);
                  chooseClient(client);
                  setAddingClient(false);
                  clientRef.current?.focus();
                }}
              />
            )}
          </>
        )}
        <FormSelect
          {...register('serviceId', {
            onChange: (event: { target: { value: string } }) => {
              const service = services.find((candidate) => candidate.$id === event.target.value);
              if (service) setValue('durationMinutes', String(service.durationMinutes));
            },
          })}
          label="Service"
          required
          placeholder="Choose a service"
          options={pickable.map((service) => ({ value: service.$id, label: serviceLabel(service) }))}
          error={errors.serviceId?.message}
        />
        {feeless.map((service) => (
          <ServiceFeeWarning key={service.$id} service={service} clientFee={clientFee} onSaved={setFeeNotice} />
        ))}
        <p role="status" className="sched-form__notice">
          {feeNotice}
        </p>
        <div className="sched-form__row">
          <FormDateInput {...register('date')} label="Date" required error={errors.date?.message} />
          <FormTimeInput {...register('time')} label="Start time" required step={300} error={errors.time?.message} />
          <FormTextInput {...register('durationMinutes')} label="Length in minutes" inputMode="numeric" required autoComplete="off" error={errors.durationMinutes?.message} />
        </div>
        <Controller
          control={control}
          name="locationType"
          render={({ field }) => (
            <RadioGroup label="Location" name={field.name} orientation="horizontal" options={LOCATION_TYPES.map((type) => ({ value: type, label: LOCATION_LABELS[type] }))} value={field.value} onChange={(value) => field.onChange(value as LocationType)} />
          )}
        />
        {locationType === 'telehealth' && (
          <FormTextInput {...register('meetingLink')} label="Meeting link" type="url" hint="The video link the client joins, starting with https://." autoComplete="off" error={errors.meetingLink?.message} />
        )}
        {!editing && (
          <>
            <FormSelect {...register('repeat')} label="Repeat" options={repeatOptions(date)} error={errors.repeat?.message} />
            {repeat === 'custom' && (
              <fieldset className="sched-form__custom">
                <legend>Custom repeat</legend>
                <FormTextInput {...register('interval')} label="Every how many weeks" inputMode="numeric" hint={`1 to ${MAX_INTERVAL}.`} autoComplete="off" error={errors.interval?.message} />
                <Controller
                  control={control}
                  name="weekdays"
                  render={({ field, fieldState }) => (
                    <fieldset className="sched-form__weekdays" aria-describedby={fieldState.error ? `${formId}-weekdays-error` : undefined}>
                      <legend>On</legend>
                      {WEEKDAY_CODES.map((code, index) => (
                        <Checkbox
                          key={code}
                          label={WEEKDAY_NAMES[index]!}
                          checked={field.value.includes(code)}
                          onChange={(event) => field.onChange(event.target.checked ? [...field.value, code] : field.value.filter((day) => day !== code))}
                        />
                      ))}
                      {fieldState.error && (
                        <p id={`${formId}-weekdays-error`} className="sched-form__error">
                          {fieldState.error.message}
                        </p>
                      )}
                    </fieldset>
                  )}
                />
              </fieldset>
            )}
            {repeat !== 'none' && (
              <>
                <FormSelect
                  {...register('firstServiceId')}
                  label="First appointment's service"
                  hint="Such as an intake assessment before the ongoing sessions. The rest of the series keeps the service above."
                  placeholder="The same as the rest"
                  options={pickable.map((service) => ({ value: service.$id, label: serviceLabel(service) }))}
                  error={errors.firstServiceId?.message}
                />
                <Controller
                  control={control}
                  name="ends"
                  render={({ field }) => (
                    <RadioGroup
                      label="Ends"
                      name={field.name}
                      orientation="horizontal"
                      options={REPEAT_ENDS.map((end) => ({ value: end, label: end === 'never' ? 'Never' : end === 'count' ? 'After a number of appointments' : 'On a date' }))}
                      value={field.value}
                      onChange={(value) => field.onChange(value as RepeatEnd)}
                    />
                  )}
                />
                {ends === 'count' && <FormTextInput {...register('count')} label="Number of appointments" inputMode="numeric" hint={`Up to ${MAX_OCCURRENCES}.`} autoComplete="off" error={errors.count?.message} />}
                {ends === 'until' && <FormDateInput {...register('until')} label="Last date" error={errors.until?.message} />}
              </>
            )}
          </>
        )}
        <FormTextarea {...register('adminNote')} label="Administrative note" hint="Scheduling details only — never clinical notes." rows={2} error={errors.adminNote?.message} />
      </form>
    </Dialog>
  );
}
