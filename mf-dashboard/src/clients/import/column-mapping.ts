// Which column of an import file fills which client field (issue #13): matched by header name —
// SimplePractice's client fields as its client profile and exports name them ("Legal first name",
// "What name do they go by?", "Client status", "Referral source"…), plain English headers and the
// name, birth date, email and phone headers of German, French, Spanish, Italian and Dutch
// spreadsheets — then re-mappable by hand. Headers are compared without case, spaces or punctuation.

/** The client fields a column can fill; `fullName` is split into first and last name. */
export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'preferredName',
  'pronouns',
  'dateOfBirth',
  'email',
  'phone',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'status',
  'tags',
  'emergencyContactName',
  'emergencyContactRelationship',
  'emergencyContactPhone',
  'defaultService',
  'feeOverride',
  'diagnosisCodes',
  'reminderConsent',
  'referralSource',
  'adminNotes',
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number];

/** What the mapping step calls each field. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name (first and last)',
  preferredName: 'Preferred name',
  pronouns: 'Pronouns',
  dateOfBirth: 'Date of birth',
  email: 'Email',
  phone: 'Phone',
  addressLine1: 'Street address',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  postalCode: 'ZIP code',
  status: 'Status',
  tags: 'Tags',
  emergencyContactName: 'Emergency contact name',
  emergencyContactRelationship: 'Emergency contact relationship',
  emergencyContactPhone: 'Emergency contact phone',
  defaultService: 'Default service',
  feeOverride: 'Fee override',
  diagnosisCodes: 'Diagnosis codes',
  reminderConsent: 'Email reminder consent',
  referralSource: 'Referral source',
  adminNotes: 'Administrative notes',
};

/** Headers that name each field, as written; compared through headerKey. */
const HEADER_ALIASES: Record<ImportField, readonly string[]> = {
  firstName: ['First name', 'Legal first name', 'Client first name', 'Given name', 'First', 'Forename', 'fname', 'Vorname', 'Prénom', 'Nombre', 'Nome', 'Voornaam'],
  lastName: ['Last name', 'Legal last name', 'Client last name', 'Surname', 'Family name', 'Last', 'lname', 'Nachname', 'Familienname', 'Nom', 'Nom de famille', 'Apellido', 'Apellidos', 'Cognome', 'Achternaam'],
  fullName: ['Name', 'Full name', 'Client', 'Client name', 'Patient', 'Patient name', 'Legal name'],
  preferredName: ['Preferred name', 'What name do they go by?', 'Name they go by', 'Goes by', 'Nickname', 'Preferred first name'],
  pronouns: ['Pronouns', 'Preferred pronouns', 'Client pronouns'],
  dateOfBirth: ['Date of birth', 'DOB', 'Birth date', 'Birthdate', 'Birthday', 'Client DOB', 'Geburtsdatum', 'Date de naissance', 'Fecha de nacimiento', 'Data di nascita', 'Geboortedatum'],
  email: ['Email', 'Email address', 'E-mail', 'Primary email', 'Client email', 'Email 1', 'E-Mail-Adresse', 'Courriel', 'Adresse e-mail', 'Correo', 'Correo electrónico'],
  phone: ['Phone', 'Phone number', 'Mobile', 'Mobile phone', 'Cell', 'Cell phone', 'Home phone', 'Primary phone', 'Telephone', 'Client phone', 'Phone 1', 'Telefon', 'Telefonnummer', 'Handy', 'Téléphone', 'Portable', 'Teléfono', 'Móvil', 'Telefono', 'Cellulare', 'Telefoonnummer'],
  addressLine1: ['Address', 'Street', 'Street address', 'Address 1', 'Address line 1', 'Address street', 'Mailing address'],
  addressLine2: ['Address 2', 'Address line 2', 'Apt', 'Apartment', 'Suite', 'Unit', 'Apt/Suite'],
  city: ['City', 'Town', 'Address city'],
  state: ['State', 'State/Province', 'Address state', 'Province'],
  postalCode: ['ZIP', 'ZIP code', 'Zipcode', 'Postal code', 'Postcode', 'ZIP/Postal code', 'Address zip'],
  status: ['Status', 'Client status'],
  tags: ['Tags', 'Tag', 'Labels', 'Groups'],
  emergencyContactName: ['Emergency contact', 'Emergency contact name', 'Emergency name'],
  emergencyContactRelationship: ['Emergency contact relationship', 'Emergency relationship', 'Relationship'],
  emergencyContactPhone: ['Emergency contact phone', 'Emergency phone', 'Emergency contact phone number'],
  defaultService: ['Default service', 'Service', 'Service code', 'Default service code', 'CPT', 'CPT code'],
  feeOverride: ['Fee', 'Fee override', 'Session fee', 'Sliding scale', 'Sliding scale fee', 'Rate', 'Client fee'],
  diagnosisCodes: ['Diagnosis', 'Diagnoses', 'Diagnosis codes', 'Diagnosis code', 'ICD-10', 'ICD-10 codes', 'ICD10', 'Dx', 'Primary diagnosis'],
  reminderConsent: ['Reminder consent', 'Email reminders', 'Reminders', 'OK to email', 'Email OK', 'Appointment reminders'],
  referralSource: ['Referral source', 'Referred by', 'Referral', 'Source', 'How did you hear about us?'],
  adminNotes: ['Notes', 'Admin notes', 'Administrative notes', 'Comments', 'Client notes'],
};

