import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, DateInput, Select, Textarea, TextInput } from '@cadence/shared-ui';
import { useServices } from '../practice/practice-queries.ts';
import { pickableServices, serviceLabel } from '../practice/services.ts';
import { DEFAULT_PRACTICE_COUNTRY, type CountryCode } from '../shared/practice-country.ts';
import { DEFAULT_CURRENCY, moneyInputText } from '@cadence/shared-auth/money';
import { DiagnosisCodesField } from '../shared/diagnoses/diagnosis-codes-field.tsx';
import { formatPhone, MAX_DIAGNOSIS_CODES, splitDiagnosisCodes } from '../shared/validators.ts';
import { CLIENT_STATUS_LABELS, CLIENT_STATUSES, clientSchemaFor, MAX_TAGS, type Client, type ClientStatus } from './client-schema.ts';
import { CLIENT_TEXTS } from './client-texts.ts';
import { ClientInsuranceFields } from './client-insurance-fields.tsx';
import { INSURANCE_KEYS, type InsuranceKey } from './client-insurance.ts';

/**
 * What the form holds: text as typed ('' when empty), tags and diagnosis codes as one line each.
 * clientSchemaFor(country) reads exactly this (and a stored document) into a Client.
 */
/** The insurance fields (client-insurance.ts) are text as typed too. */
export interface ClientFormValues extends Record<InsuranceKey, string> {
  firstName: string;
  lastName: string;
  preferredName: string;
  pronouns: string;
  dateOfBirth: string;
  email: string;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  status: ClientStatus;
  tags: string;
  emergencyContactName: string;
  emergencyContactRelationship: string;
  emergencyContactPhone: string;
  defaultServiceId: string;
  feeOverride: string;
  currency: string;
  diagnosisCodes: string;
  reminderConsent: boolean;
  referralSource: string;
  adminNotes: string;
}

/**
 * The form's values for a stored client, or empty ones (in the practice's currency) for a new client;
 * phones in the practice country's national form, which the schema of the same country reads back.
 */
export function clientFormValues(client: Client | null, currency: string = DEFAULT_CURRENCY, country: CountryCode = DEFAULT_PRACTICE_COUNTRY): ClientFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  const own = client?.currency ?? currency;
  return {
    firstName: text(client?.firstName),
    lastName: text(client?.lastName),
    preferredName: text(client?.preferredName),
    pronouns: text(client?.pronouns),
    dateOfBirth: text(client?.dateOfBirth),
    email: text(client?.email),
    phone: formatPhone(client?.phone, country),
    addressLine1: text(client?.addressLine1),
    addressLine2: text(client?.addressLine2),
    city: text(client?.city),
    state: text(client?.state),
    postalCode: text(client?.postalCode),
    status: client?.status ?? 'active',
    tags: client?.tags.join(', ') ?? '',
    emergencyContactName: text(client?.emergencyContactName),
    emergencyContactRelationship: text(client?.emergencyContactRelationship),
    emergencyContactPhone: formatPhone(client?.emergencyContactPhone, country),
    defaultServiceId: text(client?.defaultServiceId),
    feeOverride: client?.feeOverride == null ? '' : moneyInputText(client.feeOverride, own),
    currency: own,
    diagnosisCodes: client?.diagnosisCodes.join(', ') ?? '',
    reminderConsent: client?.reminderConsent ?? false,
    referralSource: text(client?.referralSource),
    adminNotes: text(client?.adminNotes),
    ...(Object.fromEntries(INSURANCE_KEYS.map((key) => [key, text(client?.[key])])) as Record<InsuranceKey, string>),
  };
}

// The client schema takes its amounts as typed text through a preprocess step, which types its input
// as `unknown`; the form's values are one of the inputs it reads (client-schema.test.ts covers them).
const resolverFor = (country: CountryCode) => zodResolver(clientSchemaFor(country) as unknown as z.ZodType<Client, ClientFormValues>);

/** The default service's explicit "none" (issue 37: asked when a client is added, never assumed). */
export const NO_DEFAULT_SERVICE = '-';

/**
 * The schema's resolver; when the default service is asked (a new client), an unanswered one is an
 * error, and "No default service" is stored as none.
 */
