// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginWait, SPINNER_DELAY_MS, trackWait, useShownWait } from './waits.ts';

describe('waits (issue 20: a spinner only when something really waits)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows nothing for a wait shorter than the delay, and the label of one that outlasts it', () => {
    const shown = renderHook(() => useShownWait());
    const end = beginWait('Checking your session…');
    act(() => vi.advanceTimersByTime(SPINNER_DELAY_MS - 1));
    expect(shown.result.current).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(shown.result.current).toBe('Checking your session…');
    act(() => end());
    expect(shown.result.current).toBeNull();
  });

  it('a wait that ends in time is never shown; the oldest overdue wait speaks', async () => {
    const shown = renderHook(() => useShownWait());
    await act(async () => {
      await trackWait('Loading the FAQ…', Promise.resolve());
      vi.advanceTimersByTime(SPINNER_DELAY_MS * 2);
    });
    expect(shown.result.current).toBeNull();
    const first = beginWait('Checking your session…');
    act(() => vi.advanceTimersByTime(100));
    const second = beginWait('Loading your dashboard…');
    act(() => vi.advanceTimersByTime(SPINNER_DELAY_MS));
    expect(shown.result.current).toBe('Checking your session…');
    act(() => first());
    expect(shown.result.current).toBe('Loading your dashboard…');
    act(() => second());
    expect(shown.result.current).toBeNull();
  });
});
