import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionExtender, localStorageTime, type SharedTime } from './session-extender.ts';

// issue 17: activity extends the server session at most once per interval for the whole browser,
// within Appwrite's 10 updateSession calls an hour.

const MINUTE = 60_000;
const INTERVAL = 10 * MINUTE;

function sharedStore(): SharedTime {
  let value: number | null = null;
  return { get: () => value, set: (at) => { value = at; } };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('session extension', () => {
  it('extends on the first activity, then at most once per interval across two tabs', async () => {
    const shared = sharedStore();
    const extend = vi.fn(() => Promise.resolve());
    const tabA = createSessionExtender({ intervalMs: INTERVAL, extend, shared });
    const tabB = createSessionExtender({ intervalMs: INTERVAL, extend, shared });
    tabA.activity();
    await vi.advanceTimersByTimeAsync(0);
    expect(extend).toHaveBeenCalledTimes(1);
    // A working hour of activity every few seconds in both tabs.
    for (let t = 0; t < 60 * MINUTE; t += 5_000) {
      (t % 10_000 ? tabA : tabB).activity();
      await vi.advanceTimersByTimeAsync(5_000);
    }
    expect(extend).toHaveBeenCalledTimes(6); // at 0, 10, 20, 30, 40 and 50 minutes: within Appwrite's 10 an hour
  });

  it('a failed extension (429, offline) is not retried before the next interval, and never twice at once', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail: (reason: unknown) => void = () => undefined;
    const extend = vi.fn(() => new Promise<void>((_resolve, reject) => { fail = reject; }));
    const shared = sharedStore();
    const tab = createSessionExtender({ intervalMs: INTERVAL, extend, shared });
    tab.activity();
    shared.set(0); // another tab cleared the claim: the call in flight still blocks a second one
    tab.activity();
    expect(extend).toHaveBeenCalledTimes(1);
    shared.set(Date.now());
    fail(new Error('Rate limit for the current endpoint has been exceeded.'));
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    tab.activity();
    expect(extend).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    tab.activity();
    expect(extend).toHaveBeenCalledTimes(2);
  });

  it('keeps its own time where localStorage is unavailable', () => {
    const storage = globalThis.localStorage as Storage | undefined;
    expect(storage).toBeUndefined(); // node: no storage at all
    const time = localStorageTime('cadence.session-extended-at');
    expect(time.get()).toBeNull();
    time.set(1234);
    expect(time.get()).toBe(1234);
  });
});