function clientResolver(askDefaultService: boolean, country: CountryCode): Resolver<ClientFormValues, unknown, Client> {
  const resolver = resolverFor(country);
  return async (values, context, options) => {
    const answered = values.defaultServiceId !== '';
    const result = await resolver({ ...values, defaultServiceId: values.defaultServiceId === NO_DEFAULT_SERVICE ? '' : values.defaultServiceId }, context, options);
    if (!askDefaultService || answered) return result;
    return { values: {}, errors: { ...result.errors, defaultServiceId: { type: 'required', message: CLIENT_TEXTS.defaultServiceMissing } } };
  };
}

const STATUS_OPTIONS = CLIENT_STATUSES.map((status) => ({ value: status, label: CLIENT_STATUS_LABELS[status] }));

export interface ClientFormProps {
  /** Made by clientFormValues with the same country. */
  defaultValues: ClientFormValues;
  /** The practice's country: national phone numbers are read as its numbers. */
  country: CountryCode;
  submitLabel: string;
  submittingLabel: string;
  /** Saves the client; answers what was stored (the form starts over from it) or throws. */
  onSave: (client: Client) => Promise<Client | null>;
  /** What a failed save says before the server's reason ("Saving the client failed"). */
  failureTitle: string;
  /** Said once a save has landed ("Saved"); nothing when the page moves on by itself. */
  savedText?: string;
  /** Shown above the actions (the duplicate check's offer). */
  notice?: ReactNode;
  /** More actions beside Save (Cancel). */
  actions?: ReactNode;
  /** Ask the default service (a new client): a service or "No default service" must be chosen. */
  askDefaultService?: boolean;
}

