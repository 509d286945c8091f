import { describe, expect, it } from 'vitest';
import { FunctionAnswerError } from './billing-api.ts';
import { failureText } from './failure-text.ts';

describe('checkout and billing-portal failure texts (spec §8)', () => {
  it('a refusal the function answered: the plain spec text and the function’s own reason', () => {
    const conflict = new FunctionAnswerError('Failed to create checkout session', 'You already have a subscription. Manage it in the billing portal.');
    expect(failureText('checkout', conflict)).toEqual({
      message: 'Failed to create checkout session',
      detail: 'You already have a subscription. Manage it in the billing portal.',
    });
    expect(failureText('portal', new FunctionAnswerError('Failed to open billing portal', 'No billing account yet. Subscribe first.'))).toEqual({
      message: 'Failed to open billing portal',
      detail: 'No billing account yet. Subscribe first.',
    });
  });

  it('an answer without a url or a reason: the plain spec text alone', () => {
    expect(failureText('checkout', new FunctionAnswerError('Failed to create checkout session', null))).toEqual({ message: 'Failed to create checkout session', detail: null });
    expect(failureText('portal', new FunctionAnswerError('Failed to open billing portal', null))).toEqual({ message: 'Failed to open billing portal', detail: null });
  });

  it('no answer at all (network, failed execution, empty response): the retry variant, details only logged', () => {
    expect(failureText('checkout', new TypeError('Failed to fetch'))).toEqual({ message: 'Failed to initiate payment. Please try again.', detail: null });
    expect(failureText('portal', new Error('Function returned empty response'))).toEqual({ message: 'Failed to open billing portal. Please try again.', detail: null });
  });
});
