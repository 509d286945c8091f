import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { hasErrorType, useAuthStore } from '@cadence/shared-auth';
import { Button, RadioGroup } from '@cadence/shared-ui';
import { Combobox } from '@cadence/shared-ui/bundled';
import type { PracticeSettingsDocument } from './api/get-practice-settings.ts';
import { FormSelect, FormTextInput, SaveError, schemaResolver } from './form-controls.tsx';
import {
  CANCELLATION_WINDOW_HOURS,
  FEE_TYPES,
  NOTE_TEMPLATES,
  PRACTICE_CHOICE_LABELS,
  PRACTICE_MESSAGES,
  practiceSettingsSchema,
  REMINDER_LEAD_HOURS,
  type FeeType,
  type NoteTemplate,
  type PracticeSettings,
} from './practice-settings.ts';
import { useSavePracticeSettings } from './practice-mutations.ts';
import { countryName, countryOptions, suggestCountry } from '../shared/country.ts';
import { DEFAULT_PRACTICE_COUNTRY } from '../shared/practice-country.ts';
import { DEFAULT_CURRENCY, isCurrencyCode, moneyInputText } from '@cadence/shared-auth/money';
import { browserTimeZone, supportedTimeZones } from '../shared/time-zone.ts';
import { maskTaxId } from '../shared/validators.ts';

/** What the form holds: text as typed, '' for an empty field. The schema reads it into a document. */
export interface PracticeSettingsFormValues {
  practiceName: string;
  therapistName: string;
  credentials: string;
  licenseNumber: string;
  npi: string;
  taxId: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
  timeZone: string;
  currency: string;
  cancellationWindowHours: string;
  lateCancelFeeType: FeeType;
  lateCancelFeeAmount: string;
  lateCancelFeePercent: string;
  noShowFeeType: FeeType;
  noShowFeeAmount: string;
  noShowFeePercent: string;
  reminderLeadHours: string;
  defaultNoteTemplate: NoteTemplate;
  bookingSlug: string;
}

const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));

/** The form's values for a stored document, or a new practice's defaults (the browser's time zone). */
export function settingsFormValues(settings: PracticeSettings | null, therapistName = ''): PracticeSettingsFormValues {
  const currency = settings?.currency ?? DEFAULT_CURRENCY;
  const amount = (value: number | null | undefined) => (value == null ? '' : moneyInputText(value, currency));
  return {
    practiceName: text(settings?.practiceName),
    therapistName: settings ? text(settings.therapistName) : therapistName,
    credentials: text(settings?.credentials),
    licenseNumber: text(settings?.licenseNumber),
    npi: text(settings?.npi),
    taxId: text(settings?.taxId),
    addressLine1: text(settings?.addressLine1),
    addressLine2: text(settings?.addressLine2),
    city: text(settings?.city),
    state: text(settings?.state),
    postalCode: text(settings?.postalCode),
    country: text(settings?.country),
    phone: text(settings?.phone),
    timeZone: settings?.timeZone ?? browserTimeZone(),
    currency,
    cancellationWindowHours: text(settings?.cancellationWindowHours ?? 24),
    lateCancelFeeType: settings?.lateCancelFeeType ?? 'none',
    lateCancelFeeAmount: amount(settings?.lateCancelFeeAmount),
    lateCancelFeePercent: text(settings?.lateCancelFeePercent),
    noShowFeeType: settings?.noShowFeeType ?? 'none',
    noShowFeeAmount: amount(settings?.noShowFeeAmount),
    noShowFeePercent: text(settings?.noShowFeePercent),
    reminderLeadHours: text(settings?.reminderLeadHours ?? 24),
    defaultNoteTemplate: settings?.defaultNoteTemplate ?? 'soap',
    bookingSlug: text(settings?.bookingSlug),
  };
}

const choiceOptions = <K extends string | number>(labels: Record<K, string>, values: readonly K[]) =>
  values.map((value) => ({ value: String(value), label: labels[value] }));

