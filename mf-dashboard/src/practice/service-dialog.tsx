import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert, Button, Dialog, RadioGroup } from '@cadence/shared-ui';
import type { ServiceDocument } from './api/service-document.ts';
import { FormTextInput, SaveError, schemaResolver } from './form-controls.tsx';
import { useCreateService, useUpdateService } from './practice-mutations.ts';
import { MAX_DURATION_MINUTES, MIN_DURATION_MINUTES, SERVICE_COLOR_NAMES, SERVICE_COLORS, serviceSchema, type Service, type ServiceColor } from './services.ts';
import { moneyInputText } from '@cadence/shared-auth/money';
import { PacketChooser } from '../clients/portal/packet-chooser.tsx';

export const SERVICE_DIALOG_TEXT = {
  packet: 'Intake packet',
  packetHint: 'Sent to a client’s portal once, when their first appointment of this service is booked (or when they are invited, if they were booked first).',
} as const;

interface ServiceFormValues {
  name: string;
  serviceCode: string;
  durationMinutes: string;
  fee: string;
  currency: string;
  color: ServiceColor;
  archived: boolean;
  intakePacket: string[];
}

function serviceFormValues(service: ServiceDocument | null, currency: string): ServiceFormValues {
  const own = service?.currency ?? currency;
  return {
    name: service?.name ?? '',
    serviceCode: service?.serviceCode ?? '',
    durationMinutes: service ? String(service.durationMinutes) : '50',
    fee: service?.fee == null ? '' : moneyInputText(service.fee, own),
    currency: own,
    color: service?.color ?? 'blue',
    archived: service?.archived ?? false,
    intakePacket: service?.intakePacket ?? [],
  };
}

/** A colour's swatch beside its name: the name carries the meaning, the swatch repeats it. */
export function ColorSwatch({ color }: { color: ServiceColor }) {
  return (
    <span className="practice-swatch">
      <span className="practice-swatch__chip" style={{ background: SERVICE_COLORS[color].background }} aria-hidden="true" />
      {SERVICE_COLORS[color].label}
    </span>
  );
}

export interface ServiceDialogProps {
  /** The service being edited; null adds a new one. */
  service: ServiceDocument | null;
  /** The practice currency: a new service's fee is in it. */
  currency: string;
  onClose: () => void;
}

/** Adds or edits a service in a dialog, checked with the services schema; closes once saved. */
export function ServiceDialog({ service, currency, onClose }: ServiceDialogProps) {
  const formId = useId();
  const create = useCreateService();
  const update = useUpdateService();
  const saving = service ? update : create;
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ServiceFormValues, unknown, Service>({
    resolver: schemaResolver<ServiceFormValues, Service>(serviceSchema),
    defaultValues: serviceFormValues(service, currency),
    // First checked when a field is left, then again as it is corrected, so a fixed value's message goes at once.
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const feeCurrency = service?.currency ?? currency;

  const onSubmit = handleSubmit((values) => {
    if (service) update.mutate({ serviceId: service.$id, changes: values }, { onSuccess: onClose });
    else create.mutate(values, { onSuccess: onClose });
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={service ? `Edit ${service.name}` : 'Add a service'}
      dismissible={!saving.isPending}
      footer={
        <>
          <Button onClick={onClose} disabled={saving.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={saving.isPending} loadingLabel="Saving…">
            Save service
          </Button>
        </>
      }
    >
      <form id={formId} className="practice-service-form" noValidate onSubmit={onSubmit} aria-label={service ? `Edit ${service.name}` : 'Add a service'}>
        <FormTextInput {...register('name')} label="Name" required autoComplete="off" error={errors.name?.message} />
        <FormTextInput {...register('serviceCode')} label="Service code" hint="A CPT code such as 90834, or your own short code." autoComplete="off" error={errors.serviceCode?.message} />
        <FormTextInput
          {...register('durationMinutes')}
          label="Duration in minutes"
          hint={`From ${MIN_DURATION_MINUTES} to ${MAX_DURATION_MINUTES}.`}
          inputMode="numeric"
          required
          autoComplete="off"
          error={errors.durationMinutes?.message}
        />
        <FormTextInput {...register('fee')} label={`Fee (${feeCurrency})`} hint="Needed before the service can be booked." inputMode="decimal" autoComplete="off" error={errors.fee?.message} />
        <Controller
          control={control}
          name="color"
          render={({ field, fieldState }) => (
            <RadioGroup
              label="Colour on the calendar"
              name={field.name}
              orientation="horizontal"
              className="practice-colors"
              options={SERVICE_COLOR_NAMES.map((color) => ({ value: color, label: <ColorSwatch color={color} /> }))}
              value={field.value}
              onChange={(value) => field.onChange(value as ServiceColor)}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="intakePacket"
          render={({ field, fieldState }) => (
            <fieldset className="packet-chooser">
              <legend>{SERVICE_DIALOG_TEXT.packet}</legend>
              <p className="packet-chooser__hint">{SERVICE_DIALOG_TEXT.packetHint}</p>
              <PacketChooser value={field.value} onChange={field.onChange} />
              {fieldState.error?.message ? <Alert tone="error">{fieldState.error.message}</Alert> : null}
            </fieldset>
          )}
        />
        {saving.isError && <SaveError what="Saving the service failed" error={saving.error} />}
      </form>
    </Dialog>
  );
}
