import { describe, expect, it } from 'vitest';
import { clientSchemaFor } from './client-schema.ts';

const jane = { firstName: 'Jane', lastName: 'Doe' };

describe('a client’s insurance (issue 37: what a superbill and a claim need)', () => {
  it('keeps primary and secondary coverage and a responsible party, cleaned; empty is not recorded', () => {
    const client = clientSchemaFor().parse({
      ...jane, insurancePayerName: ' Blue Cross ', insurancePayerId: '00621', insuranceMemberId: 'XOF123', insuranceGroupNumber: 'G-1',
      insuranceSubscriberName: 'Mina Doe', insuranceSubscriberRelation: 'child', insuranceSubscriberDob: '1980-01-15',
      secondaryInsurancePayerName: 'Aetna', secondaryInsuranceSubscriberRelation: '', responsiblePartyName: 'Mina Doe', responsiblePartyPhone: '312 555 0199',
    });
    expect(client).toMatchObject({
      insurancePayerName: 'Blue Cross', insurancePayerId: '00621', insuranceMemberId: 'XOF123', insuranceGroupNumber: 'G-1', insuranceSubscriberName: 'Mina Doe',
      insuranceSubscriberRelation: 'child', insuranceSubscriberDob: '1980-01-15', secondaryInsurancePayerName: 'Aetna',
      secondaryInsuranceSubscriberRelation: null, secondaryInsuranceMemberId: null, responsiblePartyName: 'Mina Doe', responsiblePartyRelationship: null,
    });
    expect(client.responsiblePartyPhone).toMatch(/555/);
  });

  it('refuses a relationship outside the list and a date of birth that is not one, at their fields', () => {
    const result = clientSchemaFor().safeParse({ ...jane, insuranceSubscriberRelation: 'cousin', secondaryInsuranceSubscriberDob: '31/02/1980' });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['insuranceSubscriberRelation', 'secondaryInsuranceSubscriberDob']));
    expect(result.error?.issues.find((issue) => issue.path[0] === 'insuranceSubscriberRelation')?.message).toBe('Choose self, spouse, child or other.');
  });
});
