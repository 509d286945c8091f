import * as z from 'zod';
import {
  amountField,
  currencyField,
  diagnosisCodesField,
  optionalDateOfBirth,
  optionalEmail,
  optionalPhone,
  optionalText,
  postalCodeField,
  requiredText,
  stateField,
  withTypedAmounts,
} from '../shared/schema-fields.ts';
import { DEFAULT_PRACTICE_COUNTRY, type CountryCode } from '../shared/practice-country.ts';
import { normaliseText, TEXT_LIMITS } from '../shared/validators.ts';
import { insuranceShapeFor } from './client-insurance.ts';
import { CLIENT_STATUSES } from './client-model.ts';

// A client (issue #13 "Clients"), flat as its Appwrite document holds it. Created and updated
// times are the document's own $createdAt/$updatedAt, so they are not part of the input. What the
// screens read without validating (statuses, names, search) is in client-model.ts, free of zod, so a
// list or Today does not load it.

export * from './client-model.ts';

export const MAX_TAGS = 20;

export const CLIENT_MESSAGES = {
  status: 'Choose a status: prospective, active, inactive or discharged.',
  tagsTooMany: `Use at most ${MAX_TAGS} tags.`,
  tagTooLong: (tag: string) => `Tags can be at most ${TEXT_LIMITS.tag} characters ("${tag.slice(0, TEXT_LIMITS.tag)}…").`,
  tags: 'Enter tags as short labels.',
  defaultService: 'Choose a service from the list.',
  feeOverride: 'Enter the fee as an amount such as 80.00.',
  reminderConsent: 'Reminder consent must be yes or no.',
  reminderNeedsEmail: 'Add an email address to send reminders to.',
  emergencyContactName: "Enter the emergency contact's name.",
} as const;

/** Tags as a list or "a, b; c": each normalised (normaliseText), the first spelling of each kept (case-insensitively). */
export function splitTags(input: readonly string[] | string): string[] {
  const items = typeof input === 'string' ? input.split(/[,;|]/) : input;
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const item of items) {
    const tag = normaliseText(item, { multiline: false });
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

const tagsField = () =>
  z
    .union([z.array(z.string()), z.string()], { error: CLIENT_MESSAGES.tags })
    .default([])
    .transform((input, ctx) => {
      const tags = splitTags(input);
      const long = tags.find((tag) => [...tag].length > TEXT_LIMITS.tag);
      if (long !== undefined) ctx.issues.push({ code: 'custom', message: CLIENT_MESSAGES.tagTooLong(long), input });
      else if (tags.length > MAX_TAGS) ctx.issues.push({ code: 'custom', message: CLIENT_MESSAGES.tagsTooMany, input });
      return tags;
    });

// Appwrite's document ID rule: up to 36 characters of a-z, A-Z, 0-9, period, hyphen and
// underscore, not starting with a special character.
const APPWRITE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

const clientFieldsFor = (country: CountryCode) =>
    z
    .object({
      firstName: requiredText({ label: 'the first name', max: TEXT_LIMITS.name }),
      lastName: requiredText({ label: 'the last name', max: TEXT_LIMITS.name }),
      preferredName: optionalText({ label: 'the preferred name', max: TEXT_LIMITS.preferredName }),
      pronouns: optionalText({ label: 'the pronouns', max: TEXT_LIMITS.pronouns }),
      dateOfBirth: optionalDateOfBirth(),
      email: optionalEmail(),
      phone: optionalPhone(country),
      addressLine1: optionalText({ label: 'the street address', max: TEXT_LIMITS.addressLine }),
      addressLine2: optionalText({ label: 'the second address line', max: TEXT_LIMITS.addressLine }),
      city: optionalText({ label: 'the city', max: TEXT_LIMITS.city }),
      state: stateField(),
      postalCode: postalCodeField(),
      status: z.enum(CLIENT_STATUSES, { error: CLIENT_MESSAGES.status }).default('active'),
      tags: tagsField(),
      emergencyContactName: optionalText({ label: "the emergency contact's name", max: TEXT_LIMITS.name * 2 }),
      emergencyContactRelationship: optionalText({ label: 'the relationship', max: TEXT_LIMITS.relationship }),
      emergencyContactPhone: optionalPhone(country),
      defaultServiceId: z
        .string({ error: CLIENT_MESSAGES.defaultService })
        .regex(APPWRITE_ID, { error: CLIENT_MESSAGES.defaultService })
        .or(z.literal('').transform(() => null))
        .nullish()
        .transform((id) => id ?? null),
      /** The client's own fee (sliding scale), in minor units of `currency`; null = the service's fee. */
      feeOverride: amountField({ invalid: CLIENT_MESSAGES.feeOverride }),
      currency: currencyField(),
      /** Ordered: the first is the primary diagnosis. */
      diagnosisCodes: diagnosisCodesField(),
      /** Consent to email reminders. */
      reminderConsent: z.boolean({ error: CLIENT_MESSAGES.reminderConsent }).default(false),
      referralSource: optionalText({ label: 'the referral source', max: TEXT_LIMITS.referralSource }),
      /** Administrative notes only; clinical notes live with sessions. */
      adminNotes: optionalText({ label: 'the administrative notes', max: TEXT_LIMITS.adminNotes, multiline: true }),
      ...insuranceShapeFor(country),
    })
    .superRefine((client, ctx) => {
      if (client.reminderConsent && !client.email) {
        ctx.addIssue({ code: 'custom', path: ['reminderConsent'], message: CLIENT_MESSAGES.reminderNeedsEmail });
      }
      if (!client.emergencyContactName && (client.emergencyContactRelationship || client.emergencyContactPhone)) {
        ctx.addIssue({ code: 'custom', path: ['emergencyContactName'], message: CLIENT_MESSAGES.emergencyContactName });
      }
    });

/** The fee override is minor units as stored, or text as typed ("$80") read in the client's currency. */
const buildClientSchema = (country: CountryCode) => withTypedAmounts(['feeOverride'], clientFieldsFor(country));
type ClientSchema = ReturnType<typeof buildClientSchema>;
const schemas = new Map<CountryCode, ClientSchema>();

/**
 * The client schema of a practice in `country` (issue 29): phone numbers written without + or 00
 * are that country's national numbers ("06 12 34 56 78" in France), stored in E.164. A stored
 * document's phones are international already, so any country reads it back unchanged.
 */
export function clientSchemaFor(country: CountryCode = DEFAULT_PRACTICE_COUNTRY): ClientSchema {
  let schema = schemas.get(country);
  if (!schema) {
    schema = buildClientSchema(country);
    schemas.set(country, schema);
  }
  return schema;
}

export type ClientInput = z.input<ReturnType<typeof clientFieldsFor>>;
export type Client = z.output<ClientSchema>;

/** Fields every client field list (forms, import, exports) names, in the form's order. */
export const CLIENT_FIELDS = Object.keys(clientFieldsFor(DEFAULT_PRACTICE_COUNTRY).shape) as (keyof Client)[];
