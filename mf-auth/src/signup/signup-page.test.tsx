import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { setConfig, type RuntimeConfig } from '@cadence/shared-auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNUP_STATE_KEY } from '../constants.ts';
import * as api from '../shared/auth-api.ts';
import SignupPage from './signup-page.tsx';

vi.mock('../shared/auth-api.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof api>();
  return {
    ...actual,
    requestSignupCode: vi.fn(),
    resendSignupCode: vi.fn(),
    verifySignupCode: vi.fn(),
    deletePendingUser: vi.fn(),
    currentUser: vi.fn(),
    completeProfile: vi.fn(),
  };
});

const mocked = vi.mocked(api);

setConfig({ mobileAppScheme: 'cadence', functions: {}, collections: {} } as unknown as RuntimeConfig);

function renderSignup(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/signup', state }]}>
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/account" element={<h1>Account</h1>} />
        <Route path="/login" element={<h1>Login</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const sent = { userId: 'u1', phrase: 'Golden Fox', sentAt: Date.now(), expiresAt: Date.now() + 900_000 };

beforeEach(() => {
  sessionStorage.clear();
  vi.clearAllMocks();
});

describe('SignupPage (spec §2 /signup)', () => {
  it('step 1 → code sent → typing six digits auto-submits → step 3; progress saved', async () => {
    const user = userEvent.setup();
    mocked.requestSignupCode.mockResolvedValue(sent);
    mocked.verifySignupCode.mockResolvedValue();
    renderSignup();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Sign Up']);
    await user.type(screen.getByLabelText('Email'), 'new@cadence.test');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('We sent a 6-digit code to new@cadence.test.')).toBeDefined();
    expect(JSON.parse(sessionStorage.getItem(SIGNUP_STATE_KEY) ?? '{}')).toMatchObject({ step: 2, userId: 'u1' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Digit 1 of 6')));
    await user.keyboard('123456');
    await waitFor(() => expect(mocked.verifySignupCode).toHaveBeenCalledWith('u1', '123456'));
    expect(await screen.findByLabelText('First name')).toBeDefined();
  });

  it('a pasted code (non-digits stripped) auto-submits', async () => {
    sessionStorage.setItem(SIGNUP_STATE_KEY, JSON.stringify({ step: 2, email: 'a@b.test', userId: 'u2', phrase: '', codeSentAt: Date.now(), codeExpiresAt: Date.now() + 900_000 }));
    mocked.verifySignupCode.mockResolvedValue();
    renderSignup();
    fireEvent.paste(screen.getByLabelText('Digit 4 of 6'), { clipboardData: { getData: () => 'code 65-43 21' } });
    await waitFor(() => expect(mocked.verifySignupCode).toHaveBeenCalledWith('u2', '654321'));
  });

  it('an "already exists" answer shows Go to Login', async () => {
    const user = userEvent.setup();
    mocked.requestSignupCode.mockRejectedValue(new api.SignupConflictError('An account with this email already exists.', true));
    renderSignup();
    await user.type(screen.getByLabelText('Email'), 'taken@cadence.test');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Go to Login' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeDefined();
  });

  it('step 3 from the guard: Create Account waits for both boxes; lost state asks to start again', async () => {
    const user = userEvent.setup();
    mocked.currentUser.mockResolvedValue(null);
    renderSignup({ email: 'p@cadence.test', message: 'Please complete your profile to continue.', skipToStep: 3 });
    expect(screen.getByText('Please complete your profile to continue.')).toBeDefined();
    const create = screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.click(screen.getByLabelText(/Terms of Service/));
    expect(create.disabled).toBe(true);
    await user.click(screen.getByLabelText(/Privacy Policy/));
    expect(create.disabled).toBe(false);
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('••••••••••h');
    await user.click(create);
    expect(await screen.findByText('Please start the signup process again.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDefined();
  });

  it('a short password is refused before any call', async () => {
    const user = userEvent.setup();
    renderSignup({ email: 'p@cadence.test', message: 'x', skipToStep: 3 });
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByLabelText(/Terms of Service/));
    await user.click(screen.getByLabelText(/Privacy Policy/));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 8 characters long.')).toBeDefined();
    expect(mocked.completeProfile).not.toHaveBeenCalled();
  });
});
