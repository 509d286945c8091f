import { localRuntimeConfig, setConfig, type AuthUser } from '@cadence/shared-auth';
import { act, render, screen } from '@testing-library/react';
import { Route, Routes } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveTo } from '../shared/billing-api.ts';
import PaymentSuccessPage from './payment-success-page.tsx';

const getCurrentUser = vi.fn();
vi.mock('@cadence/shared-auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cadence/shared-auth')>()),
  getCurrentUser: () => getCurrentUser(),
}));
vi.mock('../shared/billing-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../shared/billing-api.ts')>()),
  leaveTo: vi.fn(),
}));

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const subscribed = { $id: 'u1', labels: ['subscribed', 'trialActive'], emailVerification: true } as unknown as AuthUser;

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/payment-success" element={<PaymentSuccessPage />} />
        <Route path="/account" element={<p>Account area</p>} />
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

  it('mobile + subscribed: the app deep link from final_redirect_uri, then /account after 6 s', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    getCurrentUser.mockResolvedValue(subscribed);
    renderAt('/payment-success?final_redirect_uri=cadence%3A%2F%2Fbilling-done');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(leaveTo).toHaveBeenCalledWith('cadence://billing-done');
    await act(() => vi.advanceTimersByTimeAsync(5_999));
    expect(screen.queryByText('Account area')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Account area')).toBeVisible();
  });

  it('a failed check shows the spec error with Check Again', async () => {
    getCurrentUser.mockRejectedValue(new Error('offline'));
    renderAt('/payment-success');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByRole('alert').textContent).toBe('Error verifying subscription status. Please contact support.');
    expect(screen.getByRole('button', { name: 'Check Again' })).toBeVisible();
  });
});
