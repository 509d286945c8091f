import { createBillingPortalSession, createCheckoutSession, FunctionError, getLatestSubscription, FunctionRefusedError, useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { localRuntimeConfig, setConfig } from '@cadence/shared-auth/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveTo } from '../shared/billing-api.ts';
import AccessBanner from './access-banner.tsx';

vi.mock('@cadence/shared-auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cadence/shared-auth')>()),
  createCheckoutSession: vi.fn(),
  createBillingPortalSession: vi.fn(),
  getLatestSubscription: vi.fn(async () => null),
}));
vi.mock('../shared/billing-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../shared/billing-api.ts')>()),
  leaveTo: vi.fn(),
}));

const user = (labels: string[]) => ({ $id: 'u1', email: 'a@b.test', emailVerification: true, labels }) as unknown as AuthUser;

async function show(labels: string[]) {
  useAuthStore.setState({ user: user(labels), status: 'signedIn' });
  const view = render(<AccessBanner />);
  await act(async () => {});
  return view;
}

describe('canceled and expired banners (spec §4)', () => {
  beforeEach(() => setConfig(localRuntimeConfig()));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.clearAllMocks();
  });

  it.each([[[]], [['subscribed', 'trialActive']], [['subscribed', 'paymentFailed']]])('%j: no banner', async (labels) => {
    const { container } = await show(labels);
    expect(container.innerHTML).toBe('');
  });

  it('canceled: "Subscription will end at period end"; Open billing portal → the portal, back to this page', async () => {
    vi.mocked(createBillingPortalSession).mockResolvedValue('http://stripe.test/p/session/bps_1');
    await show(['subscribed', 'paymentCurrent', 'subscriptionCanceled']);
    const banner = screen.getByRole('region', { name: 'Subscription' });
    expect(banner.querySelector('p')?.textContent).toBe('Subscription will end at period end');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open billing portal' })));
    expect(createBillingPortalSession).toHaveBeenCalledOnce();
    expect(leaveTo).toHaveBeenCalledWith('http://stripe.test/p/session/bps_1');
  });

  it('canceled: the last day of access is the subscription\'s period end (the trial end while trialing)', async () => {
    const trialEnd = new Date(2026, 11, 1, 10).toISOString();
    vi.mocked(getLatestSubscription).mockResolvedValueOnce({ status: 'trialing', trialEnd, currentPeriodEnd: trialEnd } as never);
    await show(['subscribed', 'trialActive', 'subscriptionCanceled']);
    expect(getLatestSubscription).toHaveBeenCalledWith('u1');
    const banner = screen.getByRole('region', { name: 'Subscription' });
    expect(banner.querySelector('p')?.textContent).toBe('Subscription will end at period end');
    expect(screen.getByText('Access until December 1, 2026')).toBeVisible();
  });

  it('expired: no date, and no subscription load', async () => {
    await show(['subscriptionExpired']);
    expect(getLatestSubscription).not.toHaveBeenCalled();
    expect(screen.queryByText(/Access until/)).toBeNull();
  });

  it('canceled: a portal that got no answer → "Failed to open billing portal. Please try again.", and the button works again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(createBillingPortalSession).mockRejectedValueOnce(new FunctionError('boom'));
    await show(['subscribed', 'subscriptionCanceled']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open billing portal' })));
    expect(screen.getByRole('alert').textContent).toBe('Failed to open billing portal. Please try again.');
    vi.mocked(createBillingPortalSession).mockResolvedValueOnce('http://stripe.test/p/session/bps_2');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open billing portal' })));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(leaveTo).toHaveBeenCalledWith('http://stripe.test/p/session/bps_2');
  });

  it('canceled: a portal the function refused → "Failed to open billing portal" and its reason', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reason = 'No billing account yet. Subscribe first.';
    vi.mocked(createBillingPortalSession).mockRejectedValue(new FunctionRefusedError(reason, 400, { success: false, error: reason }));
    await show(['subscribed', 'subscriptionCanceled']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open billing portal' })));
    expect([...screen.getByRole('alert').querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Failed to open billing portal',
      'No billing account yet. Subscribe first.',
    ]);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('expired: "Subscription ended"; Start new subscription → checkout → the hosted page', async () => {
    vi.mocked(createCheckoutSession).mockResolvedValue('http://stripe.test/c/pay/cs_9');
    await show(['subscriptionExpired']);
    expect(screen.getByRole('region', { name: 'Subscription' }).querySelector('p')?.textContent).toBe('Subscription ended');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start new subscription' })));
    expect(createCheckoutSession).toHaveBeenCalledOnce();
    expect(leaveTo).toHaveBeenCalledWith('http://stripe.test/c/pay/cs_9');
  });

  it('expired: a failing checkout fails silently (spec §8) — logged, no alert, the button usable again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(createCheckoutSession).mockRejectedValue(new FunctionRefusedError('Checkout is not configured.', 500, {}));
    await show(['subscriptionExpired', 'subscriptionCanceled']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start new subscription' })));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(warn).toHaveBeenCalledWith('Failed to create checkout session', expect.any(Error));
    expect(screen.getByRole('button', { name: 'Start new subscription' })).toHaveProperty('disabled', false);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('follows the labels: a subscription that ends turns the canceled banner into the expired one', async () => {
    await show(['subscribed', 'subscriptionCanceled']);
    expect(screen.getByRole('button', { name: 'Open billing portal' })).toBeVisible();
    await act(async () => useAuthStore.setState({ user: user(['subscriptionExpired']) }));
    expect(screen.getByRole('button', { name: 'Start new subscription' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open billing portal' })).toBeNull();
  });
});
