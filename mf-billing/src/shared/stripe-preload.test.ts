import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStripePreloader } from './stripe-preload.ts';

describe('Stripe.js preload (never blocks, never fails the page)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads once with the publishable key from the runtime config', async () => {
    const stripe = { elements: () => ({}) } as never;
    const load = vi.fn().mockResolvedValue(stripe);
    const preload = createStripePreloader(load, () => 'pk_test_local');
    await expect(preload()).resolves.toBe(stripe);
    await expect(preload()).resolves.toBe(stripe);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('pk_test_local');
  });

  it('unreachable Stripe.js resolves to null (logged), and is not tried again on this page', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const load = vi.fn().mockRejectedValue(new Error('Failed to load Stripe.js'));
    const preload = createStripePreloader(load, () => 'pk_test_local');
    await expect(preload()).resolves.toBeNull();
    await expect(preload()).resolves.toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('hosted page'), expect.any(Error));
  });

  it('no publishable key, or no config: nothing is loaded', async () => {
    const load = vi.fn();
    await expect(createStripePreloader(load, () => undefined)()).resolves.toBeNull();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await expect(createStripePreloader(load, () => { throw new Error('Runtime config is not loaded yet'); })()).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});
