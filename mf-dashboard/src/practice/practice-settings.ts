import * as z from 'zod';
import {
  amountField,
  countryField,
  currencyField,
  numberFromText,
  optionalNpi,
  optionalPhone,
  optionalTaxId,
  optionalText,
  postalCodeField,
  requiredText,
  stateField,
  timeZoneField,
  withTypedAmounts,
} from '../shared/schema-fields.ts';
import { TEXT_LIMITS } from '../shared/validators.ts';

// Practice settings (issue #13 "Practice settings"): one document per therapist. The shape is flat,
// as the Appwrite document holds it (string, integer, float and enum attributes), so the same schema
// checks the form, the stored document and any function that receives it. What reading a session's
// fee needs (fee-policy.ts) is free of zod, so the screens that only read do not load it.

export * from './fee-policy.ts';

/** Hours before a session after which cancelling counts as late; 0 is "no cancellation window". */
export const CANCELLATION_WINDOW_HOURS = [0, 24, 48, 72] as const;
/** Hours before a session that the client's email reminder goes out; 0 is "off". */
export const REMINDER_LEAD_HOURS = [0, 24, 48] as const;
export const NOTE_TEMPLATES = ['soap', 'dap', 'birp', 'girp', 'free_text'] as const;
export const FEE_TYPES = ['none', 'fixed', 'percent'] as const;

export type CancellationWindowHours = (typeof CANCELLATION_WINDOW_HOURS)[number];
export type ReminderLeadHours = (typeof REMINDER_LEAD_HOURS)[number];
export type NoteTemplate = (typeof NOTE_TEMPLATES)[number];
export type FeeType = (typeof FEE_TYPES)[number];

/** What the pickers show for each choice. */
export const PRACTICE_CHOICE_LABELS = {
  cancellationWindow: { 0: 'No cancellation window', 24: '24 hours', 48: '48 hours', 72: '72 hours' },
  reminderLead: { 0: 'Off', 24: '24 hours before', 48: '48 hours before' },
  noteTemplate: { soap: 'SOAP', dap: 'DAP', birp: 'BIRP', girp: 'GIRP', free_text: 'Free text' },
  feeType: { none: 'No fee', fixed: 'A fixed amount', percent: 'A percentage of the session fee' },
} as const satisfies {
  cancellationWindow: Record<CancellationWindowHours, string>;
  reminderLead: Record<ReminderLeadHours, string>;
  noteTemplate: Record<NoteTemplate, string>;
  feeType: Record<FeeType, string>;
};

/** Issue 32: the public booking page's address `/book/<slug>` (the public-booking function reads the same shape). */
export const BOOKING_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

export const PRACTICE_MESSAGES = {
  bookingSlug: 'Use 1 to 40 lowercase letters, digits and dashes, such as calm-waters.',
  bookingSlugTaken: 'Another practice already uses this address. Choose another; nothing else was changed.',
  cancellationWindow: 'Choose a cancellation window: none, 24, 48 or 72 hours.',
  reminderLead: 'Choose when reminders go out: off, 24 or 48 hours before.',
  noteTemplate: 'Choose a note template: SOAP, DAP, BIRP, GIRP or free text.',
  feeType: 'Choose no fee, a fixed amount or a percentage.',
  feeAmountMissing: 'Enter the fee amount.',
  feeAmountZero: 'Enter a fee above zero, or choose No fee.',
  feePercentMissing: 'Enter the percentage of the session fee.',
  feePercentRange: 'Enter a percentage from 0 to 100.',
  lateCancelWithoutWindow: 'Choose a cancellation window first: without one, no cancellation is late.',
} as const;

function choice<const T extends readonly (string | number)[]>(values: T, message: string) {
  return z.preprocess(numberFromText, z.union(values.map((value) => z.literal(value)) as [z.ZodLiteral<T[number]>], { error: message }));
}

const feeType = () => z.enum(FEE_TYPES, { error: PRACTICE_MESSAGES.feeType }).default('none');
const feeAmount = () => amountField({ invalid: PRACTICE_MESSAGES.feeAmountMissing });
// An empty percentage field ('' from a form) is "not given", like an empty amount.
const feePercent = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : numberFromText(value)),
    z
      .number({ error: PRACTICE_MESSAGES.feePercentRange })
      .min(0, { error: PRACTICE_MESSAGES.feePercentRange })
      .max(100, { error: PRACTICE_MESSAGES.feePercentRange })
      .nullish(),
  );

