import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { setConfig } from '@cadence/shared-auth/testing';
import { type RuntimeConfig } from '@cadence/shared-auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
afterEach(() => vi.useRealTimers());

const stepTwo = (userId: string) =>
  sessionStorage.setItem(SIGNUP_STATE_KEY, JSON.stringify({ step: 2, email: 'a@b.test', userId, phrase: '', codeSentAt: Date.now(), codeExpiresAt: Date.now() + 900_000 }));

function fillProfile(password = 'long enough') {
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByLabelText(/Terms of Service/));
  fireEvent.click(screen.getByLabelText(/Privacy Policy/));
}

describe('SignupPage (spec §2 /signup)', () => {
  it('step 1 → code sent → typing six digits auto-submits → step 3; progress saved', async () => {
    const user = userEvent.setup();
    mocked.requestSignupCode.mockResolvedValue(sent);
    mocked.verifySignupCode.mockResolvedValue();
    renderSignup();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Sign Up']);
    await user.type(screen.getByLabelText('Email'), 'new@cadence.test');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('We sent a 6-digit code to new@cadence.test.')).toBeVisible();
    expect(JSON.parse(sessionStorage.getItem(SIGNUP_STATE_KEY) ?? '{}')).toMatchObject({ step: 2, userId: 'u1' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Digit 1 of 6')));
    await user.keyboard('123456');
    await waitFor(() => expect(mocked.verifySignupCode).toHaveBeenCalledWith('u1', '123456'));
    expect(await screen.findByLabelText('First name')).toBeVisible();
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
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeVisible();
  });

  it('step 3 from the guard: Create Account waits for both boxes; lost state asks to start again', async () => {
    const user = userEvent.setup();
    mocked.currentUser.mockResolvedValue(null);
    renderSignup({ email: 'p@cadence.test', message: 'Please complete your profile to continue.', skipToStep: 3 });
    expect(screen.getByText('Please complete your profile to continue.')).toBeVisible();
    const create = screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.click(screen.getByLabelText(/Terms of Service/));
    expect(create.disabled).toBe(true);
    await user.click(screen.getByLabelText(/Privacy Policy/));
    expect(create.disabled).toBe(false);
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(create);
    expect(await screen.findByText('Please start the signup process again.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeVisible();
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
    expect(await screen.findByText('Password must be at least 8 characters long.')).toBeVisible();
    expect(mocked.completeProfile).not.toHaveBeenCalled();
  });

  it('a fast user (1 s after registration) sees "Creating your account…"; the password waits out spec §4\'s 5 s', async () => {
    vi.useFakeTimers();
    const registered = Date.now() - 1_000;
    mocked.currentUser.mockResolvedValue({ $id: 'u3', registration: new Date(registered).toISOString() } as Awaited<ReturnType<typeof api.currentUser>>);
    mocked.completeProfile.mockResolvedValue();
    renderSignup({ email: 'fast@cadence.test', message: 'x', skipToStep: 3 });
    fillProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Creating your account…')).toBeVisible();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    // 5 s after registration plus the margin, on this clock: not a millisecond earlier.
    await act(() => vi.advanceTimersByTimeAsync(registered + 5_250 - Date.now() - 1));
    expect(mocked.completeProfile).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(mocked.completeProfile).toHaveBeenCalledExactlyOnceWith({ firstName: 'Ada', lastName: 'Lovelace', password: 'long enough', savedPassword: null });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: 'Account' })).toBeVisible();
  });

  it('each failed field says what went wrong; a password saved before a name failure is sent as the old one', async () => {
    mocked.currentUser.mockResolvedValue({ $id: 'u4', registration: new Date(Date.now() - 60_000).toISOString() } as Awaited<ReturnType<typeof api.currentUser>>);
    const { AppwriteException } = await import('appwrite');
    mocked.completeProfile
      .mockRejectedValueOnce(new api.ProfileSaveError('password', new AppwriteException('Invalid `password` param: Password must be between 8 and 256 characters long.', 400, 'general_argument_invalid', '')))
      .mockRejectedValueOnce(new api.ProfileSaveError('name', new AppwriteException('Invalid `name` param: Value must be a valid string and no longer than 128 chars', 400, 'general_argument_invalid', '')))
      .mockResolvedValueOnce();
    renderSignup({ email: 'p@cadence.test', message: 'x', skipToStep: 3 });
    fillProfile('x'.repeat(300));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at most 256 characters long.')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('First and last name together must be at most 128 characters.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeVisible();
    expect(mocked.completeProfile).toHaveBeenLastCalledWith(expect.objectContaining({ password: 'long enough', savedPassword: 'long enough' }));
  });

  it('Tap to change without the full code deletes nothing (null code) and returns to step 1', async () => {
    stepTwo('u5');
    mocked.deletePendingUser.mockResolvedValue();
    renderSignup();
    fireEvent.change(screen.getByLabelText('Digit 1 of 6'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tap to change' }));
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeVisible();
    expect(mocked.deletePendingUser).toHaveBeenCalledExactlyOnceWith('u5', null);
  });

  it('step 2 says what the security phrase is for', () => {
    sessionStorage.setItem(SIGNUP_STATE_KEY, JSON.stringify({ step: 2, email: 'a@b.test', userId: 'u6', phrase: 'Clever comet', codeSentAt: Date.now(), codeExpiresAt: Date.now() + 900_000 }));
    renderSignup();
    expect(screen.getByText('Security phrase: Clever comet')).toBeVisible();
    expect(screen.getByText("The email with your code shows the same phrase. If it differs, don't type the code.")).toBeVisible();
  });
});

describe('step 3 as password managers and screen readers meet it (issue 20)', () => {
  const passwordInput = () => screen.getByLabelText('Password') as HTMLInputElement;
  const overlay = (container: HTMLElement) => container.querySelector('.auth-password-reveal');
  // A keystroke as the browser reports it (user-event's typing waits on timers this test fakes).
  const typeInto = (input: HTMLInputElement, value: string, caret = value.length) =>
    fireEvent.input(input, { target: { value, selectionStart: caret, selectionEnd: caret }, inputType: 'insertText', data: value.charAt(caret - 1) });

  it('a real new-password field beside the account email as username; the password is never in the DOM as text', async () => {
    vi.useFakeTimers();
    const { container } = renderSignup({ email: 'pm@cadence.test', message: 'x', skipToStep: 3 });
    const form = container.querySelector('form');
    const username = screen.getByLabelText('Email') as HTMLInputElement;
    expect(username.form).toBe(form);
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(username).toHaveValue('pm@cadence.test');
    expect(username.readOnly).toBe(true);
    expect(passwordInput().form).toBe(form);
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(passwordInput()).toHaveAttribute('autocomplete', 'new-password');

    typeInto(passwordInput(), 'hunter22Z');
    expect(passwordInput().value).toBe('hunter22Z');
    // spec §2: dots with the character just typed, drawn over the field and hidden from screen readers.
    expect(overlay(container)).toHaveTextContent(/^••••••••Z$/);
    expect(overlay(container)).toHaveAttribute('aria-hidden', 'true');
    expect(passwordInput()).toHaveClass('auth-password-revealing');
    expect(container.innerHTML).not.toContain('hunter22');
    expect(passwordInput().getAttribute('value')).toBeNull();

    act(() => vi.advanceTimersByTime(1_499));
    expect(overlay(container)).toHaveTextContent(/^••••••••Z$/);
    act(() => vi.advanceTimersByTime(1));
    expect(overlay(container)).toBeNull();
    expect(passwordInput()).not.toHaveClass('auth-password-revealing');
    expect(container.textContent).not.toContain('Z');

    // A character typed in the middle is the one revealed; a deletion reveals nothing.
    typeInto(passwordInput(), 'huQnter22Z', 3);
    expect(overlay(container)).toHaveTextContent(/^••Q•••••••$/);
    fireEvent.input(passwordInput(), { target: { value: 'huQnter22' }, inputType: 'deleteContentBackward' });
    expect(overlay(container)).toBeNull();
    // A password manager's fill or a paste is not typing: nothing revealed.
    fireEvent.input(passwordInput(), { target: { value: 'Generated-Pw-1' }, inputType: 'insertFromPaste' });
    expect(overlay(container)).toBeNull();
  });

  it('without an email from the sign-up state, the username is the signed-in account\'s', async () => {
    mocked.currentUser.mockResolvedValue({ $id: 'u7', email: 'fromsession@cadence.test' } as Awaited<ReturnType<typeof api.currentUser>>);
    renderSignup({ message: 'x', skipToStep: 3 });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('fromsession@cadence.test'));
  });

  it('a field error shows at its field, which takes the focus; no banner', async () => {
    const user = userEvent.setup();
    renderSignup({ email: 'p@cadence.test', message: 'x', skipToStep: 3 });
    await user.click(screen.getByLabelText(/Terms of Service/));
    await user.click(screen.getByLabelText(/Privacy Policy/));
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const last = screen.getByLabelText('Last name');
    expect(last).toHaveAttribute('aria-invalid', 'true');
    expect(last).toHaveAccessibleDescription('Please enter your first and last name.');
    expect(last).toHaveFocus();
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(last, 'Lovelace');
    expect(last).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter your first and last name.')).toBeNull();
    await user.type(passwordInput(), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordInput()).toHaveAccessibleDescription('Password must be at least 8 characters long. At least 8 characters.');
    expect(passwordInput()).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Appwrite\'s refusals go to the field named; a save failure of no field goes to the banner', async () => {
    mocked.currentUser.mockResolvedValue({ $id: 'u8', registration: new Date(Date.now() - 60_000).toISOString() } as Awaited<ReturnType<typeof api.currentUser>>);
    const { AppwriteException } = await import('appwrite');
    mocked.completeProfile
      .mockRejectedValueOnce(new api.ProfileSaveError('name', new AppwriteException('Invalid `name` param: Value must be a valid string and no longer than 128 chars', 400, 'general_argument_invalid', '')))
      .mockRejectedValueOnce(new api.ProfileSaveError('password', new AppwriteException('The password you are trying to use is similar to your previous password.', 400, 'password_recently_used', '')))
      .mockRejectedValueOnce(new api.ProfileSaveError('agreements', new AppwriteException('Server Error', 500, 'general_unknown', '')));
    renderSignup({ email: 'p@cadence.test', message: 'x', skipToStep: 3 });
    fillProfile();
    const create = screen.getByRole('button', { name: 'Create Account' });

    fireEvent.click(create);
    const text = 'First and last name together must be at most 128 characters.';
    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription(text));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(text);
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(passwordInput()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(create);
    await waitFor(() => expect(passwordInput()).toHaveAccessibleDescription(/^Please choose a password you have not used recently\./));
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Last name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(create);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not record your agreement to the terms and privacy policy. Please try again.');
    for (const label of ['First name', 'Last name', 'Password']) expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
  });
});
