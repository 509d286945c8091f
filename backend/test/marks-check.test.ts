// lib/marks-check.js's bounds (issue 35): what a signature records when the marks check finds too
// many marks without a signature, or more changed marks than one read holds. The reads themselves
// run against the emulator in sign-note.test.ts.
import { Query } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { MARKS_CHECK_MARGIN_MS, MAX_UNSIGNED_MARKS, marksCheckAt, marksWithoutSignatureSince, type ListRows } from '../functions/lib/marks-check.js';

describe('marks-check', () => {
  const readAt = new Date('2026-11-29T10:00:00.000Z');

  it('records the point a margin before the read, with the marks found without a signature', () => {
    expect(marksCheckAt(readAt, ['a1'])).toEqual({ marksCheckedTo: new Date(readAt.getTime() - MARKS_CHECK_MARGIN_MS).toISOString().replace('Z', '+00:00'), unsignedMarks: ['a1'] });
  });

  it('records no point when more marks lack a signature than it lists, or when they were not checked', () => {
    const many = Array.from({ length: MAX_UNSIGNED_MARKS + 1 }, (_, i) => `a${i}`);
    expect(marksCheckAt(readAt, many)).toEqual({ marksCheckedTo: null, unsignedMarks: [] });
    expect(marksCheckAt(readAt, many.slice(1)).unsignedMarks).toHaveLength(MAX_UNSIGNED_MARKS);
    expect(marksCheckAt(readAt, null)).toEqual({ marksCheckedTo: null, unsignedMarks: [] });
  });

  it('gives up (null) when a whole read of marks changed since the point, so the caller checks everything', async () => {
    const list: ListRows = async (collection) => (collection === 'appointments' ? Array.from({ length: 5000 }, (_, i) => ({ $id: `a${i}`, userId: 'u1' })) : []);
    expect(await marksWithoutSignatureSince({ list, Query, userId: 'u1', check: { marksCheckedTo: '2026-11-01T00:00:00.000+00:00', unsignedMarks: [] } })).toBeNull();
  });
});
