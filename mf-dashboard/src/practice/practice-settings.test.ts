import { describe, expect, expectTypeOf, it } from 'vitest';
import { fieldMessages } from '../shared/schema-fields.ts';
import { VALIDATION_MESSAGES } from '../shared/validators.ts';
import {
  isLateCancellation,
  lateCancelPolicy,
  noShowPolicy,
  policyFee,
  PRACTICE_MESSAGES,
  practiceSettingsSchema,
  type CancellationWindowHours,
  type PracticeSettings,
} from './practice-settings.ts';

const minimal = { practiceName: 'Calm Harbor Counseling', therapistName: 'Dana Reyes' };

function messages(input: unknown): Record<string, string> {
  const result = practiceSettingsSchema.safeParse(input);
  return result.success ? {} : fieldMessages(result.error);
}

function parse(input: unknown): PracticeSettings {
  return practiceSettingsSchema.parse(input);
}

describe('practice settings: every field of the issue, with defaults', () => {
  it('needs only the practice name and the display name; the rest has defaults', () => {
    const settings = parse(minimal);
    expect(settings).toMatchObject({
      practiceName: 'Calm Harbor Counseling',
      therapistName: 'Dana Reyes',
      credentials: null,
      npi: null,
      taxId: null,
      addressLine1: null,
      state: null,
      postalCode: null,
      phone: null,
      country: null,
      currency: 'USD',
      cancellationWindowHours: 24,
      lateCancelFeeType: 'none',
      lateCancelFeeAmount: null,
      noShowFeeType: 'none',
      reminderLeadHours: 24,
      defaultNoteTemplate: 'soap',
    });
    expect(settings.timeZone).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('accepts a complete practice and answers cleaned values', () => {
    const settings = parse({
      ...minimal,
      credentials: ' LCSW ',
      licenseNumber: ' LCSW-NY 012345 ',
      npi: '123-456-7893',
      taxId: '12-3456789',
      addressLine1: '100 Main St',
      addressLine2: 'Suite 4',
      city: 'Brooklyn',
      state: 'new york',
      postalCode: '112019999',
      phone: '(555) 123-4567',
      timeZone: 'america/new_york',
      currency: 'usd',
      cancellationWindowHours: '48',
      lateCancelFeeType: 'percent',
      lateCancelFeePercent: '50',
      noShowFeeType: 'fixed',
      noShowFeeAmount: 7500,
      reminderLeadHours: 48,
      defaultNoteTemplate: 'dap',
    });
    expect(settings).toMatchObject({
      credentials: 'LCSW',
      licenseNumber: 'LCSW-NY 012345',
      npi: '1234567893',
      taxId: '12-3456789',
      state: 'NY',
      postalCode: '11201-9999',
      timeZone: 'America/New_York',
      currency: 'USD',
      cancellationWindowHours: 48,
      lateCancelFeePercent: 50,
      noShowFeeAmount: 7500,
      reminderLeadHours: 48,
      defaultNoteTemplate: 'dap',
    });
    expectTypeOf(settings.cancellationWindowHours).toEqualTypeOf<CancellationWindowHours>();
  });

  it('a stored document (nulls for empty fields) parses to itself', () => {
    const stored = parse({ ...minimal, timeZone: 'America/Chicago', noShowFeeType: 'fixed', noShowFeeAmount: 5000 });
    expect(parse(stored)).toEqual(stored);
  });

  it('gives each field its own message', () => {
    expect(
      messages({
        practiceName: ' ',
        therapistName: 'x'.repeat(101),
        npi: '1234567890',
        taxId: '123456789',
        state: 'Narnia',
        postalCode: '1234',
        phone: '123',
        country: 'Narnia',
        timeZone: 'Mars/Base',
        currency: 'ABC',
        cancellationWindowHours: 12,
        reminderLeadHours: 72,
        defaultNoteTemplate: 'haiku',
        lateCancelFeeType: 'sometimes',
      }),
    ).toEqual({
      practiceName: 'Enter the practice name.',
      therapistName: 'Your name as clients see it can be at most 100 characters.',
      npi: VALIDATION_MESSAGES.npiCheckDigit,
      taxId: VALIDATION_MESSAGES.taxIdFormat,
      state: VALIDATION_MESSAGES.state,
      postalCode: VALIDATION_MESSAGES.postalCode,
      phone: VALIDATION_MESSAGES.phone,
      country: 'Choose a country from the list.',
      timeZone: 'Choose a time zone from the list (an IANA name such as America/New_York).',
      currency: 'Choose a currency from the list (a three-letter ISO 4217 code such as USD).',
      cancellationWindowHours: PRACTICE_MESSAGES.cancellationWindow,
      reminderLeadHours: PRACTICE_MESSAGES.reminderLead,
      defaultNoteTemplate: PRACTICE_MESSAGES.noteTemplate,
      lateCancelFeeType: PRACTICE_MESSAGES.feeType,
    });
  });

  it('never throws on junk input', () => {
    for (const junk of [null, undefined, 42, 'settings', [], { practiceName: 5, therapistName: {} }]) {
      expect(practiceSettingsSchema.safeParse(junk).success).toBe(false);
    }
    expect(messages({ practiceName: 5, therapistName: {} })).toEqual({
      practiceName: 'Enter the practice name.',
      therapistName: 'Enter your name as clients see it.',
    });
  });
});

describe('late-cancel and no-show fees: none, a fixed amount, or a percentage', () => {
  it('a fixed fee needs an amount above zero', () => {
    expect(messages({ ...minimal, noShowFeeType: 'fixed' })).toEqual({ noShowFeeAmount: PRACTICE_MESSAGES.feeAmountMissing });
    expect(messages({ ...minimal, noShowFeeType: 'fixed', noShowFeeAmount: 0 })).toEqual({ noShowFeeAmount: PRACTICE_MESSAGES.feeAmountZero });
    expect(messages({ ...minimal, noShowFeeType: 'fixed', noShowFeeAmount: -100 })).toEqual({ noShowFeeAmount: 'Enter an amount of zero or more.' });
    expect(messages({ ...minimal, noShowFeeType: 'fixed', noShowFeeAmount: 12.5 })).toEqual({ noShowFeeAmount: PRACTICE_MESSAGES.feeAmountMissing });
  });

  it('reads a typed fee amount in the practice currency', () => {
    expect(parse({ ...minimal, noShowFeeType: 'fixed', noShowFeeAmount: '$75' }).noShowFeeAmount).toBe(7500);
    expect(parse({ ...minimal, currency: 'JPY', noShowFeeType: 'fixed', noShowFeeAmount: '5,000' }).noShowFeeAmount).toBe(5000);
    expect(messages({ ...minimal, noShowFeeType: 'fixed', noShowFeeAmount: '' })).toEqual({ noShowFeeAmount: PRACTICE_MESSAGES.feeAmountMissing });
    expect(messages({ ...minimal, noShowFeeType: 'fixed', noShowFeeAmount: '7.505' })).toEqual({ noShowFeeAmount: 'USD amounts have at most 2 decimal places.' });
  });

  it('a percentage needs 0 to 100', () => {
    expect(messages({ ...minimal, lateCancelFeeType: 'percent' })).toEqual({ lateCancelFeePercent: PRACTICE_MESSAGES.feePercentMissing });
    expect(messages({ ...minimal, lateCancelFeeType: 'percent', lateCancelFeePercent: 101 })).toEqual({ lateCancelFeePercent: PRACTICE_MESSAGES.feePercentRange });
    expect(messages({ ...minimal, lateCancelFeeType: 'percent', lateCancelFeePercent: -1 })).toEqual({ lateCancelFeePercent: PRACTICE_MESSAGES.feePercentRange });
    expect(parse({ ...minimal, lateCancelFeeType: 'percent', lateCancelFeePercent: 0 }).lateCancelFeePercent).toBe(0);
    // A form's empty percentage field is "not given": missing when chosen, ignored otherwise.
    expect(messages({ ...minimal, lateCancelFeeType: 'percent', lateCancelFeePercent: ' ' })).toEqual({ lateCancelFeePercent: PRACTICE_MESSAGES.feePercentMissing });
    expect(parse({ ...minimal, lateCancelFeeType: 'none', lateCancelFeePercent: '', noShowFeePercent: '' }).lateCancelFeePercent).toBeNull();
    expect(parse({ ...minimal, lateCancelFeeType: 'percent', lateCancelFeePercent: 100 }).lateCancelFeePercent).toBe(100);
  });

  it('keeps only the number of the chosen kind of fee', () => {
    const settings = parse({ ...minimal, lateCancelFeeType: 'none', lateCancelFeeAmount: 5000, lateCancelFeePercent: 50, noShowFeeType: 'percent', noShowFeeAmount: 5000, noShowFeePercent: 100 });
    expect(settings).toMatchObject({ lateCancelFeeAmount: null, lateCancelFeePercent: null, noShowFeeAmount: null, noShowFeePercent: 100 });
  });

  it('a late-cancel fee needs a cancellation window', () => {
    expect(messages({ ...minimal, cancellationWindowHours: 0, lateCancelFeeType: 'fixed', lateCancelFeeAmount: 5000 })).toEqual({
      lateCancelFeeType: PRACTICE_MESSAGES.lateCancelWithoutWindow,
    });
    expect(parse({ ...minimal, cancellationWindowHours: 0, noShowFeeType: 'fixed', noShowFeeAmount: 5000 }).cancellationWindowHours).toBe(0);
  });

  it('computes the fee for a session', () => {
    expect(policyFee({ type: 'none', amount: null, percent: null }, 15000)).toBe(0);
    expect(policyFee({ type: 'fixed', amount: 5000, percent: null }, 15000)).toBe(5000);
    expect(policyFee({ type: 'percent', amount: null, percent: 50 }, 15000)).toBe(7500);
    expect(policyFee({ type: 'percent', amount: null, percent: 33 }, 1005)).toBe(332);
    expect(policyFee({ type: 'percent', amount: null, percent: 50 }, 1)).toBe(1);
    expect(policyFee({ type: 'percent', amount: null, percent: 100 }, 0)).toBe(0);
    const settings = parse({ ...minimal, lateCancelFeeType: 'percent', lateCancelFeePercent: 50, noShowFeeType: 'fixed', noShowFeeAmount: 9000 });
    expect(policyFee(lateCancelPolicy(settings), 12000)).toBe(6000);
    expect(policyFee(noShowPolicy(settings), 12000)).toBe(9000);
  });

  it('a cancellation is late inside the window only', () => {
    const start = new Date('2026-12-01T15:00:00Z');
    expect(isLateCancellation(24, start, new Date('2026-11-30T15:00:01Z'))).toBe(true);
    expect(isLateCancellation(24, start, new Date('2026-11-30T15:00:00Z'))).toBe(false);
    expect(isLateCancellation(48, start, new Date('2026-11-30T15:00:00Z'))).toBe(true);
    expect(isLateCancellation(0, start, new Date('2026-12-01T14:59:00Z'))).toBe(false);
  });
});

describe('practice settings: the public booking page (issue 32)', () => {
  it('an address opts the practice in, lowercased; empty turns the page off; anything else says what an address may hold', () => {
    expect(parse(minimal).bookingSlug).toBeNull();
    expect(parse({ ...minimal, bookingSlug: '  Calm-Harbor ' }).bookingSlug).toBe('calm-harbor');
    expect(parse({ ...minimal, bookingSlug: '' }).bookingSlug).toBeNull();
    for (const bad of ['calm harbor', '-calm', 'calm-', 'café', 'a'.repeat(41), '../x']) {
      expect(messages({ ...minimal, bookingSlug: bad }).bookingSlug, bad).toBe('Use 1 to 40 lowercase letters, digits and dashes, such as calm-waters.');
    }
  });
});
