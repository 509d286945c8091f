import { describe, expect, it } from 'vitest';
import { toResponse } from '@cadence/shared-auth/forms';
import { formTemplateOf } from '@cadence/shared-auth/forms/templates';
import { clientSchemaFor } from '../client-schema.ts';
import { acceptedChanges, reviewRows } from './form-review-rows.ts';

const client = clientSchemaFor('US').parse({ firstName: 'Ada', lastName: 'Byron', phone: '+13125550100', city: 'London' });
const demographics = formTemplateOf('demographics')!;

describe('review: the answers beside the record', () => {
  const response = toResponse(demographics, {
    firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', phone: '(312) 555-0101', contactPreference: 'email', city: 'London',
  }, { status: 'completed' });

  it('each answer with the record field it maps to and the record’s value now; unmapped answers are shown, not acceptable', () => {
    const rows = reviewRows(demographics, response, client, 'US');
    expect(rows.map((r) => [r.label, r.answer, r.field, r.current, r.same])).toEqual([
      ['First name', 'Ada', 'firstName', 'Ada', true],
      ['Last name', 'Lovelace', 'lastName', 'Byron', false],
      ['Date of birth', '1990-12-10', 'dateOfBirth', '', false],
      ['Phone', '(312) 555-0101', 'phone', '(312) 555-0100', false],
      ['City', 'London', 'city', 'London', true],
      ['How may we contact you?', 'Email', null, '', false],
    ]);
  });

  it('accepted answers go through the client schema: the phone stored as E.164, only the accepted fields change', () => {
    expect(acceptedChanges(client, 'US', { lastName: 'Lovelace', phone: '(312) 555-0101' })).toEqual({ ok: true, changes: { lastName: 'Lovelace', phone: '+13125550101' } });
  });

  it('an answer the record cannot take is refused at its field, nothing changes', () => {
    expect(acceptedChanges(client, 'US', { phone: '12', dateOfBirth: '2099-01-01' })).toMatchObject({ ok: false, errors: { phone: expect.any(String), dateOfBirth: expect.any(String) } });
  });
});
