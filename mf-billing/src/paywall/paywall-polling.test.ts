import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollAfterCheckout } from './paywall-polling.ts';

describe('paywall polling (spec §4, §9: every 3 s, up to 20 times)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes every 3 s and stops after 20', async () => {
    const refresh = vi.fn(async () => null);
    pollAfterCheckout(refresh);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000 * 30);
    expect(refresh).toHaveBeenCalledTimes(20);
  });

  it('a failed refresh keeps polling; stop ends it', async () => {
    const refresh = vi.fn(async () => {
      throw new Error('offline');
    });
    const stop = pollAfterCheckout(refresh);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
