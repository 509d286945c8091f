import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

const cleanUpAccount = vi.fn();
vi.mock('./account-cleanup.ts', () => ({ cleanUpAccount: () => cleanUpAccount() as unknown }));
const { default: AccountCleanupPage } = await import('./account-cleanup-page.tsx');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AccountCleanupPage (spec §2)', () => {
  it('Account Deleted, then Return Home after 2 s', async () => {
    vi.useFakeTimers();
    cleanUpAccount.mockResolvedValueOnce(undefined);
    render(<MemoryRouter><AccountCleanupPage /></MemoryRouter>);
    await act(async () => { await Promise.resolve(); });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Account Deleted');
    expect(screen.queryByRole('link', { name: 'Return Home' })).toBeNull();
    await act(async () => { vi.advanceTimersByTime(2_000); });
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
  });

  it('Error Deleting Account with Try Again to /login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    cleanUpAccount.mockRejectedValueOnce(new Error('nope'));
    render(<MemoryRouter><AccountCleanupPage /></MemoryRouter>);
    expect((await screen.findByRole('heading', { level: 1, name: 'Error Deleting Account' })).textContent).toBe('Error Deleting Account');
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/login');
  });
});
