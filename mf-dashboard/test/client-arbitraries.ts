// fast-check generators of clients as Cadence stores them (issue 29's property tests): every field
// set or left empty, with the text that breaks CSV files and importers — accents (composed and
// decomposed), quotes, commas, semicolons, tabs, line breaks in notes, formula-like starts (= + - @),
// apostrophes — and phones written nationally, with + and with 00. Shared by the import's own
// round trip (mf-dashboard) and the export → import one (backend/test).
import fc from 'fast-check';
import { clientSchemaFor, CLIENT_STATUSES, MAX_TAGS, type Client } from '../src/clients/client-schema.ts';
import { DuplicateIndex } from '../src/clients/duplicates.ts';
import { checkPhone, normaliseText, TEXT_LIMITS, US_STATE_CODES } from '../src/shared/validators.ts';

export const ARBITRARY_SERVICES = [
  { $id: 'svc-intake', name: 'Intake assessment', serviceCode: '90791' },
  { $id: 'svc-45', name: 'Psychotherapy, 45 min', serviceCode: '90834' },
  { $id: 'svc-named', name: '=Group "Tuesday"', serviceCode: null },
] as const;

// Letters with their decomposed forms, CSV's own characters, formula starts and the apostrophe a
// spreadsheet guard uses, so every generated text can hit each of them at its start or inside.
const PIECES = [
  'a', 'Z', 'é', 'e\u0301', 'ñ', 'n\u0303', 'Ö', 'ß', 'Ø', 'ł', '李', 'Ω', ' ', '  ', '\u00a0', ',', ';', '"', "'", '’', '-', '=', '+', '@', '\t', '.', '(', ')', '/', '1', '9',
];

const textOf = (max: number, pieces: readonly string[] = PIECES) =>
  fc
    .array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 12 })
    .map((parts) => normaliseText(parts.join(''), { multiline: false }))
    .filter((text) => text !== '' && [...text].length <= max);

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null, freq: 3 });

const notes = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.constantFrom('\n', '\r\n', '\n\n', 'line')), { minLength: 1, maxLength: 20 })
  .map((parts) => normaliseText(parts.join(''), { multiline: true }))
  .filter((text) => text !== '');

const PHONES = [
  '(312) 555-0100', '312.555.0199 x12', '+1 646 555 0123', '001 415 555 0134', '+34 612 345 678', '0034 612 345 678', '0032 470 12 34 56', '+44 20 7946 0958',
  '+61 2 9374 4000', '+49 30 901820', '+33 1 23 45 67 89', '(555) 123-4567', '555-010-2000', '+81 3-1234-5678',
];
const phone = fc.constantFrom(...PHONES).map((typed) => {
  const checked = checkPhone(typed);
  if (!checked.ok) throw new Error(`${typed}: ${checked.message}`);
  return checked.value;
});

const email = fc
  .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,10}[a-z0-9]$/), fc.constantFrom('example.com', 'mail.example.org', 'exämple.de'))
  .filter(([local]) => !local.includes('..'))
  .map(([local, domain]) => `${local}@${domain}`);

/** A calendar day from 1900 to `latest` (YYYY-MM-DD). */
export const dateOfBirth = (latest = '2026-11-01') =>
  fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date(`${latest}T00:00:00Z`), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));

const TAG_PIECES = PIECES.filter((piece) => ![',', ';'].includes(piece));
const tags = fc.uniqueArray(textOf(TEXT_LIMITS.tag, TAG_PIECES).filter((tag) => !tag.includes('|')), { maxLength: 4, selector: (tag) => tag.toLowerCase() });

const DIAGNOSES = ['F41.1', 'F32.A', 'F43.10', 'Z63.0', 'F90.2', 'F50.01'];

/** A client as stored: every field through clientSchemaFor(), so the generator never makes what the form could not. */
export const storedClient: fc.Arbitrary<Client> = fc
  .record({
    firstName: textOf(TEXT_LIMITS.name),
    lastName: textOf(TEXT_LIMITS.name),
    preferredName: optional(textOf(TEXT_LIMITS.preferredName)),
    pronouns: optional(textOf(TEXT_LIMITS.pronouns)),
    dateOfBirth: optional(dateOfBirth()),
    email: optional(email),
    phone: optional(phone),
    addressLine1: optional(textOf(TEXT_LIMITS.addressLine)),
    addressLine2: optional(textOf(TEXT_LIMITS.addressLine)),
    city: optional(textOf(TEXT_LIMITS.city)),
    state: optional(fc.constantFrom(...US_STATE_CODES)),
    postalCode: optional(fc.oneof(fc.stringMatching(/^\d{5}$/), fc.stringMatching(/^\d{5}-\d{4}$/))),
    status: fc.constantFrom(...CLIENT_STATUSES),
    tags: tags.map((list) => list.slice(0, MAX_TAGS)),
    emergencyContactName: optional(textOf(TEXT_LIMITS.name)),
    emergencyContactRelationship: optional(textOf(TEXT_LIMITS.relationship)),
    emergencyContactPhone: optional(phone),
    defaultServiceId: optional(fc.constantFrom(...ARBITRARY_SERVICES.map((service) => service.$id))),
    feeOverride: optional(fc.integer({ min: 0, max: 9_999_999 })),
    currency: fc.constant('USD'),
    diagnosisCodes: fc.uniqueArray(fc.constantFrom(...DIAGNOSES), { maxLength: 3 }),
    reminderConsent: fc.boolean(),
    referralSource: optional(textOf(TEXT_LIMITS.referralSource)),
    adminNotes: optional(notes),
  })
  .map((client) => ({
    ...client,
    reminderConsent: client.reminderConsent && client.email !== null,
    emergencyContactRelationship: client.emergencyContactName ? client.emergencyContactRelationship : null,
    emergencyContactPhone: client.emergencyContactName ? client.emergencyContactPhone : null,
  }))
  .map((client) => {
    const parsed = clientSchemaFor().safeParse(client);
    if (!parsed.success) throw new Error(`generated an invalid client: ${JSON.stringify(parsed.error.issues)} ${JSON.stringify(client)}`);
    return parsed.data;
  });

/** Clients that are each their own person: none a duplicate of another, as the import's own check sees it. */
export const distinctClients = (maxLength = 8) =>
  fc.array(storedClient, { minLength: 1, maxLength }).map((clients) => {
    const index = new DuplicateIndex<Client>([], () => undefined);
    return clients.filter((client) => {
      if (index.find(client)) return false;
      index.add(client);
      return true;
    });
  });
