import { AppwriteException } from 'appwrite';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { setConfig } from '@cadence/shared-auth/testing';
import { type AuthUser, type RuntimeConfig } from '@cadence/shared-auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../shared/auth-api.ts';
import LoginPage from './login-page.tsx';

vi.mock('../shared/auth-api.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof api>();
  return {
    ...actual,
    login: vi.fn(),
    completeSecondFactor: vi.fn(),
    abandonSecondFactor: vi.fn(),
    refreshAuth: vi.fn(),
  };
});

const mocked = vi.mocked(api);
setConfig({ mobileAppScheme: 'cadence', functions: {}, collections: {} } as unknown as RuntimeConfig);

const therapist = { $id: 'u1', email: 'ada@cadence.test', emailVerification: true } as AuthUser;

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/account" element={<h1>Account</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), therapist.email);
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

beforeEach(() => {
  vi.clearAllMocks();
  mocked.login.mockRejectedValue(new api.SecondFactorRequiredError());
  mocked.refreshAuth.mockResolvedValue(therapist);
  mocked.abandonSecondFactor.mockResolvedValue();
});

describe('LoginPage with two-step verification on (issue 17)', () => {
  it('asks for the app\'s code after the password; a wrong code says so and keeps focus; the right one goes on to /account', async () => {
    const user = userEvent.setup();
    renderLogin();
    await passwordStep(user);
    const code = await screen.findByLabelText('Enter the 6-digit code from your authenticator app');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();

    // Too short: asked again, nothing sent.
    await user.type(code, '123');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the 6-digit code from your authenticator app.');
    expect(mocked.completeSecondFactor).not.toHaveBeenCalled();

    mocked.completeSecondFactor.mockRejectedValueOnce(new AppwriteException('Invalid token passed in the request.', 401, 'user_invalid_token', ''));
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That code is not correct. Enter the code your authenticator app shows now.'));
    expect(mocked.completeSecondFactor).toHaveBeenLastCalledWith('totp', '123456');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    mocked.completeSecondFactor.mockResolvedValueOnce(therapist);
    await user.clear(code);
    await user.type(code, '654321{Enter}');
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeVisible();
    expect(mocked.refreshAuth).toHaveBeenCalled();
  });

  it('a recovery code instead; too many attempts are named as such', async () => {
    const user = userEvent.setup();
    renderLogin();
    await passwordStep(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const code = screen.getByLabelText('Enter one of your recovery codes');
    expect(code).toHaveFocus();
    expect(screen.getByText('Each recovery code works once.')).toBeVisible();

    mocked.completeSecondFactor.mockRejectedValueOnce(new AppwriteException('Rate limit for the current endpoint has been exceeded.', 429, 'general_rate_limit_exceeded', ''));
    await user.type(code, 'A1B2C3D4E5{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. For your security, please wait up to an hour before trying again.'));
    expect(mocked.completeSecondFactor).toHaveBeenLastCalledWith('recoveryCode', 'a1b2c3d4e5');

    mocked.completeSecondFactor.mockRejectedValueOnce(new AppwriteException('Invalid token passed in the request.', 401, 'user_invalid_token', ''));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That recovery code is not correct or has already been used.'));

    await user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(screen.getByLabelText('Enter the 6-digit code from your authenticator app')).toHaveValue('');
  });

  it('Cancel ends the unfinished sign-in and gives the password form back', async () => {
    const user = userEvent.setup();
    renderLogin();
    await passwordStep(user);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeVisible();
    expect(mocked.abandonSecondFactor).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Email')).toHaveValue(therapist.email);
  });
});

describe('LoginPage after the automatic sign-out (issue 17)', () => {
  it('says after how many minutes of inactivity the therapist was signed out', () => {
    render(
      <MemoryRouter initialEntries={[{ pathname: '/login', state: { signedOutAfterIdleMinutes: 30 } }]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('You were signed out after 30 minutes of inactivity.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeVisible();
  });

  it('says nothing of the kind on an ordinary visit', () => {
    renderLogin();
    expect(screen.queryByText(/of inactivity/)).toBeNull();
  });
});