/** Every field of a client (issue #13), checked by the client schema with each message at its field. */
export function ClientForm({ defaultValues, country, submitLabel, submittingLabel, onSave, failureTitle, savedText, notice, actions, askDefaultService = false }: ClientFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    getFieldState,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ClientFormValues, unknown, Client>({ defaultValues, resolver: clientResolver(askDefaultService, country), mode: 'onSubmit', reValidateMode: 'onChange' });
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const services = useServices({ includeArchived: true });
  const headingId = useId();

  const chosenService = useWatch({ control, name: 'defaultServiceId' });
  const { currency } = defaultValues;
  const serviceOptions = (services.data ? pickableServices(services.data) : []).map((service) => ({ value: service.$id, label: serviceLabel(service) }));
  const archivedChoice = services.data?.find((service) => service.$id === chosenService && service.archived);
  if (archivedChoice) serviceOptions.push({ value: archivedChoice.$id, label: `${serviceLabel(archivedChoice)} (archived)` });
  if (askDefaultService) serviceOptions.push({ value: NO_DEFAULT_SERVICE, label: CLIENT_TEXTS.noDefaultServiceChoice });

  // The status can change outside the form (archive, discharge, reactivate): an untouched status
  // field follows it, or the next Save would quietly undo the archive.
  const storedStatus = defaultValues.status;
  useEffect(() => {
    if (!getFieldState('status').isDirty) resetField('status', { defaultValue: storedStatus });
  }, [storedStatus, getFieldState, resetField]);

  const submit = handleSubmit(async (client) => {
    setFailure(null);
    setSaved(false);
    try {
      const stored = await onSave(client);
      if (stored) {
        reset(clientFormValues(stored));
        setSaved(true);
      }
    } catch (error) {
      // What the therapist typed stays in the form; the reason is the server's own words.
      setFailure(error instanceof Error && error.message ? error.message : CLIENT_TEXTS.tryAgain);
    }
  });
  const message = (name: keyof ClientFormValues) => errors[name]?.message;

  return (
    <form className="clients-form" noValidate onSubmit={(event) => void submit(event)} onChange={() => setSaved(false)} aria-labelledby={headingId}>
      <h2 id={headingId} className="ui-visually-hidden">
        {CLIENT_TEXTS.formHeading}
      </h2>
      <fieldset className="clients-form__group">
        <legend>{CLIENT_TEXTS.groups.name}</legend>
        <TextInput label="First name" required autoComplete="off" {...register('firstName')} error={message('firstName')} />
        <TextInput label="Last name" required autoComplete="off" {...register('lastName')} error={message('lastName')} />
        <TextInput label="Preferred name" autoComplete="off" {...register('preferredName')} error={message('preferredName')} />
        <TextInput label="Pronouns" hint="Such as she/her, they/them." autoComplete="off" {...register('pronouns')} error={message('pronouns')} />
        <DateInput label="Date of birth" {...register('dateOfBirth')} error={message('dateOfBirth')} />
      </fieldset>

      <fieldset className="clients-form__group">
        <legend>{CLIENT_TEXTS.groups.contact}</legend>
        <TextInput label="Email" type="email" autoComplete="off" {...register('email')} error={message('email')} />
        <TextInput label="Phone" type="tel" autoComplete="off" {...register('phone')} error={message('phone')} />
        <TextInput label="Street address" autoComplete="off" {...register('addressLine1')} error={message('addressLine1')} />
        <TextInput label="Address line 2" autoComplete="off" {...register('addressLine2')} error={message('addressLine2')} />
        <TextInput label="City" autoComplete="off" {...register('city')} error={message('city')} />
        <TextInput label="State" hint="Two letters, such as NY." autoComplete="off" {...register('state')} error={message('state')} />
        <TextInput label="ZIP code" autoComplete="off" inputMode="numeric" {...register('postalCode')} error={message('postalCode')} />
        <Checkbox
          label="Consents to email reminders"
          hint="Appointment reminders go to the email address above, and to each parent or guardian you invite to the portal."
          {...register('reminderConsent')}
          error={message('reminderConsent')}
        />
      </fieldset>

      <fieldset className="clients-form__group">
        <legend>{CLIENT_TEXTS.groups.care}</legend>
        <Select label="Status" options={STATUS_OPTIONS} {...register('status')} error={message('status')} />
        <TextInput label="Tags" hint={`Short labels separated by commas, up to ${MAX_TAGS}.`} autoComplete="off" {...register('tags')} error={message('tags')} />
        <Controller
          control={control}
          name="diagnosisCodes"
          render={({ field }) => (
            <DiagnosisCodesField
              label="Diagnosis codes (ICD-10-CM)"
              hint={`Search by words or code; the first is the primary diagnosis. Up to ${MAX_DIAGNOSIS_CODES}.`}
              codes={splitDiagnosisCodes(field.value)}
              onChange={(codes) => {
                field.onChange(codes.join(', '));
                setSaved(false);
              }}
              error={message('diagnosisCodes')}
            />
          )}
        />
        <TextInput label="Referral source" autoComplete="off" {...register('referralSource')} error={message('referralSource')} />
      </fieldset>

      <fieldset className="clients-form__group">
        <legend>{CLIENT_TEXTS.groups.billing}</legend>
        <Select
          label="Default service"
          required={askDefaultService}
          placeholder={services.isPending ? CLIENT_TEXTS.servicesLoading : askDefaultService ? CLIENT_TEXTS.chooseDefaultService : CLIENT_TEXTS.noDefaultService}
          options={serviceOptions}
          hint={services.isError ? CLIENT_TEXTS.servicesFailed : CLIENT_TEXTS.defaultServiceHint}
          {...register('defaultServiceId')}
          error={message('defaultServiceId')}
        />
        <TextInput
          label={`Fee override (${currency})`}
          hint="The client's own fee (sliding scale). Empty: the service's fee."
          inputMode="decimal"
          autoComplete="off"
          {...register('feeOverride')}
          error={message('feeOverride')}
        />
      </fieldset>

      <ClientInsuranceFields register={register} message={message} />

      <fieldset className="clients-form__group">
        <legend>{CLIENT_TEXTS.groups.emergency}</legend>
        <TextInput label="Emergency contact name" autoComplete="off" {...register('emergencyContactName')} error={message('emergencyContactName')} />
        <TextInput label="Relationship" autoComplete="off" {...register('emergencyContactRelationship')} error={message('emergencyContactRelationship')} />
        <TextInput label="Emergency contact phone" type="tel" autoComplete="off" {...register('emergencyContactPhone')} error={message('emergencyContactPhone')} />
      </fieldset>

      <Textarea
        label="Administrative notes"
        hint="Scheduling and billing notes only. Clinical notes belong with sessions."
        rows={4}
        className="clients-form__wide"
        {...register('adminNotes')}
        error={message('adminNotes')}
      />

      {Object.keys(errors).length > 0 && (
        <Alert tone="error" title={CLIENT_TEXTS.checkFields} className="clients-form__wide" />
      )}
      {failure && (
        <Alert tone="error" title={failureTitle} className="clients-form__wide">
          {failure}
        </Alert>
      )}
      {notice}
      <div className="clients-form__actions">
        <Button type="submit" variant="primary" loading={isSubmitting} loadingLabel={submittingLabel}>
          {submitLabel}
        </Button>
        {actions}
        <span role="status" className="clients-form__saved">
          {saved && savedText}
        </span>
      </div>
    </form>
  );
}
