import { ExecutionStatus } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { parseUrlAnswer } from './billing-api.ts';
import { appDeepLink, isMobileDevice } from './mobile.ts';

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

describe('mobile deep link (spec §2 /payment-success)', () => {
  it('final_redirect_uri only when it uses the app scheme', () => {
    expect(appDeepLink('cadence', 'cadence://billing-done')).toBe('cadence://billing-done');
    expect(appDeepLink('cadence', 'https://evil.test/')).toBe('cadence://signup-complete');
    expect(appDeepLink('cadence', null)).toBe('cadence://signup-complete');
  });

  it('detects phones', () => {
    expect(isMobileDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0')).toBe(false);
  });
});
