import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldMessages } from '../shared/schema-fields.ts';
import { VALIDATION_MESSAGES } from '../shared/validators.ts';
import { INSURANCE_KEYS } from './client-insurance.ts';
import {
  CLIENT_FIELDS,
  CLIENT_MESSAGES,
  clientDisplayName,
  clientSchemaFor,
  isArchived,
  matchesClientSearch,
  splitTags,
} from './client-schema.ts';

const jane = { firstName: 'Jane', lastName: 'Doe' };

function messages(input: unknown): Record<string, string> {
  const result = clientSchemaFor().safeParse(input);
  return result.success ? {} : fieldMessages(result.error);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a client: every field of the issue', () => {
  it('needs only first and last name; the rest defaults', () => {
    expect(clientSchemaFor().parse(jane)).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      preferredName: null,
      pronouns: null,
      dateOfBirth: null,
      email: null,
      phone: null,
      addressLine1: null,
      addressLine2: null,
      city: null,
      state: null,
      postalCode: null,
      status: 'active',
      tags: [],
      emergencyContactName: null,
      emergencyContactRelationship: null,
      emergencyContactPhone: null,
      defaultServiceId: null,
      feeOverride: null,
      currency: 'USD',
      diagnosisCodes: [],
      reminderConsent: false,
      referralSource: null,
      adminNotes: null,
      ...Object.fromEntries(INSURANCE_KEYS.map((key) => [key, null])),
    });
  });

  it('accepts a complete client and cleans what was typed', () => {
    const client = clientSchemaFor().parse({
      firstName: ' Zoë ',
      lastName: "O'Brien",
      preferredName: 'Zo',
      pronouns: 'she/her',
      dateOfBirth: '1990-06-01',
      email: 'Zoe@Example.COM',
      phone: '555.123.4567',
      addressLine1: '12 Elm St',
      addressLine2: '',
      city: 'Austin',
      state: 'tx',
      postalCode: '73301',
      status: 'prospective',
      tags: 'couples, Sliding scale; couples',
      emergencyContactName: 'Sam Doe',
      emergencyContactRelationship: 'Partner',
      emergencyContactPhone: '+1 555 987 6543',
      defaultServiceId: 'svc_90834',
      feeOverride: '$80',
      diagnosisCodes: 'F41.1, f32a',
      reminderConsent: true,
      referralSource: 'Psychology Today',
      adminNotes: 'Prefers evening sessions.\nPays by card.',
    });
    expect(client).toMatchObject({
      firstName: 'Zoë',
      email: 'Zoe@example.com',
      state: 'TX',
      tags: ['couples', 'Sliding scale'],
      defaultServiceId: 'svc_90834',
      feeOverride: 8000,
      diagnosisCodes: ['F41.1', 'F32.A'],
      addressLine2: null,
      adminNotes: 'Prefers evening sessions.\nPays by card.',
    });
  });

  it('a stored client parses to itself (the function receiving it checks the same)', () => {
    const stored = clientSchemaFor().parse({ ...jane, email: 'jane@example.com', reminderConsent: true, tags: ['a'], diagnosisCodes: ['F41.1'] });
    expect(clientSchemaFor().parse(stored)).toEqual(stored);
  });

  it('gives each bad field its own message', () => {
    expect(
      messages({
        firstName: '',
        lastName: 'x'.repeat(51),
        dateOfBirth: '2030-01-01',
        email: 'jane@',
        phone: '12',
        status: 'archived',
        defaultServiceId: '../x',
        feeOverride: -5,
        diagnosisCodes: ['F41.1', 'nope'],
        reminderConsent: 'yes',
        pronouns: 'x'.repeat(31),
      }),
    ).toEqual({
      firstName: 'Enter the first name.',
      lastName: 'The last name can be at most 50 characters.',
      dateOfBirth: VALIDATION_MESSAGES.dateOfBirthFuture,
      email: VALIDATION_MESSAGES.email,
      phone: VALIDATION_MESSAGES.phone,
      status: CLIENT_MESSAGES.status,
      defaultServiceId: CLIENT_MESSAGES.defaultService,
      feeOverride: 'Enter an amount of zero or more.',
      diagnosisCodes: '"nope" is not an ICD-10-CM code (such as F41.1).',
      reminderConsent: CLIENT_MESSAGES.reminderConsent,
      pronouns: 'The pronouns can be at most 30 characters.',
    });
  });

  it('the fee override is minor units as stored, or typed text in the client currency', () => {
    expect(clientSchemaFor().parse({ ...jane, feeOverride: 8000 }).feeOverride).toBe(8000);
    expect(clientSchemaFor().parse({ ...jane, feeOverride: '80.00' }).feeOverride).toBe(8000);
    expect(clientSchemaFor().parse({ ...jane, feeOverride: '1.5', currency: 'KWD' }).feeOverride).toBe(1500);
    expect(clientSchemaFor().parse({ ...jane, feeOverride: '' }).feeOverride).toBeNull();
    expect(messages({ ...jane, feeOverride: '80.5', currency: 'JPY' })).toEqual({ feeOverride: 'JPY amounts have no decimal places.' });
    expect(messages({ ...jane, feeOverride: 80.5 })).toEqual({ feeOverride: CLIENT_MESSAGES.feeOverride });
  });

  it('date of birth: not in the future, not before 1900', () => {
    expect(clientSchemaFor().parse({ ...jane, dateOfBirth: '2026-11-25' }).dateOfBirth).toBe('2026-11-25');
    expect(messages({ ...jane, dateOfBirth: '2026-11-27' })).toEqual({ dateOfBirth: VALIDATION_MESSAGES.dateOfBirthFuture });
    expect(messages({ ...jane, dateOfBirth: '1899-12-31' })).toEqual({ dateOfBirth: VALIDATION_MESSAGES.dateOfBirthTooEarly });
    expect(messages({ ...jane, dateOfBirth: '1990-02-30' })).toEqual({ dateOfBirth: VALIDATION_MESSAGES.dateOfBirthFormat });
  });

  it('tags: up to 20 short labels', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `tag ${i}`);
    expect(clientSchemaFor().parse({ ...jane, tags: twenty }).tags).toHaveLength(20);
    expect(messages({ ...jane, tags: [...twenty, 'one more'] })).toEqual({ tags: CLIENT_MESSAGES.tagsTooMany });
    expect(messages({ ...jane, tags: ['x'.repeat(31)] })).toEqual({ tags: CLIENT_MESSAGES.tagTooLong('x'.repeat(31)) });
    expect(messages({ ...jane, tags: 5 })).toEqual({ tags: CLIENT_MESSAGES.tags });
    expect(splitTags(['  a  b ', 'A B', '', 'c'])).toEqual(['a b', 'c']);
  });

  it('diagnosis codes: at most 12, in order, no duplicates', () => {
    const codes = ['F43.10', 'F41.1', 'Z63.0'];
    expect(clientSchemaFor().parse({ ...jane, diagnosisCodes: codes }).diagnosisCodes).toEqual(codes);
    expect(messages({ ...jane, diagnosisCodes: ['F41.1', 'F41.1'] })).toEqual({ diagnosisCodes: 'F41.1 is listed more than once.' });
    const thirteen = Array.from({ length: 13 }, (_, i) => `F4${Math.floor(i / 10)}.${i % 10}`);
    expect(messages({ ...jane, diagnosisCodes: thirteen })).toEqual({ diagnosisCodes: VALIDATION_MESSAGES.diagnosisTooMany(12) });
  });

  it('reminders need an email; an emergency contact needs a name', () => {
    expect(messages({ ...jane, reminderConsent: true })).toEqual({ reminderConsent: CLIENT_MESSAGES.reminderNeedsEmail });
    expect(messages({ ...jane, emergencyContactPhone: '555-123-4567' })).toEqual({ emergencyContactName: CLIENT_MESSAGES.emergencyContactName });
    expect(messages({ ...jane, emergencyContactName: 'Sam', emergencyContactPhone: '555' })).toEqual({ emergencyContactPhone: VALIDATION_MESSAGES.phone });
  });

  it('never throws on junk', () => {
    for (const junk of [null, 'client', 42, [], { firstName: {}, lastName: [] }]) expect(clientSchemaFor().safeParse(junk).success).toBe(false);
  });

  it('lists its fields for forms and the import', () => {
    expect(CLIENT_FIELDS).toContain('emergencyContactPhone');
    expect(CLIENT_FIELDS).toHaveLength(41);
  });
});

describe('names, archive and search', () => {
  const client = clientSchemaFor().parse({ firstName: 'Zoë', lastName: 'Nguyen', preferredName: 'Zo', email: 'zo@example.com', phone: '(555) 123-4567' });

  it('shows the preferred name when there is one', () => {
    expect(clientDisplayName(client)).toBe('Zo Nguyen');
    expect(clientDisplayName({ ...client, preferredName: null })).toBe('Zoë Nguyen');
  });

  it('inactive and discharged clients are archived', () => {
    expect(isArchived({ status: 'active' })).toBe(false);
    expect(isArchived({ status: 'prospective' })).toBe(false);
    expect(isArchived({ status: 'inactive' })).toBe(true);
    expect(isArchived({ status: 'discharged' })).toBe(true);
  });

  it('searches names, preferred name, email and phone, ignoring case and accents', () => {
    for (const query of ['', 'zoe', 'ZOË', 'nguy', 'zo ngu', 'zo@example', '555-123', '1234567', '(555) 123']) {
      expect(matchesClientSearch(client, query), query).toBe(true);
    }
    for (const query of ['smith', 'zoe smith', '999', '12']) expect(matchesClientSearch(client, query), query).toBe(false);
  });
});
