import { AppwriteException, Client, type Models } from 'appwrite';
import { configureAppwrite, localRuntimeConfig, setConfig } from '@cadence/shared-auth/testing';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const updatePassword = vi.fn();
// The function call goes through the real account-api; only the Appwrite SDK underneath is replaced.
vi.mock('@cadence/shared-auth', async (original) => ({
  ...(await original<typeof import('@cadence/shared-auth')>()),
  updatePassword: (...args: unknown[]) => updatePassword(...args) as unknown,
}));
// The SDK's execution call, under the real shared-auth function client (executeFunction).
// Spied on afresh before each test: afterEach's restoreAllMocks takes the spy off again.
const { functions } = configureAppwrite(new Client());
const spyOnExecution = () => vi.spyOn(functions, 'createExecution');
let createExecution: ReturnType<typeof spyOnExecution>;
beforeEach(() => {
  createExecution = spyOnExecution();
});

const { UpdatePasswordForm } = await import('./password-form.tsx');
const { DeleteAccountPanel } = await import('./delete-account.tsx');

beforeEach(() => setConfig(localRuntimeConfig()));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('UpdatePasswordForm (spec §5)', () => {
  function fill(current: string, next: string, confirm: string) {
    for (const [label, value] of [['Current Password', current], ['New Password', next], ['Confirm New Password', confirm]] as const) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
  }

  it('shows each validation message without calling the backend', async () => {
    render(<UpdatePasswordForm />);
    fill('', 'new-password', 'new-password');
    expect(screen.getByRole('alert')).toHaveProperty('textContent', 'Please enter your current password');
    fill('old-password', '', '');
    expect(screen.getByRole('alert')).toHaveProperty('textContent', 'Please enter a new password');
    fill('old-password', 'short', 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveProperty('textContent', 'New password must be at least 8 characters');
    fill('old-password', 'new-password', 'other-password');
    expect(screen.getByRole('alert')).toHaveProperty('textContent', 'New passwords do not match');
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it('success resets the form; failure shows the reason', async () => {
    updatePassword.mockResolvedValueOnce({});
    render(<UpdatePasswordForm />);
    fill('old-password', 'new-password', 'new-password');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Password updated successfully'));
    expect(updatePassword).toHaveBeenCalledWith({ password: 'new-password', oldPassword: 'old-password' });
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
    updatePassword.mockRejectedValueOnce(new Error('Invalid credentials'));
    fill('wrong', 'new-password', 'new-password');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to update password: Invalid credentials'));
  });

  it('Appwrite\'s 401 user_invalid_credentials names the current password, not an email nobody typed (issue 20)', async () => {
    updatePassword.mockRejectedValueOnce(new AppwriteException('Invalid credentials. Please check the email and password.', 401, 'user_invalid_credentials', ''));
    render(<UpdatePasswordForm />);
    fill('not my password', 'new-password', 'new-password');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to update password: Your current password is incorrect.'));
    // Another 401 (a session gone) keeps Appwrite's reason.
    updatePassword.mockRejectedValueOnce(new AppwriteException('User (role: guests) missing scope (account)', 401, 'general_unauthorized_scope', ''));
    fill('old-password', 'new-password', 'new-password');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to update password: User (role: guests) missing scope (account)'));
  });
});

describe('DeleteAccountPanel (spec §2, §4, §5, §8)', () => {
  const signedIn = { $id: 'u1', email: 'dana@example.test', labels: ['subscribed'] } as unknown as AuthUser;
  const answer = (body: unknown, status = 'completed', errors = '') =>
    ({ status, responseStatusCode: 200, responseBody: body === null ? '' : JSON.stringify(body), errors }) as unknown as Models.Execution;

  // The store's sign-out, as the session went with the user: Appwrite's 401 still ends signed out.
  const signOut = vi.fn(() => {
    useAuthStore.setState({ user: null, status: 'signedOut' });
    return Promise.reject(new Error('User (role: guests) missing scope (account)'));
  });

  function renderPanel() {
    useAuthStore.setState({ user: signedIn, status: 'signedIn', signOut });
    return render(
      <MemoryRouter initialEntries={['/account']}>
        <Routes>
          <Route path="/" element={<h1>Landing</h1>} />
          <Route path="/account" element={<DeleteAccountPanel />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('Delete stays disabled until the phrase matches case-insensitively and a password is given', async () => {
    const user = userEvent.setup();
    renderPanel();
    const toggle = screen.getByRole('button', { name: 'Delete Account' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const del = screen.getByRole('button', { name: 'Delete' });
    expect(del).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Password'), 'secret password');
    await user.type(screen.getByLabelText(/to confirm/), 'delete my');
    expect(del).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText(/to confirm/), ' ACCOUNT');
    expect(del).toHaveProperty('disabled', false);
    await user.clear(screen.getByLabelText('Password'));
    expect(del).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Password'), 'secret password');
    await user.type(screen.getByLabelText(/to confirm/), '!');
    expect(del).toHaveProperty('disabled', true);
    expect(createExecution).not.toHaveBeenCalled();
  });

  it('runs delete-user-selfservice, signs out, goes to / and thanks the user 500 ms later', async () => {
    vi.useFakeTimers();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    createExecution.mockResolvedValueOnce(answer({ success: true, error: null }));
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    fireEvent.change(screen.getByLabelText(/to confirm/), { target: { value: 'Delete My Account' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toHaveProperty('disabled', true);
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(createExecution).toHaveBeenCalledWith({ functionId: 'delete-user-selfservice', body: JSON.stringify({ password: 'secret password' }), async: false });
    expect(signOut).toHaveBeenCalledOnce();
    expect(useAuthStore.getState()).toMatchObject({ user: null, status: 'signedOut' });
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(alert).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(alert).toHaveBeenCalledExactlyOnceWith('Your account has been deleted. Thank you for using Cadence.');
  });

  it('a practice still being deleted on the server: signed out, and the alert says the account is closed and how many records are going', async () => {
    vi.useFakeTimers();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    createExecution.mockResolvedValueOnce(answer({ success: true, error: null, pending: true, remaining: 49_900 }));
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    fireEvent.change(screen.getByLabelText(/to confirm/), { target: { value: 'Delete My Account' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(signOut).toHaveBeenCalledOnce();
    expect(alert).toHaveBeenCalledExactlyOnceWith(
      'Your account is closed and you have been signed out. The remaining 49,900 records of your practice are being deleted now; nobody can sign in to this account while that finishes. Thank you for using Cadence.',
    );
  });

  it.each([
    ['a wrong password', answer({ success: false, error: 'Incorrect password' }), 'Incorrect password'],
    ['the function\'s own error', answer({ success: false, error: 'Could not cancel your subscription, so your account was not deleted. Please try again.' }), 'Could not cancel your subscription, so your account was not deleted. Please try again.'],
    ['an empty response', answer(null), 'Function returned empty response'],
    ['a failed execution', answer(null, 'failed', 'Timed out'), 'Timed out'],
  ])('%s → "Failed to delete account: {reason}", still signed in, Delete re-enabled', async (_, execution, reason) => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    createExecution.mockResolvedValueOnce(execution);
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText(/to confirm/), 'delete my account');
    await user.type(screen.getByLabelText('Password'), 'secret password');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(`Failed to delete account: ${reason}`));
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false);
    expect(signOut).not.toHaveBeenCalled();
    expect(useAuthStore.getState().status).toBe('signedIn');
    expect(screen.queryByRole('heading', { name: 'Landing' })).toBeNull();
  });
});
