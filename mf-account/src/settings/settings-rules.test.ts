import { describe, expect, it } from 'vitest';
import { isDeletePhrase, passwordFormError, showPasswordHint } from './settings-rules.ts';

describe('isDeletePhrase (spec §5)', () => {
  it('case-insensitive exact phrase', () => {
    expect(isDeletePhrase('delete my account')).toBe(true);
    expect(isDeletePhrase('DELETE My Account')).toBe(true);
    expect(isDeletePhrase('delete my account ')).toBe(false);
    expect(isDeletePhrase('delete account')).toBe(false);
    expect(isDeletePhrase('')).toBe(false);
  });
});

describe('passwordFormError (spec §5 messages)', () => {
  const ok = { currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-password' };
  it.each([
    [{ ...ok, currentPassword: '' }, 'Please enter your current password'],
    [{ ...ok, newPassword: '' }, 'Please enter a new password'],
    [{ ...ok, newPassword: 'short', confirmPassword: 'short' }, 'New password must be at least 8 characters'],
    [{ ...ok, confirmPassword: 'different' }, 'New passwords do not match'],
    [ok, null],
  ])('%j → %s', (form, message) => expect(passwordFormError(form)).toBe(message));
  it('hint while fewer than 8 are typed', () => {
    expect([ '', 'a', '1234567', '12345678'].map(showPasswordHint)).toEqual([false, true, true, false]);
  });
});
