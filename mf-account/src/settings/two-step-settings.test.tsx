import { AppwriteException } from 'appwrite';
import type { AuthUser, TwoStepFactors } from '@cadence/shared-auth';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = {
  listTwoStepFactors: vi.fn<() => Promise<TwoStepFactors>>(),
  startTotpSetup: vi.fn(),
  confirmTotpSetup: vi.fn(),
  regenerateRecoveryCodes: vi.fn(),
  turnOffTwoStep: vi.fn(),
};
vi.mock('@cadence/shared-auth', async (original) => ({
  ...(await original<typeof import('@cadence/shared-auth')>()),
  listTwoStepFactors: () => calls.listTwoStepFactors(),
  startTotpSetup: () => calls.startTotpSetup() as unknown,
  confirmTotpSetup: (code: string) => calls.confirmTotpSetup(code) as unknown,
  regenerateRecoveryCodes: (factor: string, code: string) => calls.regenerateRecoveryCodes(factor, code) as unknown,
  turnOffTwoStep: (factor: string, code: string) => calls.turnOffTwoStep(factor, code) as unknown,
}));
const { useAuthStore } = await import('@cadence/shared-auth');
const { QueryProvider } = await import('@cadence/shared-auth/query');
const { TwoStepSettings } = await import('./two-step-settings.tsx');

const CODES = ['0a1b2c3d4e', '1111111111', '2222222222', '3333333333', '4444444444', '5555555555'];
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const factors = (totp: boolean): TwoStepFactors => ({ totp, phone: false, email: true, recoveryCode: totp, custom: false });

/** The account as the store has it; turning on or off refreshes it, as the real store would. */
function Harness() {
  const user = useAuthStore((state) => state.user);
  return user ? <TwoStepSettings user={user} /> : null;
}

function signedIn(mfa: boolean) {
  const user = { $id: 'u1', email: 'ada@cadence.test', mfa } as AuthUser;
  useAuthStore.setState({
    user,
    status: 'signedIn',
    refreshUser: vi.fn(async () => {
      const next = { ...user, mfa: calls.listTwoStepFactors.mock.results.length > 0 && (await calls.listTwoStepFactors()).totp };
      useAuthStore.setState({ user: next });
      return next;
    }),
  });
  calls.listTwoStepFactors.mockResolvedValue(factors(mfa));
  return render(<QueryProvider><Harness /></QueryProvider>);
}

beforeEach(() => {
  for (const call of Object.values(calls)) call.mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('Settings → Two-step verification (issue 17)', () => {
  it('turns on: QR code and key, a wrong code says so, the right one shows six recovery codes once (download, copy)', async () => {
    const user = userEvent.setup();
    calls.startTotpSetup.mockResolvedValue({ secret: SECRET, uri: `otpauth://totp/Cadence%3Aada%40cadence.test?issuer=Cadence&secret=${SECRET}` });
    signedIn(false);
    expect(await screen.findByText('Off')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Turn On Two-Step Verification' }));

    const qr = await screen.findByRole('img', { name: 'QR code that adds Cadence to an authenticator app' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    const code = screen.getByLabelText('Code from your authenticator app');
    expect(code).toHaveFocus();

    calls.confirmTotpSetup.mockRejectedValueOnce(new AppwriteException('Invalid token passed in the request.', 401, 'user_invalid_token', ''));
    await user.type(code, '123456{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That code is not correct. Enter the code your authenticator app shows now.'));
    expect(code).toHaveFocus();

    calls.confirmTotpSetup.mockResolvedValueOnce(CODES);
    calls.listTwoStepFactors.mockResolvedValue(factors(true));
    await user.clear(code);
    await user.type(code, '654321{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Save your recovery codes' });
    expect(heading).toHaveFocus();
    expect(calls.confirmTotpSetup).toHaveBeenLastCalledWith('654321');
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(await screen.findByText('On')).toBeVisible();
    expect(screen.getByText('Two-step verification is on.')).toBeVisible();

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    expect(await screen.findByText('Recovery codes copied')).toBeVisible();

    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledTimes(1);
    const file = createObjectURL.mock.calls[0]?.[0];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(file as Blob);
    });
    expect(text).toContain(CODES.join('\n'));

    await user.click(screen.getByRole('button', { name: "I've Saved My Codes" }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Regenerate Recovery Codes' })).toHaveFocus();
  });

  it('turns off with a recovery code instead of the app; Cancel goes back with focus on the buttons', async () => {
    const user = userEvent.setup();
    signedIn(true);
    expect(await screen.findByText('On')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Turn Off Two-Step Verification' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Regenerate Recovery Codes' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Turn Off Two-Step Verification' }));
    // A code is needed: nothing is sent without one.
    await user.click(screen.getByRole('button', { name: 'Turn Off' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the 6-digit code from your authenticator app.');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    calls.turnOffTwoStep.mockResolvedValueOnce(undefined);
    calls.listTwoStepFactors.mockResolvedValue(factors(false));
    await user.type(screen.getByLabelText('Recovery code'), '0A1B2C3D4E{Enter}');
    expect(await screen.findByText('Two-step verification is off.')).toBeVisible();
    expect(calls.turnOffTwoStep).toHaveBeenCalledWith('recoveryCode', '0a1b2c3d4e');
    expect(await screen.findByText('Off')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Turn On Two-Step Verification' })).toHaveFocus();
  });

  it('regenerates recovery codes with a current code; too many attempts are named', async () => {
    const user = userEvent.setup();
    signedIn(true);
    await user.click(await screen.findByRole('button', { name: 'Regenerate Recovery Codes' }));
    calls.regenerateRecoveryCodes.mockRejectedValueOnce(new AppwriteException('Rate limit', 429, 'general_rate_limit_exceeded', ''));
    await user.type(screen.getByLabelText('Code from your authenticator app'), '111111{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. For your security, please wait up to an hour before trying again.'));
    calls.regenerateRecoveryCodes.mockResolvedValueOnce(CODES.slice().reverse());
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('5555555555');
    expect(calls.regenerateRecoveryCodes).toHaveBeenLastCalledWith('totp', '111111');
  });
});
