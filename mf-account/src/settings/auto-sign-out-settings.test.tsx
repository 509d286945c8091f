import { AppwriteException } from 'appwrite';
import type { AuthUser } from '@cadence/shared-auth';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const save = vi.fn<(minutes: number) => Promise<unknown>>();
vi.mock('@cadence/shared-auth', async (original) => ({
  ...(await original<typeof import('@cadence/shared-auth')>()),
  saveAutoSignOutMinutes: (minutes: number) => save(minutes),
}));
const { useAuthStore } = await import('@cadence/shared-auth');
const { AutoSignOutSettings } = await import('./auto-sign-out-settings.tsx');

function Harness() {
  const user = useAuthStore((state) => state.user);
  return user ? <AutoSignOutSettings user={user} /> : null;
}

function signedIn(prefs: Record<string, unknown>) {
  let user = { $id: 'u1', email: 'ada@cadence.test', prefs } as unknown as AuthUser;
  save.mockImplementation(async (minutes) => {
    user = { ...user, prefs: { ...user.prefs, autoSignOutMinutes: minutes } } as AuthUser;
    return user;
  });
  useAuthStore.setState({
    user,
    status: 'signedIn',
    refreshUser: vi.fn(async () => {
      useAuthStore.setState({ user });
      return user;
    }),
  });
  return render(<Harness />);
}

beforeEach(() => {
  save.mockReset();
});

describe('Settings → automatic sign-out (issue 17)', () => {
  it('offers 5, 10, 15, 30 and 60 minutes, 15 by default', () => {
    signedIn({});
    const select = screen.getByRole('combobox', { name: 'Sign out after inactivity' });
    expect(select).toHaveValue('15');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5 minutes', '10 minutes', '15 minutes', '30 minutes', '60 minutes']);
    expect(select).toHaveAccessibleDescription('In every tab, after this long without activity. A warning comes a minute before.');
  });

  it('shows the stored choice, saves a new one at once and says so; the store follows', async () => {
    const user = userEvent.setup();
    signedIn({ autoSignOutMinutes: 30, billingStartDay: 4 });
    const select = screen.getByRole('combobox', { name: 'Sign out after inactivity' });
    expect(select).toHaveValue('30');
    await user.selectOptions(select, '5');
    expect(save).toHaveBeenCalledWith(5);
    expect(await screen.findByText("You'll be signed out after 5 minutes of inactivity.")).toBeVisible();
    expect(select).toHaveValue('5');
    expect(useAuthStore.getState().user?.prefs).toEqual({ autoSignOutMinutes: 5, billingStartDay: 4 });
  });

  it('a failed save says why and keeps the stored choice', async () => {
    const user = userEvent.setup();
    signedIn({ autoSignOutMinutes: 10 });
    save.mockRejectedValueOnce(new AppwriteException('Network request failed', 0, 'network_error', ''));
    const select = screen.getByRole('combobox', { name: 'Sign out after inactivity' });
    await user.selectOptions(select, '60');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save the automatic sign-out:');
    expect(select).toHaveValue('10');
  });
});