const practiceSettingsFields = z
  .object({
    practiceName: requiredText({ label: 'the practice name', max: TEXT_LIMITS.practiceName }),
    therapistName: requiredText({ label: 'your name as clients see it', max: TEXT_LIMITS.practiceName }),
    credentials: optionalText({ label: 'the credentials', max: TEXT_LIMITS.credentials }),
    // Printed on superbills and their electronic signature (issue 37).
    licenseNumber: optionalText({ label: 'the license number', max: TEXT_LIMITS.licenseNumber }),
    npi: optionalNpi(),
    taxId: optionalTaxId(),
    addressLine1: optionalText({ label: 'the street address', max: TEXT_LIMITS.addressLine }),
    addressLine2: optionalText({ label: 'the second address line', max: TEXT_LIMITS.addressLine }),
    city: optionalText({ label: 'the city', max: TEXT_LIMITS.city }),
    state: stateField(),
    postalCode: postalCodeField(),
    // Whose national phone numbers clients write without a prefix (issue 29); unset reads them as US numbers.
    country: countryField(),
    phone: optionalPhone(),
    timeZone: timeZoneField(),
    currency: currencyField(),
    cancellationWindowHours: choice(CANCELLATION_WINDOW_HOURS, PRACTICE_MESSAGES.cancellationWindow).default(24),
    lateCancelFeeType: feeType(),
    lateCancelFeeAmount: feeAmount(),
    lateCancelFeePercent: feePercent(),
    noShowFeeType: feeType(),
    noShowFeeAmount: feeAmount(),
    noShowFeePercent: feePercent(),
    reminderLeadHours: choice(REMINDER_LEAD_HOURS, PRACTICE_MESSAGES.reminderLead).default(24),
    defaultNoteTemplate: z.enum(NOTE_TEMPLATES, { error: PRACTICE_MESSAGES.noteTemplate }).default('soap'),
    // Empty turns the public booking page off.
    bookingSlug: z.string().nullish()
      .transform((value) => value?.trim().toLowerCase() || null)
      .refine((value) => value === null || BOOKING_SLUG_PATTERN.test(value), { message: PRACTICE_MESSAGES.bookingSlug }),
  })
  .superRefine((settings, ctx) => {
    for (const fee of ['lateCancelFee', 'noShowFee'] as const) {
      const type = settings[`${fee}Type`];
      if (type === 'fixed') {
        const amount = settings[`${fee}Amount`];
        if (amount == null) ctx.addIssue({ code: 'custom', path: [`${fee}Amount`], message: PRACTICE_MESSAGES.feeAmountMissing });
        else if (amount === 0) ctx.addIssue({ code: 'custom', path: [`${fee}Amount`], message: PRACTICE_MESSAGES.feeAmountZero });
      }
      if (type === 'percent' && settings[`${fee}Percent`] == null) {
        ctx.addIssue({ code: 'custom', path: [`${fee}Percent`], message: PRACTICE_MESSAGES.feePercentMissing });
      }
    }
    if (settings.cancellationWindowHours === 0 && settings.lateCancelFeeType !== 'none') {
      ctx.addIssue({ code: 'custom', path: ['lateCancelFeeType'], message: PRACTICE_MESSAGES.lateCancelWithoutWindow });
    }
  })
  // Only the chosen kind of fee keeps its number, so a stored document never holds a stale amount.
  .transform((settings) => ({
    ...settings,
    lateCancelFeeAmount: settings.lateCancelFeeType === 'fixed' ? settings.lateCancelFeeAmount : null,
    lateCancelFeePercent: settings.lateCancelFeeType === 'percent' ? (settings.lateCancelFeePercent ?? null) : null,
    noShowFeeAmount: settings.noShowFeeType === 'fixed' ? settings.noShowFeeAmount : null,
    noShowFeePercent: settings.noShowFeeType === 'percent' ? (settings.noShowFeePercent ?? null) : null,
  }));

/** Fee amounts are minor units as stored, or text as typed ("$50") read in the practice currency. */
export const practiceSettingsSchema = withTypedAmounts(['lateCancelFeeAmount', 'noShowFeeAmount'], practiceSettingsFields);

export type PracticeSettingsInput = z.input<typeof practiceSettingsFields>;
export type PracticeSettings = z.output<typeof practiceSettingsSchema>;
