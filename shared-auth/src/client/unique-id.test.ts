import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { uniqueId } from '@cadence/shared-auth';

describe('uniqueId (spec §9: hex timestamp + 7 random hex)', () => {
  it('is 13 hex characters of timestamp followed by 7 random hex characters', () => {
    expect(uniqueId()).toMatch(/^[0-9a-f]{13}[0-9a-f]{7}$/);
  });
  it('encodes seconds then milliseconds as 5 hex digits, like the SDK ID.unique()', () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 0, 42);
    const id = uniqueId(now, () => 0.999);
    expect(id.slice(0, 8)).toBe(Math.floor(now / 1000).toString(16));
    expect(id.slice(8, 13)).toBe('0002a');
    expect(id.slice(13)).toBe('fffffff');
    expect(uniqueId(now, () => 0).slice(13)).toBe('0000000');
    expect(id).toHaveLength(ID.unique().length);
  });
  it('sorts by creation time', () => {
    const a = uniqueId(1_767_225_600_000);
    const b = uniqueId(1_767_225_600_001);
    expect(a < b).toBe(true);
  });
  it('is unique across calls', () => {
    expect(new Set(Array.from({ length: 1000 }, () => uniqueId())).size).toBe(1000);
  });
});
