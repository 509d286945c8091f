import { createBillingPortalSession, createCheckoutSession, FunctionError, FunctionRefusedError, toAppError, useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { localRuntimeConfig, setConfig } from '@cadence/shared-auth/testing';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveTo } from '../shared/billing-api.ts';
import { preloadStripe } from '../shared/stripe-preload.ts';
import Paywall from './paywall.tsx';

vi.mock('@cadence/shared-auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cadence/shared-auth')>()),
  createCheckoutSession: vi.fn(),
  createBillingPortalSession: vi.fn(),
}));
vi.mock('../shared/billing-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../shared/billing-api.ts')>()),
  leaveTo: vi.fn(),
}));

const user = (labels: string[]) => ({ $id: 'u1', email: 'a@b.test', emailVerification: true, labels }) as unknown as AuthUser;

async function show(labels: string[]) {
  useAuthStore.setState({ user: user(labels), status: 'signedIn' });
  render(
    <MemoryRouter>
      <Paywall />
    </MemoryRouter>,
  );
  await act(async () => {});
}

describe('Paywall (spec §2, §4)', () => {
  beforeEach(() => setConfig(localRuntimeConfig()));
  afterEach(() => vi.clearAllMocks());

  it('new: the trial and the plan; Start free trial → checkout → the hosted page', async () => {
    vi.mocked(createCheckoutSession).mockResolvedValue('http://stripe.test/c/pay/cs_1');
    await show([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveProperty('textContent', 'Start your 7-day free trial');
    expect(screen.getByText('$10.00 USD / month')).toBeVisible();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start free trial' })));
    expect(createCheckoutSession).toHaveBeenCalledOnce();
    expect(leaveTo).toHaveBeenCalledWith('http://stripe.test/c/pay/cs_1');
  });

  it('while checkout redirects, the button says so and stays focusable (shared-ui Button loading, not disabled)', async () => {
    vi.mocked(createCheckoutSession).mockReturnValue(new Promise(() => {}));
    await show([]);
    const start = screen.getByRole('button', { name: 'Start free trial' });
    start.focus();
    await act(async () => fireEvent.click(start));
    expect(start).toHaveAccessibleName('Redirecting…');
    expect(start).toHaveAttribute('aria-busy', 'true');
    expect(start).not.toBeDisabled();
    expect(start).toHaveFocus();
    await act(async () => fireEvent.click(start));
    expect(createCheckoutSession).toHaveBeenCalledOnce();
  });

  it('a checkout that got no answer shows the retry text and stays', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(createCheckoutSession).mockRejectedValue(new FunctionError('Error: stripe unreachable'));
    await show([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start free trial' })));
    expect(screen.getByRole('alert').textContent).toBe('Failed to initiate payment. Please try again.');
    expect(screen.getByRole('button', { name: 'Start free trial' })).toHaveProperty('disabled', false);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('a checkout the function refused shows the spec text and the function’s own reason', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const conflict = 'You already have a subscription. Manage it in the billing portal.';
    vi.mocked(createCheckoutSession).mockRejectedValue(new FunctionRefusedError(conflict, 409, { success: false, error: conflict }));
    await show([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start free trial' })));
    const alert = screen.getByRole('alert');
    expect([...alert.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Failed to create checkout session', conflict]);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('a billing portal failure shows "Failed to open billing portal. Please try again."', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(createBillingPortalSession).mockRejectedValue(toAppError(new TypeError('Failed to fetch')));
    await show(['subscriptionPaused']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open billing portal' })));
    expect(screen.getByRole('alert').textContent).toBe('Failed to open billing portal. Please try again.');
  });

  describe('Stripe.js in the background (spec: never blocks; offline the hosted-page redirect still works)', () => {
    const stripeScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[src^="https://js.stripe.com/"]')];

    it('the paywall starts loading Stripe.js, and checkout does not wait for it (it never loads here)', async () => {
      vi.mocked(createCheckoutSession).mockResolvedValue('http://stripe.test/c/pay/cs_2');
      await show([]);
      await waitFor(() => expect(stripeScripts()).toHaveLength(1));
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start free trial' })));
      expect(leaveTo).toHaveBeenCalledWith('http://stripe.test/c/pay/cs_2');
    });

    it('Stripe.js failing to load (after its one retry) changes nothing: the preload answers null, checkout still redirects', async () => {
      vi.spyOn(console, 'info').mockImplementation(() => {});
      vi.mocked(createCheckoutSession).mockResolvedValue('http://stripe.test/c/pay/cs_3');
      await show([]);
      const preload = preloadStripe();
      await waitFor(() => expect(stripeScripts()).toHaveLength(1));
      for (let attempt = 0; attempt < 2; attempt++) {
        await act(async () => stripeScripts().forEach((script) => script.dispatchEvent(new Event('error'))));
      }
      await expect(preload).resolves.toBeNull();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start free trial' })));
      expect(leaveTo).toHaveBeenCalledWith('http://stripe.test/c/pay/cs_3');
    });

    it('the portal-only paywalls (paused, unknown) do not load Stripe.js', async () => {
      document.querySelectorAll('script').forEach((script) => script.remove());
      await show(['subscriptionPaused']);
      expect(stripeScripts()).toHaveLength(0);
    });
  });

  it.each([
    [['subscriptionPaused'], 'Your subscription is paused', 'Open billing portal'],
    [['subscribed'], 'We could not confirm your subscription', 'Open billing portal'],
  ])('%j → %s with %s', async (labels, title, button) => {
    await show(labels);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByRole('button', { name: button })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeVisible();
  });
});
