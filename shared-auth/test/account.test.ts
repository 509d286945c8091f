// spec §7 send email verification, update password, send password reset email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPasswordUrl, verifyEmailUrl } from '../src/auth/account.ts';
import { sendEmailVerification, sendPasswordResetEmail, updatePassword } from '@cadence/shared-auth';
import { actAs, APP_ORIGIN, login, mailFor, PASSWORD, passwordUser, startEmulator, type Emulator } from './support/emulator.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.close();
});

describe('account emails and password', () => {
  it('links to /verify-email and /reset-password of the app origin', () => {
    expect(verifyEmailUrl(APP_ORIGIN)).toBe(`${APP_ORIGIN}/verify-email`);
    expect(resetPasswordUrl('https://app.example.com/')).toBe('https://app.example.com/reset-password');
  });

  it('sends a verification email whose link goes to /verify-email with userId and secret', async () => {
    const user = await passwordUser(emulator, 'verify', { verified: false });
    actAs(emulator, user.session);
    const token = await sendEmailVerification(APP_ORIGIN);
    expect(token.userId).toBe(user.id);
    const [mail] = await mailFor(emulator, user.email);
    expect(mail?.text ?? '').toContain(`${APP_ORIGIN}/verify-email?userId=${user.id}`);
    expect(mail?.text ?? '').toMatch(/secret=/);
  });

  it('sends a password reset email whose link goes to /reset-password, also when signed out', async () => {
    const user = await passwordUser(emulator, 'forgot');
    actAs(emulator);
    await sendPasswordResetEmail({ email: user.email }, APP_ORIGIN);
    const [mail] = await mailFor(emulator, user.email);
    expect(mail?.text ?? '').toContain(`${APP_ORIGIN}/reset-password?userId=${user.id}`);
    expect(mail?.text ?? '').toMatch(/expire=/);
  });

  it('updates the password with the current one; the new one logs in, a wrong current one is refused', async () => {
    const user = await passwordUser(emulator, 'rotate');
    actAs(emulator, user.session);
    await expect(updatePassword({ password: 'short', oldPassword: PASSWORD })).rejects.toMatchObject({
      code: 400, type: 'general_argument_invalid',
    });
    await expect(updatePassword({ password: 'another good one', oldPassword: 'wrong password' })).rejects.toMatchObject({
      code: 401, type: 'user_invalid_credentials',
    });
    const updated = await updatePassword({ password: 'another good one', oldPassword: PASSWORD });
    expect(updated.$id).toBe(user.id);
    await expect(login(emulator, user.email, 'another good one')).resolves.toEqual(expect.any(String));
  });
});
