import { describe, expect, it } from 'vitest';
import { slotDays, slotTimeLabel, timeLeft, zonesDiffer } from './booking-model.ts';

const slot = (start: string) => ({ start, end: new Date(Date.parse(start) + 50 * 60_000).toISOString() });

describe('booking model (issue 32)', () => {
  it('groups slots by the client\'s day, not UTC\'s: 23:00 in Chicago is the next day in UTC', () => {
    const slots = [slot('2026-12-02T05:00:00.000Z'), slot('2026-12-01T15:00:00.000Z'), slot('2026-12-02T15:00:00.000Z')];
    expect(slotDays(slots, 'America/Chicago').map((d) => [d.label, d.slots.length])).toEqual([['Tue, Dec 1, 2026', 2], ['Wed, Dec 2, 2026', 1]]);
    expect(slotDays(slots, 'UTC').map((d) => [d.label, d.slots.length])).toEqual([['Tue, Dec 1, 2026', 1], ['Wed, Dec 2, 2026', 2]]);
    expect(slotDays(slots, 'UTC', 1)).toHaveLength(1);
  });

  it('labels the practice\'s clock only when it differs from the client\'s', () => {
    expect(slotTimeLabel('2026-12-01T15:00:00.000Z', 'America/Chicago', 'America/Chicago')).toBe('9:00 AM');
    expect(slotTimeLabel('2026-12-01T15:00:00.000Z', 'America/Chicago', 'America/New_York')).toBe('9:00 AM CST (10:00 AM EST at the practice)');
    // Two names, one clock: nothing to label.
    expect(zonesDiffer('America/Detroit', 'America/New_York', '2026-12-01T15:00:00.000Z')).toBe(false);
  });

  it('says the undo time left', () => {
    expect(timeLeft('2026-12-01T15:05:00.000Z', Date.parse('2026-12-01T15:00:55.000Z'))).toBe('4:05');
    expect(timeLeft('2026-12-01T15:05:00.000Z', Date.parse('2026-12-01T15:05:00.000Z'))).toBeNull();
    expect(timeLeft(null, 0)).toBeNull();
  });
});
