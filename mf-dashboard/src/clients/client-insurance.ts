import * as z from 'zod';
import { DEFAULT_PRACTICE_COUNTRY, type CountryCode } from '../shared/practice-country.ts';
import { optionalDateOfBirth, optionalPhone, optionalText } from '../shared/schema-fields.ts';

// The insurance a superbill and a future claim need (issue 37; backend/appwrite.json's clients
// attributes): primary and secondary coverage — payer and its payer ID, member ID, group number,
// the subscriber (name, relationship to the client, date of birth) — and a responsible party or
// guardian (for minors). All optional: a self-pay client has none.

export const SUBSCRIBER_RELATIONSHIPS = ['self', 'spouse', 'child', 'other'] as const;
export const SUBSCRIBER_RELATIONSHIP_LABELS: Record<(typeof SUBSCRIBER_RELATIONSHIPS)[number], string> = {
  self: 'Self', spouse: 'Spouse', child: 'Child', other: 'Other',
};

// Empty (the form's "Not recorded") is null; anything else must be one of the four.
const relationship = () =>
  z
    .union([z.literal('').transform(() => null), z.enum(SUBSCRIBER_RELATIONSHIPS)], { error: 'Choose self, spouse, child or other.' })
    .nullish()
    .transform((value) => value ?? null);

/** The client schema's insurance fields, in the form's order; national phone numbers read as `country`'s. */
export const insuranceShapeFor = (country: CountryCode) => ({
  insurancePayerName: optionalText({ label: "the primary payer's name", max: 100 }),
  insurancePayerId: optionalText({ label: 'the primary payer ID', max: 20 }),
  insuranceMemberId: optionalText({ label: 'the primary member ID', max: 40 }),
  insuranceGroupNumber: optionalText({ label: 'the primary group number', max: 40 }),
  insuranceSubscriberName: optionalText({ label: "the primary subscriber's name", max: 100 }),
  insuranceSubscriberRelation: relationship(),
  insuranceSubscriberDob: optionalDateOfBirth(),
  secondaryInsurancePayerName: optionalText({ label: "the secondary payer's name", max: 100 }),
  secondaryInsurancePayerId: optionalText({ label: 'the secondary payer ID', max: 20 }),
  secondaryInsuranceMemberId: optionalText({ label: 'the secondary member ID', max: 40 }),
  secondaryInsuranceGroupNumber: optionalText({ label: 'the secondary group number', max: 40 }),
  secondaryInsuranceSubscriberName: optionalText({ label: "the secondary subscriber's name", max: 100 }),
  secondaryInsuranceSubscriberRelation: relationship(),
  secondaryInsuranceSubscriberDob: optionalDateOfBirth(),
  responsiblePartyName: optionalText({ label: "the responsible party's name", max: 100 }),
  responsiblePartyRelationship: optionalText({ label: "the responsible party's relationship", max: 50 }),
  responsiblePartyPhone: optionalPhone(country),
});

export type InsuranceKey = keyof ReturnType<typeof insuranceShapeFor>;
export const INSURANCE_KEYS = Object.keys(insuranceShapeFor(DEFAULT_PRACTICE_COUNTRY)) as InsuranceKey[];
