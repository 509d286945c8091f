import { localRuntimeConfig, setConfig, useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The deletion goes through the real account-api; only the Appwrite SDK underneath is replaced.
const createExecution = vi.fn();
vi.mock('@cadence/shared-auth', async (original) => ({
  ...(await original<typeof import('@cadence/shared-auth')>()),
  appwrite: () => ({ functions: { createExecution } }),
}));
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

const answer = (body: unknown) => ({ status: 'completed', responseStatusCode: 200, responseBody: JSON.stringify(body), errors: '' });

describe('AccountCleanupPage (spec §2)', () => {
  it('deletes through delete-user-selfservice once, signs out, Account Deleted, then Return Home after 2 s', async () => {
    vi.useFakeTimers();
    createExecution.mockResolvedValue(answer({ success: true, error: null }));
    render(<StrictMode><MemoryRouter><AccountCleanupPage /></MemoryRouter></StrictMode>);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Deleting Account...');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(createExecution).toHaveBeenCalledExactlyOnceWith({ functionId: 'delete-user-selfservice', body: '{}', async: false });
    expect(signOut).toHaveBeenCalledOnce();
    expect(useAuthStore.getState().status).toBe('signedOut');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Account Deleted');
    expect(screen.queryByRole('link', { name: 'Return Home' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(screen.queryByRole('link', { name: 'Return Home' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
  });

  it.each([
    ['the function refuses', () => createExecution.mockResolvedValueOnce(answer({ success: false, error: 'Could not delete your account. Please try again.' }))],
    ['no session (Appwrite 401)', () => createExecution.mockRejectedValueOnce(Object.assign(new Error('Unauthorized'), { code: 401 }))],
  ])('%s → Error Deleting Account with Try Again to /login, not signed out', async (_, arrange) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    arrange();
    render(<MemoryRouter><AccountCleanupPage /></MemoryRouter>);
    expect((await screen.findByRole('heading', { level: 1, name: 'Error Deleting Account' })).textContent).toBe('Error Deleting Account');
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/login');
    expect(signOut).not.toHaveBeenCalled();
  });
});
