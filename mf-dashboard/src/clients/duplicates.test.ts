import { describe, expect, it } from 'vitest';
import { DUPLICATE_MESSAGES, DuplicateIndex, findDuplicateClient, normalisedName } from './duplicates.ts';

const existing = [
  { $id: 'c1', firstName: 'Jane', lastName: 'Doe', dateOfBirth: '1985-03-14', email: 'jane@example.com' },
  { $id: 'c2', firstName: 'Mary-Ann', lastName: "O'Brien", dateOfBirth: '1970-01-02', email: null },
  { $id: 'c3', firstName: 'Sam', lastName: 'Lee', dateOfBirth: null, email: null },
];

const candidate = (fields: Partial<(typeof existing)[number]>) => ({ firstName: 'New', lastName: 'Person', dateOfBirth: null, email: null, ...fields });

describe('duplicate detection: same email, or same name and date of birth', () => {
  it('finds the same email case-insensitively, returning the existing client', () => {
    expect(findDuplicateClient(candidate({ email: ' JANE@Example.com ' }), existing)).toEqual({ client: existing[0], reason: 'email' });
  });

  it('finds the same normalised name and date of birth', () => {
    expect(findDuplicateClient(candidate({ firstName: 'mary ann', lastName: 'OBRIEN', dateOfBirth: '1970-01-02' }), existing)).toEqual({
      client: existing[1],
      reason: 'nameAndDateOfBirth',
    });
    expect(findDuplicateClient(candidate({ firstName: 'Mary Ann', lastName: 'O’Brien', dateOfBirth: '1970-01-02' }), existing)?.client.$id).toBe('c2');
  });

  it('ignores accents in names', () => {
    const list = [{ $id: 'z', firstName: 'Zoë', lastName: 'Müller', dateOfBirth: '2000-05-05', email: null }];
    expect(findDuplicateClient(candidate({ firstName: 'Zoe', lastName: 'Muller', dateOfBirth: '2000-05-05' }), list)?.client.$id).toBe('z');
    expect(normalisedName(" Mary-Ann  O'Brien ")).toBe('maryannobrien');
    expect(normalisedName(null)).toBe('');
  });

  it('the same name with another or no date of birth is not a duplicate', () => {
    expect(findDuplicateClient(candidate({ firstName: 'Jane', lastName: 'Doe', dateOfBirth: '1985-03-15' }), existing)).toBeNull();
    expect(findDuplicateClient(candidate({ firstName: 'Jane', lastName: 'Doe' }), existing)).toBeNull();
    expect(findDuplicateClient(candidate({ firstName: 'Sam', lastName: 'Lee' }), existing)).toBeNull();
  });

  it('the same date of birth with another name is not a duplicate', () => {
    expect(findDuplicateClient(candidate({ firstName: 'Janet', lastName: 'Doe', dateOfBirth: '1985-03-14' }), existing)).toBeNull();
  });

  it('prefers the email match when both apply', () => {
    const match = findDuplicateClient(candidate({ firstName: 'Mary-Ann', lastName: "O'Brien", dateOfBirth: '1970-01-02', email: 'jane@example.com' }), existing);
    expect(match).toEqual({ client: existing[0], reason: 'email' });
  });

  it('an edited client does not find itself, but still finds another record', () => {
    const self = existing[0]!;
    expect(findDuplicateClient(self, existing, { excludeId: 'c1' })).toBeNull();
    const twin = { ...self, $id: 'c9' };
    expect(findDuplicateClient(self, [...existing, twin], { excludeId: 'c1' })?.client.$id).toBe('c9');
  });

  it('an index grows as rows are added (duplicates within an import file)', () => {
    const index = new DuplicateIndex<ReturnType<typeof candidate>>([]);
    const first = candidate({ email: 'a@example.com' });
    expect(index.find(first)).toBeNull();
    index.add(first);
    expect(index.find(candidate({ firstName: 'Other', email: 'A@EXAMPLE.COM' }))).toEqual({ client: first, reason: 'email' });
  });

  it('offers the existing client by name', () => {
    expect(DUPLICATE_MESSAGES.email('Jane Doe')).toBe('Jane Doe already has this email address.');
    expect(DUPLICATE_MESSAGES.nameAndDateOfBirth('Jane Doe')).toBe('Jane Doe has the same name and date of birth.');
    expect(DUPLICATE_MESSAGES.openExisting).toBe('Open existing client');
  });
});
