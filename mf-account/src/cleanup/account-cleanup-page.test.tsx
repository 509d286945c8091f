import { Client, type Models } from 'appwrite';
import { configureAppwrite, localRuntimeConfig, setConfig } from '@cadence/shared-auth/testing';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The deletion goes through the real account-api and shared-auth's function client; only the
// Appwrite SDK's execution call underneath is replaced.
// Spied on afresh before each test: afterEach's restoreAllMocks takes the spy off again.
const { functions } = configureAppwrite(new Client());
const spyOnExecution = () => vi.spyOn(functions, 'createExecution');
let createExecution: ReturnType<typeof spyOnExecution>;
beforeEach(() => {
  createExecution = spyOnExecution();
});

const { default: AccountCleanupPage } = await import('./account-cleanup-page.tsx');

const signOut = vi.fn(() => {
  useAuthStore.setState({ user: null, status: 'signedOut' });
  return Promise.resolve();
});

beforeEach(() => {
  setConfig(localRuntimeConfig());
  useAuthStore.setState({ user: { $id: 'u1' } as unknown as AuthUser, status: 'signedIn', signOut });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const answer = (body: unknown) => ({ status: 'completed', responseStatusCode: 200, responseBody: JSON.stringify(body), errors: '' }) as unknown as Models.Execution;

function confirm(phrase: string, password: string) {
  fireEvent.change(screen.getByLabelText(/to confirm/), { target: { value: phrase } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('AccountCleanupPage (spec §2, issue 11)', () => {
  it('a visit deletes nothing: it asks for the phrase and the password first', async () => {
    vi.useFakeTimers();
    render(<StrictMode><MemoryRouter><AccountCleanupPage /></MemoryRouter></StrictMode>);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Delete Account');
    const del = screen.getByRole('button', { name: 'Delete' });
    expect(del).toHaveProperty('disabled', true);
    confirm('delete my account', '');
    expect(del).toHaveProperty('disabled', true);
    confirm('delete my acount', 'secret password');
    expect(del).toHaveProperty('disabled', true);
    expect(createExecution).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('confirmed: delete-user-selfservice with the password once, sign-out, Account Deleted, Return Home after 2 s', async () => {
    vi.useFakeTimers();
    createExecution.mockResolvedValue(answer({ success: true, error: null }));
    render(<StrictMode><MemoryRouter><AccountCleanupPage /></MemoryRouter></StrictMode>);
    confirm('Delete My Account', 'secret password');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(createExecution).toHaveBeenCalledExactlyOnceWith({
      functionId: 'delete-user-selfservice',
      body: JSON.stringify({ password: 'secret password' }),
      async: false,
    });
    expect(signOut).toHaveBeenCalledOnce();
    expect(useAuthStore.getState().status).toBe('signedOut');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Account Deleted');
    expect(screen.queryByRole('link', { name: 'Return Home' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(screen.queryByRole('link', { name: 'Return Home' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
  });

  it('a practice still being deleted on the server: Account Closed, saying the records are being deleted', async () => {
    createExecution.mockResolvedValue(answer({ success: true, error: null, pending: true, remaining: 1234 }));
    render(<MemoryRouter><AccountCleanupPage /></MemoryRouter>);
    confirm('Delete My Account', 'secret password');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Closed' })).toBeVisible();
    expect(screen.getByText(/The remaining 1,234 records of your practice are being deleted now/)).toBeVisible();
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('a refused password → "Failed to delete account: Incorrect password", still signed in, the form again', async () => {
    createExecution.mockResolvedValueOnce(answer({ success: false, error: 'Incorrect password' }));
    render(<MemoryRouter><AccountCleanupPage /></MemoryRouter>);
    confirm('delete my account', 'wrong password');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete account: Incorrect password');
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false);
    expect(signOut).not.toHaveBeenCalled();
    expect(useAuthStore.getState().status).toBe('signedIn');
  });

  it('without a session → Error Deleting Account with Try Again to /login, nothing called', () => {
    useAuthStore.setState({ user: null, status: 'signedOut' });
    render(<MemoryRouter><AccountCleanupPage /></MemoryRouter>);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Error Deleting Account');
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/login');
    expect(createExecution).not.toHaveBeenCalled();
  });
});
