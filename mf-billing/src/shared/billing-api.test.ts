import { ExecutionStatus } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { parseUrlAnswer } from './billing-api.ts';

describe('function answers (spec §8 function errors)', () => {
  it('a failed execution gives its errors text; an empty body gives the spec text', () => {
    expect(() => parseUrlAnswer({ status: ExecutionStatus.Failed, responseBody: '', errors: 'boom' })).toThrow('boom');
    expect(() => parseUrlAnswer({ status: ExecutionStatus.Completed, responseBody: '', errors: '' })).toThrow('Function returned empty response');
  });

  it('reads success, url and error', () => {
    expect(parseUrlAnswer({ status: ExecutionStatus.Completed, responseBody: '{"success":true,"url":"https://x/c","error":null}', errors: '' })).toEqual({
      success: true,
      url: 'https://x/c',
      error: null,
    });
    expect(parseUrlAnswer({ status: ExecutionStatus.Completed, responseBody: '{"success":false,"error":"nope"}', errors: '' })).toEqual({
      success: false,
      url: null,
      error: 'nope',
    });
  });
});
