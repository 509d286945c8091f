import { setConfig, useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CONFIG } from '../test-config.ts';
import { leaveTo } from '../shared/billing-api.ts';
import Paywall from './paywall.tsx';

const createExecution = vi.fn();
vi.mock('@cadence/shared-auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cadence/shared-auth')>()),
  appwrite: () => ({ functions: { createExecution } }),
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
  beforeEach(() => setConfig(TEST_CONFIG));
  afterEach(() => vi.clearAllMocks());

  it('new: the trial and the plan; Start free trial → checkout with absolute URLs → the hosted page', async () => {
    createExecution.mockResolvedValue({ status: 'completed', responseBody: '{"success":true,"url":"http://stripe.test/c/pay/cs_1","error":null}', errors: '' });
    await show([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveProperty('textContent', 'Start your 7-day free trial');
    expect(screen.getByText('$10.00 USD / month')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start free trial' })));
    expect(createExecution).toHaveBeenCalledWith({
      functionId: 'checkout',
      body: JSON.stringify({ successUrl: `${location.origin}/payment-success`, cancelUrl: `${location.origin}/payment-cancelled` }),
      async: false,
    });
    expect(leaveTo).toHaveBeenCalledWith('http://stripe.test/c/pay/cs_1');
  });

  it('a checkout failure shows the spec text and stays', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    createExecution.mockResolvedValue({ status: 'completed', responseBody: '{"success":false,"url":null,"error":"no"}', errors: '' });
    await show([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start free trial' })));
    expect(screen.getByRole('alert').textContent).toBe('Failed to initiate payment. Please try again.');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it.each([
    [['subscriptionPaused'], 'Your subscription is paused', 'Open billing portal'],
    [['subscribed'], 'We could not confirm your subscription', 'Open billing portal'],
  ])('%j → %s with %s', async (labels, title, button) => {
    await show(labels);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByRole('button', { name: button })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
  });
});
