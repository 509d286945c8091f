import { describe, expect, it } from 'vitest';
import { overlapLines, overlapSentence, overlapTitle } from './overlap-warning.ts';

const ZONE = 'America/New_York';
const names: Record<string, string> = { jane: 'Jane D.', mimi: 'Mimi C.' };
const nameOf = (clientId: string | null) => (clientId ? names[clientId] ?? 'a client' : 'another appointment');

/** 10:00 in New York on the given December 2026 day (EST, UTC−5). */
const at = (day: number, hour = 10) => new Date(Date.UTC(2026, 11, day, hour + 5)).toISOString();

describe('overlapLines', () => {
  it('names a weekly client once with each of their dates once, not once per occurrence', () => {
    const found = [1, 8, 15, 22, 29].flatMap((day) => [{ start: at(day), clientId: 'jane' }]);
    // The server can list one appointment per occurrence it meets; a repeat must not repeat the date.
    found.push({ start: at(8), clientId: 'jane' });
    const lines = overlapLines(found, ZONE, nameOf);
    expect(lines).toEqual([{ who: 'Jane D.', time: '10:00 AM', dates: ['Tue, Dec 1, 2026', 'Tue, Dec 8, 2026', 'Tue, Dec 15, 2026', 'Tue, Dec 22, 2026', 'Tue, Dec 29, 2026'] }]);
    expect(overlapSentence(lines[0]!)).toBe('Jane D. at 10:00 AM on Tue, Dec 1, 2026; Tue, Dec 8, 2026; Tue, Dec 15, 2026; Tue, Dec 22, 2026; Tue, Dec 29, 2026');
  });

  it('keeps clients and times apart, in calendar order, whatever order they came in', () => {
    const lines = overlapLines([{ start: at(9, 14), clientId: 'mimi' }, { start: at(8), clientId: 'jane' }, { start: at(2, 14), clientId: 'mimi' }, { start: at(15, 11), clientId: 'jane' }], ZONE, nameOf);
    expect(lines.map(overlapSentence)).toEqual([
      'Mimi C. at 2:00 PM on Wed, Dec 2, 2026; Wed, Dec 9, 2026',
      'Jane D. at 10:00 AM on Tue, Dec 8, 2026',
      'Jane D. at 11:00 AM on Tue, Dec 15, 2026',
    ]);
  });

  it('says "another appointment" when the server did not say whose it is', () => {
    expect(overlapLines([{ start: at(1), clientId: null }], ZONE, nameOf).map(overlapSentence)).toEqual(['another appointment at 10:00 AM on Tue, Dec 1, 2026']);
  });
});

describe('overlapTitle', () => {
  it('counts the appointments in the way', () => {
    expect(overlapTitle(1)).toBe('This overlaps another appointment');
    expect(overlapTitle(26)).toBe('This overlaps 26 other appointments');
  });
});
