import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = new Date('2026-05-20T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('relativeTime (spec §9)', () => {
  it.each([
    [0, 'Just now'], [59_000, 'Just now'], [60_000, '1 minute ago'], [5 * 60_000, '5 minutes ago'],
    [3_600_000, '1 hour ago'], [23 * 3_600_000, '23 hours ago'], [86_400_000, '1 day ago'], [7 * 86_400_000, '7 days ago'],
  ])('%i ms ago → %s', (ms, text) => expect(relativeTime(ago(ms), now)).toBe(text));
  it('a date after 7 days', () => expect(relativeTime('2026-05-01T12:00:00Z', now)).toBe('Fri, May 1, 2026'));
  it('empty for a bad timestamp', () => expect(relativeTime('nope', now)).toBe(''));
});
