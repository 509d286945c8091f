import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer, type IdlePhase, type IdleTimer, type TabChannel, type TabMessage } from './idle-timer.ts';

// issue 17: the idle timer across tabs, with fake timers and an in-memory channel standing in for
// BroadcastChannel (a message reaches every other tab, never the sender).

const MINUTE = 60_000;
const LIMIT = 15 * MINUTE;
const WARNING = MINUTE;

function browser() {
  const listeners = new Map<symbol, (message: TabMessage) => void>();
  const sent: TabMessage[] = [];
  const channel = (): TabChannel => {
    const self = Symbol('tab');
    return {
      post: (message) => {
        sent.push(message);
        for (const [tab, listener] of listeners) if (tab !== self) listener(message);
      },
      subscribe: (listener) => {
        listeners.set(self, listener);
        return () => listeners.delete(self);
      },
    };
  };
  return { channel, sent };
}

interface Tab {
  timer: IdleTimer;
  phases: IdlePhase[];
}

function openTab(channel: TabChannel, limitMs = LIMIT): Tab {
  const phases: IdlePhase[] = [];
  const timer = createIdleTimer({ limitMs, warningMs: WARNING, channel, onPhase: (phase) => phases.push(phase) });
  return { timer, phases };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('one tab', () => {
  it('warns 60 s before the limit, then expires at the limit', () => {
    const { channel } = browser();
    const tab = openTab(channel());
    const start = Date.now();
    expect(tab.timer.signOutAt()).toBe(start + LIMIT);
    vi.advanceTimersByTime(LIMIT - WARNING - 1);
    expect(tab.phases).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(tab.phases).toEqual(['warning']);
    vi.advanceTimersByTime(WARNING - 1);
    expect(tab.timer.phase()).toBe('warning');
    vi.advanceTimersByTime(1);
    expect(tab.phases).toEqual(['warning', 'expired']);
    vi.advanceTimersByTime(60 * MINUTE);
    expect(tab.phases).toEqual(['warning', 'expired']);
  });

  it('activity restarts the count; during the warning only "Stay signed in" does', () => {
    const { channel } = browser();
    const tab = openTab(channel());
    vi.advanceTimersByTime(10 * MINUTE);
    expect(tab.timer.activity()).toBe(true);
    vi.advanceTimersByTime(14 * MINUTE);
    expect(tab.phases).toEqual(['warning']);
    // A pointer moving over the warning is not an answer.
    expect(tab.timer.activity()).toBe(false);
    vi.advanceTimersByTime(30_000);
    expect(tab.timer.phase()).toBe('warning');
    expect(tab.timer.stay()).toBe(true);
    expect(tab.phases).toEqual(['warning', 'active']);
    expect(tab.timer.signOutAt()).toBe(Date.now() + LIMIT);
  });

  it('once the time is up nothing revives it, even if the timers never ran (a sleeping laptop wakes)', () => {
    const { channel } = browser();
    const tab = openTab(channel());
    vi.setSystemTime(Date.now() + 2 * LIMIT); // the clock jumps, no timer has fired
    expect(tab.timer.activity()).toBe(false);
    expect(tab.phases).toEqual(['expired']);
    expect(tab.timer.stay()).toBe(false);
    expect(tab.timer.phase()).toBe('expired');
  });
});

describe('two tabs of one browser', () => {
  it('activity in tab B keeps tab A alive', () => {
    const { channel } = browser();
    const a = openTab(channel());
    const b = openTab(channel());
    vi.advanceTimersByTime(10 * MINUTE);
    b.timer.activity();
    vi.advanceTimersByTime(10 * MINUTE); // 20 min after A was opened, 10 after B's activity
    expect(a.phases).toEqual([]);
    expect(a.timer.signOutAt()).toBe(b.timer.signOutAt());
    vi.advanceTimersByTime(4 * MINUTE);
    expect(a.phases).toEqual(['warning']);
    expect(b.phases).toEqual(['warning']);
    vi.advanceTimersByTime(WARNING);
    expect(a.phases).toEqual(['warning', 'expired']);
    expect(b.phases).toEqual(['warning', 'expired']);
  });

  it('"Stay signed in" in one tab closes the warning in both', () => {
    const { channel } = browser();
    const a = openTab(channel());
    const b = openTab(channel());
    vi.advanceTimersByTime(LIMIT - 30_000);
    expect([a.timer.phase(), b.timer.phase()]).toEqual(['warning', 'warning']);
    a.timer.stay();
    expect(a.phases).toEqual(['warning', 'active']);
    expect(b.phases).toEqual(['warning', 'active']);
    vi.advanceTimersByTime(LIMIT - WARNING - 1);
    expect(b.timer.phase()).toBe('active');
    vi.advanceTimersByTime(WARNING + 1);
    expect(b.phases).toEqual(['warning', 'active', 'warning', 'expired']);
  });

  it('opening a new signed-in tab counts as activity for the others', () => {
    const { channel } = browser();
    const a = openTab(channel());
    vi.advanceTimersByTime(12 * MINUTE);
    openTab(channel());
    vi.advanceTimersByTime(12 * MINUTE);
    expect(a.phases).toEqual([]);
  });

  it('a limit chosen in one tab applies in the others', () => {
    const { channel } = browser();
    const a = openTab(channel());
    const b = openTab(channel());
    a.timer.setLimit(5 * MINUTE);
    vi.advanceTimersByTime(4 * MINUTE);
    expect(b.phases).toEqual(['warning']);
    vi.advanceTimersByTime(MINUTE);
    expect(b.phases).toEqual(['warning', 'expired']);
    expect(a.phases).toEqual(['warning', 'expired']);
  });

  it('tells the other tabs of activity at most once a second (pointer moves come by the hundred)', () => {
    const { channel, sent } = browser();
    const a = openTab(channel());
    openTab(channel());
    sent.length = 0;
    // Three seconds of moves every 20 ms, the first second after the tab said it was opened.
    for (let i = 0; i < 150; i += 1) {
      a.timer.activity();
      vi.advanceTimersByTime(20);
    }
    expect(sent.filter((m) => m.type === 'activity')).toHaveLength(2);
  });

  it('a stopped tab (signed out, or left for a page that is not the app) neither counts nor expires', () => {
    const { channel } = browser();
    const a = openTab(channel());
    const b = openTab(channel());
    b.timer.stop();
    vi.advanceTimersByTime(2 * LIMIT);
    expect(b.phases).toEqual([]);
    expect(a.phases).toEqual(['warning', 'expired']);
  });
});