function timeZoneOptions(current: string) {
  const zones = supportedTimeZones() ?? [];
  const all = zones.includes(current) || !current ? zones : [current, ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

function currencyOptions(current: string) {
  const supportedValuesOf = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const codes = typeof supportedValuesOf === 'function' ? supportedValuesOf('currency').filter(isCurrencyCode) : [DEFAULT_CURRENCY];
  if (current && !codes.includes(current)) codes.unshift(current);
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'currency' });
  } catch {
    names = null;
  }
  return codes.map((code) => ({ value: code, label: `${code} — ${names?.of(code) ?? code}` }));
}

interface FieldsProps {
  register: UseFormRegister<PracticeSettingsFormValues>;
  control: Control<PracticeSettingsFormValues, unknown, PracticeSettings>;
  errors: FieldErrors<PracticeSettingsFormValues>;
}

/** Tax ID: shown masked except the last four digits unless it is being edited (or is wrong). */
function TaxIdField({ control }: Pick<FieldsProps, 'control'>) {
  const [editing, setEditing] = useState(false);
  return (
    <Controller
      control={control}
      name="taxId"
      render={({ field, fieldState }) => (
        <FormTextInput
          ref={field.ref}
          name={field.name}
          label="Tax ID (EIN or SSN)"
          hint="An EIN such as 12-3456789 or an SSN. Shown masked except the last four digits while you are not editing it."
          error={fieldState.error?.message}
          autoComplete="off"
          spellCheck={false}
          value={!editing && !fieldState.error && field.value ? maskTaxId(field.value) : field.value}
          onFocus={() => setEditing(true)}
          onBlur={() => {
            setEditing(false);
            field.onBlur();
          }}
          onChange={(event) => field.onChange(event.target.value)}
        />
      )}
    />
  );
}

export const COUNTRY_TEXTS = {
  label: 'Country',
  chosen: 'Clients\' phone numbers written without + or 00 are read as numbers of this country.',
  unset: `Not chosen: phone numbers written without + or 00 are read as ${countryName(DEFAULT_PRACTICE_COUNTRY)} numbers.`,
  suggested: (name: string, from: 'timeZone' | 'language') => `Suggested from your ${from === 'timeZone' ? 'time zone' : "browser's language"}: ${name}.`,
  apply: (name: string) => `Use ${name}`,
} as const;

/**
 * The practice's country (issue 29). When none is chosen, one inferred from the time zone (or the
 * browser's language) is offered beside the field, never filled in: national phone numbers are read
 * with it, so the therapist confirms it.
 */
function CountryField({ register, control, errors, setValue }: FieldsProps & { setValue: UseFormSetValue<PracticeSettingsFormValues> }) {
  const country = useWatch({ control, name: 'country' });
  const timeZone = useWatch({ control, name: 'timeZone' });
  const options = useMemo(() => countryOptions(), []);
  // Every country's zones are searched: once per change of the time zone, not on every render.
  const suggestion = useMemo(() => (country ? null : suggestCountry(timeZone, typeof navigator === 'undefined' ? [] : navigator.languages)), [country, timeZone]);
  const hint = country ? COUNTRY_TEXTS.chosen : [COUNTRY_TEXTS.unset, suggestion && COUNTRY_TEXTS.suggested(countryName(suggestion.country), suggestion.from)].filter(Boolean).join(' ');
  return (
    <div className="practice-form__country">
      <FormSelect {...register('country')} label={COUNTRY_TEXTS.label} hint={hint} placeholder="Not chosen" options={options} autoComplete="country" error={errors.country?.message} />
      {suggestion && (
        <Button size="sm" onClick={() => setValue('country', suggestion.country, { shouldDirty: true, shouldValidate: true })}>
          {COUNTRY_TEXTS.apply(countryName(suggestion.country))}
        </Button>
      )}
    </div>
  );
}

