// Issue 33 "AutoPay": the rules of lib/autopay.js without I/O — the window in the practice's zone,
// which charges are due, the attempt's id, the retry, and the notices the client sees.
import { describe, expect, it } from 'vitest';
import { attemptId, chargeDayOf, delayOf, dueCharges, inRunWindow, localClock, nextStep, upcomingCharges } from '../functions/lib/autopay.js';

const practice = (data: Record<string, unknown>) => ({ $id: 'p', ...data });

describe('AutoPay rules', () => {
  it('runs between midnight and 2 am on the practice’s own clock, across DST', () => {
    expect(localClock(new Date('2026-12-02T05:30:00Z'), 'America/New_York')).toEqual({ date: '2026-12-02', hour: 0 });
    expect(inRunWindow(localClock(new Date('2026-12-02T07:00:00Z'), 'America/New_York'))).toBe(false);
    expect(localClock(new Date('2026-07-02T04:30:00Z'), 'America/New_York')).toEqual({ date: '2026-07-02', hour: 0 });
    expect(localClock(new Date('2026-12-01T23:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-12-02', hour: 0 });
    expect(inRunWindow(localClock(new Date('2026-12-01T23:30:00Z'), 'Europe/Berlin'))).toBe(true);
  });

  it('takes charges older than the delay: by default the day after the session', () => {
    const open = [{ entryId: 'a', date: '2026-11-30', open: 100 }, { entryId: 'b', date: '2026-12-01', open: 200 }, { entryId: 'c', date: '2026-11-29', open: 0 }];
    expect(delayOf(practice({}))).toBe(1);
    expect(delayOf(practice({ autopayDelayDays: 3 }))).toBe(3);
    expect(delayOf(practice({ autopayDelayDays: 0 }))).toBe(1);
    expect(dueCharges(open, '2026-12-01', 1).map((o) => o.entryId)).toEqual(['a']);
    expect(dueCharges(open, '2026-12-02', 1).map((o) => o.entryId)).toEqual(['a', 'b']);
    expect(dueCharges(open, '2026-12-02', 3)).toEqual([]);
  });

  it('names an attempt by its balance: the same charges and amounts give the same id, a change a new one', () => {
    const id = attemptId('p', 'c', [{ entryId: 'a', open: 100 }, { entryId: 'b', open: 200 }]);
    expect(attemptId('p', 'c', [{ entryId: 'b', open: 200 }, { entryId: 'a', open: 100 }])).toBe(id);
    expect(attemptId('p', 'c', [{ entryId: 'a', open: 100 }, { entryId: 'b', open: 150 }])).not.toBe(id);
    expect(attemptId('p', 'd', [{ entryId: 'a', open: 100 }, { entryId: 'b', open: 200 }])).not.toBe(id);
    expect(id).toMatch(/^[0-9a-f]{36}$/);
  });

  it('goes again only for a pending attempt (same key) or a first failure 3 days old', () => {
    const now = new Date('2026-12-05T05:30:00Z');
    expect(nextStep(null, now)).toEqual({ go: true, attempt: 1, fresh: true });
    expect(nextStep({ status: 'pending', attempt: 1 }, now)).toEqual({ go: true, attempt: 1, fresh: false });
    expect(nextStep({ status: 'succeeded', attempt: 1 }, now)).toEqual({ go: false });
    expect(nextStep({ status: 'action_required', attempt: 1 }, now)).toEqual({ go: false });
    expect(nextStep({ status: 'failed', attempt: 1, retryAfter: '2026-12-05T05:30:00Z' }, now)).toEqual({ go: true, attempt: 2, fresh: false });
    expect(nextStep({ status: 'failed', attempt: 1, retryAfter: '2026-12-05T06:00:00Z' }, now)).toEqual({ go: false });
    expect(nextStep({ status: 'failed', attempt: 2, retryAfter: null }, now)).toEqual({ go: false });
  });

  it('tells the client each upcoming charge and its night', () => {
    const clock = { date: '2026-12-01', hour: 15 };
    expect(chargeDayOf('2026-11-20', 1, clock)).toBe('2026-12-02');
    expect(chargeDayOf('2026-12-04', 1, clock)).toBe('2026-12-05');
    expect(chargeDayOf('2026-11-20', 1, { date: '2026-12-01', hour: 1 })).toBe('2026-12-01');
    expect(upcomingCharges({
      openCharges: [{ date: '2026-11-20', open: 5000 }, { date: '2026-11-30', open: 12000 }, { date: '2026-12-01', open: 12000 }],
      balance: 20000, sessions: [{ date: '2026-12-08', fee: 12000 }, { date: '2026-12-09', fee: 0 }], delayDays: 1, clock,
    })).toEqual([{ date: '2026-12-02', amount: 20000, kind: 'balance' }, { date: '2026-12-09', amount: 12000, kind: 'session' }]);
  });
});
