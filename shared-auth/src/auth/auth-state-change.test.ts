import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_POLL_MS } from '../config/constants.ts';
import { authStateChanged } from './auth-state-change.ts';
import { subscribeToAuthState } from './session.ts';
import { type AuthUser } from '@cadence/shared-auth';

function user(id: string, labels: string[] = []): AuthUser {
  return { $id: id, labels } as unknown as AuthUser;
}

describe('authStateChanged (spec §4: notify when the user or the labels change)', () => {
  it('detects sign-in, sign-out, another user and label changes', () => {
    expect(authStateChanged(null, user('a'))).toBe(true);
    expect(authStateChanged(user('a'), null)).toBe(true);
    expect(authStateChanged(user('a'), user('b'))).toBe(true);
    expect(authStateChanged(user('a'), user('a', ['subscribed']))).toBe(true);
    expect(authStateChanged(user('a', ['subscribed', 'trialActive']), user('a', ['subscribed']))).toBe(true);
  });
  it('ignores label order and other fields', () => {
    expect(authStateChanged(null, null)).toBe(false);
    expect(authStateChanged(user('a', ['subscribed', 'trialActive']), user('a', ['trialActive', 'subscribed']))).toBe(false);
    expect(authStateChanged({ ...user('a'), name: 'x' } as AuthUser, { ...user('a'), name: 'y' } as AuthUser)).toBe(false);
  });
});

describe('subscribeToAuthState (15 s poll)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function script(...answers: Array<AuthUser | null | Error>): () => Promise<AuthUser | null> {
    return async () => {
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (next instanceof Error) throw next;
      return next ?? null;
    };
  }

  it('polls every 15 s and notifies only on a change of user or labels', async () => {
    const getUser = vi.fn(script(
      user('a'), user('a'), user('a', ['checkoutCompleted']), user('a', ['checkoutCompleted']), null,
    ));
    const seen: Array<AuthUser | null> = [];
    const stop = subscribeToAuthState((u) => seen.push(u), { initialUser: user('a'), getUser });

    expect(AUTH_STATE_POLL_MS).toBe(15_000);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(getUser).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(getUser).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);

    await vi.advanceTimersByTimeAsync(15_000); // same user
    await vi.advanceTimersByTimeAsync(15_000); // label added
    expect(seen.map((u) => u?.labels)).toEqual([['checkoutCompleted']]);
    await vi.advanceTimersByTimeAsync(15_000); // unchanged
    await vi.advanceTimersByTimeAsync(15_000); // signed out
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBeNull();

    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(getUser).toHaveBeenCalledTimes(5);
  });

  it('without an initial user, the first poll sets the baseline silently', async () => {
    const getUser = vi.fn(script(user('a'), user('b')));
    const seen: Array<AuthUser | null> = [];
    const stop = subscribeToAuthState((u) => seen.push(u), { getUser });
    await vi.advanceTimersByTimeAsync(0);
    expect(getUser).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS);
    expect(seen.map((u) => u?.$id)).toEqual(['b']);
    stop();
  });

  it('skips a failed poll instead of reporting a sign-out', async () => {
    const getUser = vi.fn(script(new TypeError('Failed to fetch'), user('a', ['subscribed'])));
    const seen: Array<AuthUser | null> = [];
    const stop = subscribeToAuthState((u) => seen.push(u), { initialUser: user('a'), getUser });
    await vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS);
    expect(seen.map((u) => u?.labels)).toEqual([['subscribed']]);
    stop();
  });

  it('uses injected timers and clears them on unsubscribe', () => {
    const timers = { setInterval: vi.fn(() => 7), clearInterval: vi.fn() };
    const stop = subscribeToAuthState(() => undefined, { initialUser: null, timers, intervalMs: 1234, getUser: async () => null });
    expect(timers.setInterval).toHaveBeenCalledWith(expect.any(Function), 1234);
    stop();
    expect(timers.clearInterval).toHaveBeenCalledWith(7);
  });
});
