import { describe, expect, it } from 'vitest';
import { allowedRedirectUri } from './redirect-uri.ts';

describe('redirect_uri (spec §2 /signup, mobile return)', () => {
  it('is honoured only with the configured app scheme', () => {
    expect(allowedRedirectUri('cadence://signup-complete?x=1', 'cadence')).toBe('cadence://signup-complete?x=1');
    expect(allowedRedirectUri('https://evil.example/cadence', 'cadence')).toBeNull();
    expect(allowedRedirectUri('javascript:alert(1)', 'cadence')).toBeNull();
    expect(allowedRedirectUri('cadencex://a', 'cadence')).toBeNull();
    expect(allowedRedirectUri('not a url', 'cadence')).toBeNull();
    expect(allowedRedirectUri(null, 'cadence')).toBeNull();
    expect(allowedRedirectUri('cadence://a', '')).toBeNull();
  });
});
