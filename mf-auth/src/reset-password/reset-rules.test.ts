import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { newPasswordError, parseExpire, resetLinkError } from './reset-rules.ts';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const link = (query: string) => resetLinkError(new URLSearchParams(query), NOW);

describe('reset link and new password (spec §5)', () => {
  it('needs userId, secret and a future expire', () => {
    expect(link('userId=u&secret=s&expire=2026-01-01T13:00:00.000%2B00:00')).toBeNull();
    expect(link('userId=u&secret=s')).toBe(MESSAGES.resetInvalidLink);
    expect(link('secret=s&expire=2026-01-01T13:00:00Z')).toBe(MESSAGES.resetInvalidLink);
    expect(link('userId=u&secret=s&expire=2026-01-01T11:00:00Z')).toBe(MESSAGES.resetExpiredLink);
    expect(link('userId=u&secret=s&expire=garbage')).toBe(MESSAGES.resetInvalidLink);
  });

  it('reads seconds since epoch too', () => {
    expect(parseExpire('1767268800')).toBe(1767268800000);
  });

  it('all fields, then match, then at least 8', () => {
    expect(newPasswordError('', 'x')).toBe('Please fill in all fields.');
    expect(newPasswordError('abcdefgh', 'abcdefgX')).toBe('Passwords do not match.');
    expect(newPasswordError('short', 'short')).toBe('Password must be at least 8 characters long.');
    expect(newPasswordError('long enough', 'long enough')).toBeNull();
  });
});
