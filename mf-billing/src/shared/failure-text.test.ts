import { describe, expect, it } from 'vitest';
import { FunctionError, FunctionRefusedError } from '@cadence/shared-auth';
import { failureText } from './failure-text.ts';

describe('checkout and billing-portal failure texts (spec §8)', () => {
  it('a refusal the function answered: the plain spec text and the function’s own reason', () => {
    const conflict = new FunctionRefusedError('You already have a subscription. Manage it in the billing portal.', 409, {});
    expect(failureText('checkout', conflict)).toEqual({
      message: 'Failed to create checkout session',
      detail: 'You already have a subscription. Manage it in the billing portal.',
    });
    expect(failureText('portal', new FunctionRefusedError('No billing account yet. Subscribe first.', 400, {}))).toEqual({
      message: 'Failed to open billing portal',
      detail: 'No billing account yet. Subscribe first.',
    });
  });

  it('an answer without a url or a reason: the plain spec text alone', () => {
    expect(failureText('checkout', new FunctionRefusedError(null, 200, {}))).toEqual({ message: 'Failed to create checkout session', detail: null });
    expect(failureText('portal', new FunctionRefusedError(null, 200, {}))).toEqual({ message: 'Failed to open billing portal', detail: null });
  });

  it('no answer at all (network, failed execution, empty response): the retry variant, details only logged', () => {
    expect(failureText('checkout', new TypeError('Failed to fetch'))).toEqual({ message: 'Failed to initiate payment. Please try again.', detail: null });
    expect(failureText('portal', new FunctionError('Function returned empty response'))).toEqual({ message: 'Failed to open billing portal. Please try again.', detail: null });
  });
});
