import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

const updatePassword = vi.fn();
vi.mock('@cadence/shared-auth', async (original) => ({
  ...(await original<typeof import('@cadence/shared-auth')>()),
  updatePassword: (...args: unknown[]) => updatePassword(...args) as unknown,
}));
const deleteUserSelfService = vi.fn();
vi.mock('../account/account-api.ts', async (original) => ({
  ...(await original<typeof import('../account/account-api.ts')>()),
  deleteUserSelfService: () => deleteUserSelfService() as unknown,
}));

const { UpdatePasswordForm } = await import('./password-form.tsx');
const { DeleteAccountPanel } = await import('./delete-account.tsx');

afterEach(() => vi.clearAllMocks());

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
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
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
});

describe('DeleteAccountPanel (spec §5)', () => {
  it('Delete stays disabled until the phrase matches case-insensitively; failure re-enables it', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    deleteUserSelfService.mockRejectedValueOnce(new Error('boom'));
    render(<MemoryRouter><DeleteAccountPanel /></MemoryRouter>);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const del = screen.getByRole('button', { name: 'Delete' });
    expect(del).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText(/to confirm/), 'delete my');
    expect(del).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText(/to confirm/), ' ACCOUNT');
    expect(del).toHaveProperty('disabled', false);
    await user.click(del);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to delete account: boom'));
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false);
  });
});