/** A late-cancel or no-show fee: none, a fixed amount in the practice currency, or a percentage. */
function FeePolicyFields({ fee, legend, register, control, errors, currency }: FieldsProps & { fee: 'lateCancelFee' | 'noShowFee'; legend: string; currency: string }) {
  const type = useWatch({ control, name: `${fee}Type` });
  return (
    <div className="practice-fee">
      <Controller
        control={control}
        name={`${fee}Type`}
        render={({ field, fieldState }) => (
          <RadioGroup
            label={legend}
            name={field.name}
            options={choiceOptions(PRACTICE_CHOICE_LABELS.feeType, FEE_TYPES)}
            value={field.value}
            onChange={(value) => field.onChange(value as FeeType)}
            error={fieldState.error?.message}
          />
        )}
      />
      {type === 'fixed' && (
        <FormTextInput
          {...register(`${fee}Amount`)}
          label={`${legend}: amount (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          error={errors[`${fee}Amount`]?.message}
        />
      )}
      {type === 'percent' && (
        <FormTextInput
          {...register(`${fee}Percent`)}
          label={`${legend}: percentage of the session fee`}
          hint="From 0 to 100."
          inputMode="decimal"
          autoComplete="off"
          error={errors[`${fee}Percent`]?.message}
        />
      )}
    </div>
  );
}

/**
 * The practice settings form (issue #13 "Practice settings"): every field checked by the same
 * schema that checks the stored document, each message beside its field; saving is explicit and
 * says "Saved". A failed save keeps what was typed and says what failed.
 */
export function PracticeSettingsForm({ settings }: { settings: PracticeSettingsDocument | null }) {
  const accountName = useAuthStore((state) => state.user?.name ?? '');
  const save = useSavePracticeSettings();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isDirty },
  } = useForm<PracticeSettingsFormValues, unknown, PracticeSettings>({
    resolver: schemaResolver<PracticeSettingsFormValues, PracticeSettings>(practiceSettingsSchema),
    defaultValues: settingsFormValues(settings, accountName),
    // First checked when a field is left, then again as it is corrected, so a fixed value's message goes at once.
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const currencyValue = useWatch({ control, name: 'currency' });
  const currency = isCurrencyCode(currencyValue) ? currencyValue : DEFAULT_CURRENCY;
  const currentZone = useWatch({ control, name: 'timeZone' });
  const zones = useMemo(() => timeZoneOptions(currentZone), [currentZone]);
  const currencies = useMemo(() => currencyOptions(settings?.currency ?? DEFAULT_CURRENCY), [settings?.currency]);
  const fields = { register, control, errors };

  // The booking address is the settings' one unique index (across practices, which this therapist
  // cannot read): Appwrite names its violation.
  const slugTaken = (error: unknown) => hasErrorType(error, 'document_unique_constraint_violation');
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => reset(settingsFormValues(saved)),
      onError: (error) => {
        if (slugTaken(error)) setError('bookingSlug', { message: PRACTICE_MESSAGES.bookingSlugTaken }, { shouldFocus: true });
      },
    }),
  );

  return (
    <form className="practice-form" noValidate onSubmit={onSubmit} aria-label="Practice details">
      {!settings && (
        <p className="practice-form__intro">
          Set up your practice: saving it also adds three suggested services (an intake assessment and two psychotherapy sessions) for you to price.
        </p>
      )}
      <fieldset className="practice-form__group">
        <legend>Practice and therapist</legend>
        <FormTextInput {...register('practiceName')} label="Practice name" required autoComplete="organization" error={errors.practiceName?.message} />
        <FormTextInput {...register('therapistName')} label="Your name as clients see it" required autoComplete="name" error={errors.therapistName?.message} />
        <FormTextInput {...register('credentials')} label="Credentials" hint="Such as LCSW, LMFT or PhD." error={errors.credentials?.message} />
        <FormTextInput {...register('licenseNumber')} label="License number" hint="Your state license, as superbills print it and sign it." autoComplete="off" error={errors.licenseNumber?.message} />
        <FormTextInput {...register('npi')} label="NPI" hint="Your 10-digit National Provider Identifier." inputMode="numeric" autoComplete="off" error={errors.npi?.message} />
        <TaxIdField control={control} />
      </fieldset>

      <fieldset className="practice-form__group">
        <legend>Address and phone</legend>
        <FormTextInput {...register('addressLine1')} label="Street address" autoComplete="address-line1" error={errors.addressLine1?.message} />
        <FormTextInput {...register('addressLine2')} label="Address line 2" autoComplete="address-line2" error={errors.addressLine2?.message} />
        <div className="practice-form__row">
          <FormTextInput {...register('city')} label="City" autoComplete="address-level2" error={errors.city?.message} />
          <FormTextInput {...register('state')} label="State" hint="Two letters, such as NY." autoComplete="address-level1" error={errors.state?.message} />
          <FormTextInput {...register('postalCode')} label="ZIP code" autoComplete="postal-code" error={errors.postalCode?.message} />
        </div>
        <CountryField {...fields} setValue={setValue} />
        <FormTextInput {...register('phone')} label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} />
      </fieldset>

      <fieldset className="practice-form__group">
        <legend>Time zone and money</legend>
        <Controller
          control={control}
          name="timeZone"
          render={({ field, fieldState }) => (
            <Combobox
              label="Time zone"
              hint="Appointments and reminders use it. Type to search, such as New York or London."
              options={zones}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value ?? '');
                field.onBlur();
              }}
              required
              error={fieldState.error?.message}
            />
          )}
        />
        <FormSelect {...register('currency')} label="Currency" hint="Fees are charged in it." options={currencies} required error={errors.currency?.message} />
      </fieldset>

      <fieldset className="practice-form__group">
        <legend>Cancellations and no-shows</legend>
        <FormSelect
          {...register('cancellationWindowHours')}
          label="Cancellation window"
          hint="A cancellation inside this window before the session counts as late."
          options={choiceOptions(PRACTICE_CHOICE_LABELS.cancellationWindow, CANCELLATION_WINDOW_HOURS)}
          error={errors.cancellationWindowHours?.message}
        />
        <FeePolicyFields {...fields} fee="lateCancelFee" legend="Late-cancel fee" currency={currency} />
        <FeePolicyFields {...fields} fee="noShowFee" legend="No-show fee" currency={currency} />
      </fieldset>

      <fieldset className="practice-form__group">
        <legend>Reminders and notes</legend>
        <FormSelect
          {...register('reminderLeadHours')}
          label="Client reminders"
          hint="When the email reminder goes to clients who agreed to reminders."
          options={choiceOptions(PRACTICE_CHOICE_LABELS.reminderLead, REMINDER_LEAD_HOURS)}
          error={errors.reminderLeadHours?.message}
        />
        <FormSelect
          {...register('defaultNoteTemplate')}
          label="Default note template"
          options={choiceOptions(PRACTICE_CHOICE_LABELS.noteTemplate, NOTE_TEMPLATES)}
          error={errors.defaultNoteTemplate?.message}
        />
      </fieldset>

      <fieldset className="practice-form__group">
        <legend>Online booking for new clients</legend>
        <FormTextInput
          {...register('bookingSlug')}
          label="Booking page address"
          hint={`Your public booking page is ${window.location.origin}/book/ followed by this, such as calm-waters. Leave it empty to turn the page off. Choose which services new clients may book under Availability.`}
          autoComplete="off"
          maxLength={40}
          error={errors.bookingSlug?.message}
        />
      </fieldset>

      {save.isError && errors.bookingSlug?.message !== PRACTICE_MESSAGES.bookingSlugTaken && <SaveError what="Saving practice settings failed" error={save.error} />}
      <div className="practice-form__actions">
        <Button type="submit" variant="primary" loading={save.isPending} loadingLabel="Saving…">
          Save
        </Button>
        <p role="status" className="practice-form__status">
          {save.isSuccess && !isDirty ? 'Saved' : ''}
        </p>
      </div>
    </form>
  );
}
