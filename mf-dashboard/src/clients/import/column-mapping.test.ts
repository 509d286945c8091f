import { describe, expect, it } from 'vitest';
import { guessMapping, headerKey, IMPORT_FIELD_LABELS, IMPORT_FIELDS, MAPPING_MESSAGES, mappingProblems, remapColumn } from './column-mapping.ts';

describe('headers matched to client fields', () => {
  it("recognises SimplePractice's client field names", () => {
    expect(
      guessMapping([
        'Legal first name',
        'Legal last name',
        'What name do they go by?',
        'Date of birth',
        'Email',
        'Mobile phone',
        'Client status',
        'Referral source',
        'Address',
        'City',
        'State',
        'Zip',
      ]),
    ).toEqual(['firstName', 'lastName', 'preferredName', 'dateOfBirth', 'email', 'phone', 'status', 'referralSource', 'addressLine1', 'city', 'state', 'postalCode']);
  });

  it('recognises plain English headers, ignoring case, spaces and punctuation', () => {
    expect(
      guessMapping(['FIRST NAME', 'last_name', 'e-mail', 'D.O.B.', 'Phone #', 'Pronouns', 'Tags', 'ICD-10 codes', 'Emergency Contact', 'Emergency phone', 'Relationship', 'Notes', 'Sliding scale fee', 'Email reminders', 'Service']),
    ).toEqual([
      'firstName',
      'lastName',
      'email',
      'dateOfBirth',
      'phone',
      'pronouns',
      'tags',
      'diagnosisCodes',
      'emergencyContactName',
      'emergencyContactPhone',
      'emergencyContactRelationship',
      'adminNotes',
      'feeOverride',
      'reminderConsent',
      'defaultService',
    ]);
    expect(headerKey('  What name do they go by? ')).toBe('whatnamedotheygoby');
  });

  it("recognises every field by its own label (what Cadence's exports and the rejected-rows file use)", () => {
    expect(guessMapping(IMPORT_FIELDS.map((field) => IMPORT_FIELD_LABELS[field]))).toEqual(
      IMPORT_FIELDS.map((field) => (field === 'fullName' ? null : field)),
    );
  });

  it('recognises a field named after the person, as TherapyNotes and others write it ("Patient Last Name", "Client Email Address")', () => {
    expect(guessMapping(['Patient ID', 'Patient Last Name', 'Patient First Name', 'Patient DOB', 'Patient Status', 'Client Email Address', 'Customer Mobile Phone', 'Patient Zip Code (5 digits)', 'Clientele']))
      .toEqual([null, 'lastName', 'firstName', 'dateOfBirth', 'status', 'email', 'phone', 'postalCode', null]);
    // A prefix alone still names the whole name, as before.
    expect(guessMapping(['Patient', 'Email'])).toEqual(['fullName', 'email']);
  });

  it('leaves unknown columns unmatched and uses the first column naming a field', () => {
    expect(guessMapping(['Client ID', 'Email', 'Email', 'Insurance', 'Row', 'Problems'])).toEqual([null, 'email', null, null, null, null]);
  });

  it('uses a full-name column only when there are no first/last name columns', () => {
    expect(guessMapping(['Client', 'Email'])).toEqual(['fullName', 'email']);
    expect(guessMapping(['Name', 'First name', 'Last name'])).toEqual([null, 'firstName', 'lastName']);
  });
});

describe('re-mapping by hand', () => {
  it('moves a field to another column, freeing the old one, without changing the original', () => {
    const mapping = guessMapping(['First', 'Last', 'Mobile', 'Home phone']);
    expect(mapping).toEqual(['firstName', 'lastName', 'phone', null]);
    const moved = remapColumn(mapping, 3, 'phone');
    expect(moved).toEqual(['firstName', 'lastName', null, 'phone']);
    expect(mapping).toEqual(['firstName', 'lastName', 'phone', null]);
    expect(remapColumn(moved, 0, null)).toEqual([null, 'lastName', null, 'phone']);
    expect(remapColumn(moved, 9, 'email')).toBe(moved);
  });

  it('says what is missing before an import can start', () => {
    expect(mappingProblems(['firstName', 'lastName'])).toEqual([]);
    expect(mappingProblems(['fullName', 'email'])).toEqual([]);
    expect(mappingProblems(['firstName', 'email'])).toEqual([MAPPING_MESSAGES.needsLastName]);
    expect(mappingProblems(['lastName'])).toEqual([MAPPING_MESSAGES.needsFirstName]);
    expect(mappingProblems(['email', null])).toEqual([MAPPING_MESSAGES.needsName]);
    expect(mappingProblems([])).toEqual([MAPPING_MESSAGES.needsName]);
  });
});

describe('headers of other locales and headers naming their format (issue 29)', () => {
  it('matches a header that says how its cells are written by the field it names', () => {
    expect(guessMapping(['First name', 'Last name', 'Date of birth (DD/MM/YYYY)', 'DOB mm-dd-yy', 'Fee (USD)'])).toEqual(['firstName', 'lastName', 'dateOfBirth', null, 'feeOverride']);
    expect(guessMapping(['Geburtsdatum TT.MM.JJJJ', 'Date de naissance (JJ/MM/AAAA)'])).toEqual(['dateOfBirth', null]);
  });

  it("matches German, French, Spanish, Italian and Dutch spreadsheets' name, birth date, email and phone headers", () => {
    expect(guessMapping(['Vorname', 'Nachname', 'Geburtsdatum', 'E-Mail', 'Telefon'])).toEqual(['firstName', 'lastName', 'dateOfBirth', 'email', 'phone']);
    expect(guessMapping(['Prénom', 'Nom', 'Date de naissance', 'Courriel', 'Téléphone'])).toEqual(['firstName', 'lastName', 'dateOfBirth', 'email', 'phone']);
    expect(guessMapping(['Nombre', 'Apellidos', 'Fecha de nacimiento', 'Correo electrónico', 'Teléfono'])).toEqual(['firstName', 'lastName', 'dateOfBirth', 'email', 'phone']);
    expect(guessMapping(['Nome', 'Cognome', 'Data di nascita', 'Email', 'Cellulare'])).toEqual(['firstName', 'lastName', 'dateOfBirth', 'email', 'phone']);
    expect(guessMapping(['Voornaam', 'Achternaam', 'Geboortedatum', 'E-mail', 'Telefoonnummer'])).toEqual(['firstName', 'lastName', 'dateOfBirth', 'email', 'phone']);
  });
});
