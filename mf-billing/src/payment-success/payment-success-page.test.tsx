import { localRuntimeConfig, setConfig } from '@cadence/shared-auth/testing';
import { type AuthUser } from '@cadence/shared-auth';
import { act, render, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveTo } from '../shared/billing-api.ts';
import PaymentSuccessPage from './payment-success-page.tsx';

const getCurrentUser = vi.fn();
const getLatestSubscription = vi.fn();
vi.mock('@cadence/shared-auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cadence/shared-auth')>()),
  getCurrentUser: () => getCurrentUser(),
  getLatestSubscription: (userId: string) => getLatestSubscription(userId),
}));
vi.mock('../shared/billing-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../shared/billing-api.ts')>()),
  leaveTo: vi.fn(),
}));

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const subscribed = { $id: 'u1', labels: ['subscribed', 'trialActive'], emailVerification: true } as unknown as AuthUser;

function LoginStub() {
  const state = useLocation().state as { message?: string } | null;
  return <p>Login: {state?.message}</p>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/payment-success" element={<PaymentSuccessPage />} />
        <Route path="/account" element={<p>Account area</p>} />
        <Route path="/login" element={<LoginStub />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('/payment-success page (spec §2)', () => {
  beforeEach(() => {
    setConfig(localRuntimeConfig());
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.clearAllMocks();
  });

  it('mobile + subscribed: the app deep link from final_redirect_uri, then /account after 1.5 s (spec §9 deep link fallback)', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    getCurrentUser.mockResolvedValue(subscribed);
    getLatestSubscription.mockResolvedValue(null);
    renderAt('/payment-success?final_redirect_uri=cadence%3A%2F%2Fbilling-done');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(leaveTo).toHaveBeenCalledWith('cadence://billing-done');
    expect(screen.getByText('Your subscription is active. Opening the Cadence app…')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1_499));
    expect(screen.queryByText('Account area')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Account area')).toBeVisible();
  });

  it('after a $0 trial checkout: the trial has started and the first charge is on the trial end', async () => {
    getCurrentUser.mockResolvedValue(subscribed);
    const trialEnd = new Date(2026, 11, 1, 10).toISOString();
    getLatestSubscription.mockResolvedValue({ status: 'trialing', trialEnd, currentPeriodEnd: trialEnd });
    renderAt('/payment-success');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(getLatestSubscription).toHaveBeenCalledWith('u1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Successful');
    expect(screen.getByText('Your subscription is active. Welcome to Cadence!')).toBeVisible();
    expect(screen.getByText('Your free trial has started. Your first payment of $10.00 is on December 1, 2026.')).toBeVisible();
  });

  it('a paid (not trialing) subscription gets no trial line', async () => {
    getCurrentUser.mockResolvedValue({ ...subscribed, labels: ['subscribed', 'paymentCurrent'] });
    getLatestSubscription.mockResolvedValue({ status: 'active', trialEnd: null, currentPeriodEnd: new Date(2026, 11, 1).toISOString() });
    renderAt('/payment-success');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByText('Your subscription is active. Welcome to Cadence!')).toBeVisible();
    expect(screen.queryByText(/free trial has started/)).toBeNull();
  });

  it('signed out: told to log in, not "not yet active"; Log In keeps the purpose', async () => {
    getCurrentUser.mockResolvedValue(null);
    renderAt('/payment-success');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByRole('status').textContent).toBe("You're signed out. Log in to see your subscription.");
    expect(screen.queryByText(/not yet active/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(getCurrentUser).toHaveBeenCalledTimes(1);
    await act(async () => screen.getByRole('link', { name: 'Log In' }).click());
    expect(screen.getByText('Login: Log in to see your subscription.')).toBeVisible();
  });

  it('a failed check shows the spec error with Check Again', async () => {
    getCurrentUser.mockRejectedValue(new Error('offline'));
    renderAt('/payment-success');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByRole('alert').textContent).toBe('Error verifying subscription status. Please contact support.');
    expect(screen.getByRole('button', { name: 'Check Again' })).toBeVisible();
  });
});
