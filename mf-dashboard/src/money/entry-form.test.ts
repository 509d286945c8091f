import { describe, expect, it } from 'vitest';
import { checkEntryForm, emptyEntryForm, ENTRY_MESSAGES, formFieldOf } from './entry-form.ts';

const form = (changes: Partial<ReturnType<typeof emptyEntryForm>>) => ({ ...emptyEntryForm('jane1', '2026-03-04'), ...changes });

describe('the money dialogs’ forms', () => {
  it('answers each field that needs fixing, in plain words', () => {
    const checked = checkEntryForm('payment', form({ clientId: '', amount: '0', date: '' }), 'USD');
    expect(checked).toEqual({ errors: { clientId: ENTRY_MESSAGES.client, amount: ENTRY_MESSAGES.amountZero, date: ENTRY_MESSAGES.date, method: ENTRY_MESSAGES.method } });
    expect(checkEntryForm('payment', form({ amount: '12.345', method: 'cash' }), 'USD')).toEqual({ errors: { amount: 'USD amounts have at most 2 decimal places.' } });
    expect(checkEntryForm('adjustment', form({ amount: '10' }), 'USD')).toEqual({ errors: { adjustmentType: ENTRY_MESSAGES.adjustmentType, reason: ENTRY_MESSAGES.reason } });
    expect(checkEntryForm('charge', form({ amount: '10' }), 'USD')).toEqual({ errors: { memo: ENTRY_MESSAGES.memoForCharge } });
    expect(checkEntryForm('refund', form({ amount: '10', method: 'check', reference: 'x'.repeat(101) }), 'USD')).toEqual({ errors: { reference: ENTRY_MESSAGES.tooLong('reference', 100) } });
  });

  it('gives the ledger function minor units and only the fields its action takes', () => {
    expect(checkEntryForm('payment', form({ amount: '$1,200.50', method: 'check', reference: ' 1042 ', memo: '', invoiceId: 'inv1' }), 'USD')).toEqual({
      entry: { clientId: 'jane1', amount: 120_050, date: '2026-03-04', method: 'check', reference: '1042', invoiceId: 'inv1' },
    });
    expect(checkEntryForm('adjustment', form({ amount: '20', adjustmentType: 'write_off', reason: ' Hardship ', reference: 'ignored' }), 'USD')).toEqual({
      entry: { clientId: 'jane1', amount: 2_000, date: '2026-03-04', type: 'write_off', reason: 'Hardship' },
    });
    expect(checkEntryForm('refund', form({ amount: '40', method: 'card', paymentId: 'pay1', invoiceId: 'ignored' }), 'USD')).toEqual({
      entry: { clientId: 'jane1', amount: 4_000, date: '2026-03-04', method: 'card', paymentId: 'pay1' },
    });
    expect(checkEntryForm('charge', form({ amount: '1500', memo: 'Records copy' }), 'JPY')).toEqual({ entry: { clientId: 'jane1', amount: 1_500, date: '2026-03-04', memo: 'Records copy' } });
  });

  it('reads an amount typed with a decimal comma as its decimals, never a hundred times more (issue 29)', () => {
    expect(checkEntryForm('payment', form({ amount: '80,50', method: 'cash' }), 'EUR')).toMatchObject({ entry: { amount: 8_050 } });
    expect(checkEntryForm('payment', form({ amount: '1.234,56 €', method: 'cash' }), 'EUR')).toMatchObject({ entry: { amount: 123_456 } });
  });

  it('places a refusal under the field the function names', () => {
    expect(formFieldOf('amount')).toBe('amount');
    expect(formFieldOf('type')).toBe('adjustmentType');
    expect(formFieldOf('paymentId')).toBe('paymentId');
    expect(formFieldOf('idempotencyKey')).toBeNull();
    expect(formFieldOf(null)).toBeNull();
  });
});