/** "What name do they go by?" → "whatnamedotheygoby": no case, spaces or punctuation. */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const FIELD_BY_HEADER = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) {
  for (const alias of [IMPORT_FIELD_LABELS[field], ...HEADER_ALIASES[field]]) {
    const key = headerKey(alias);
    if (!FIELD_BY_HEADER.has(key)) FIELD_BY_HEADER.set(key, field);
  }
}

// A header may say how its cells are written: "DOB (DD/MM/YYYY)", "Date of birth mm-dd-yy",
// "Geburtsdatum TT.MM.JJJJ", "Fee (USD)". The field is named by what is left.
const FORMAT_WORDS = /\([^)]*\)|\b(?:[dmyjat]{1,4}[-/. ]){2}[dmyjat]{1,4}\b/gi;

function withoutFormat(header: string): string {
  return header.replace(FORMAT_WORDS, ' ');
}

// Other products name a client's fields after the person: "Patient Status", "Client Email Address",
// "Patient Last Name". The field is named by what follows.
const PERSON_PREFIX = /^(?:client|patient|customer)(?=.)/;

/** The field a header names: as written, without its format words, or without a person prefix. */
function fieldOf(header: string): ImportField | null {
  for (const key of [headerKey(header), headerKey(withoutFormat(header))]) {
    const field = FIELD_BY_HEADER.get(key) ?? FIELD_BY_HEADER.get(key.replace(PERSON_PREFIX, ''));
    if (field) return field;
  }
  return null;
}

/** For each column of the file, the field it fills, or null to skip it. */
export type ColumnMapping = (ImportField | null)[];

/**
 * Guesses the mapping from the headers. A field is filled by one column only: the first that
 * names it. A full-name column is used only when no first/last name columns exist.
 */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const used = new Set<ImportField>();
  const mapping: ColumnMapping = headers.map((header) => {
    const field = fieldOf(header);
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
  if (used.has('fullName') && (used.has('firstName') || used.has('lastName'))) {
    return mapping.map((field) => (field === 'fullName' ? null : field));
  }
  return mapping;
}

/** Maps one column by hand; the column that held that field before lets go of it. */
export function remapColumn(mapping: ColumnMapping, column: number, field: ImportField | null): ColumnMapping {
  if (column < 0 || column >= mapping.length) return mapping;
  return mapping.map((current, i) => {
    if (i === column) return field;
    return field !== null && current === field ? null : current;
  });
}

export const MAPPING_MESSAGES = {
  needsName: 'Match a column to First name and one to Last name, or one to Full name.',
  needsLastName: 'Match a column to Last name as well.',
  needsFirstName: 'Match a column to First name as well.',
} as const;

/** What must be fixed before importing: every client needs a first and last name. */
export function mappingProblems(mapping: ColumnMapping): string[] {
  const fields = new Set(mapping.filter((field): field is ImportField => field !== null));
  if (fields.has('firstName') && !fields.has('lastName') && !fields.has('fullName')) return [MAPPING_MESSAGES.needsLastName];
  if (fields.has('lastName') && !fields.has('firstName') && !fields.has('fullName')) return [MAPPING_MESSAGES.needsFirstName];
  if (!fields.has('fullName') && !(fields.has('firstName') && fields.has('lastName'))) return [MAPPING_MESSAGES.needsName];
  return [];
}
