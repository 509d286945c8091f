import { isAppError, MIN_PASSWORD_LENGTH } from '@cadence/shared-auth';
import { reasonOf } from '../account/account-api.ts';
import { DELETE_CONFIRM_PHRASE } from '../constants.ts';
import { MESSAGES } from '../messages.ts';

/** spec §5: the typed text must equal 'delete my account', case-insensitive. */
export function isDeletePhrase(typed: string): boolean {
  return typed.toLowerCase() === DELETE_CONFIRM_PHRASE;
}

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** spec §5 change password: the first failing rule's message, or null when the form is valid. */
export function passwordFormError(form: PasswordForm): string | null {
  if (!form.currentPassword) return MESSAGES.noCurrentPassword;
  if (!form.newPassword) return MESSAGES.noNewPassword;
  if (form.newPassword.length < MIN_PASSWORD_LENGTH) return MESSAGES.newPasswordTooShort;
  if (form.newPassword !== form.confirmPassword) return MESSAGES.newPasswordsMismatch;
  return null;
}

/** spec §5: the inline hint shows while 1–7 characters of the new password are typed. */
export function showPasswordHint(newPassword: string): boolean {
  return newPassword.length > 0 && newPassword.length < MIN_PASSWORD_LENGTH;
}

/**
 * spec §8 'Failed to update password: {reason}'. Appwrite answers a wrong current password with 401
 * user_invalid_credentials and its login text ('…check the email and password'), but no email was typed
 * here, so that reason names the current password; every other failure keeps its own reason.
 */
export function passwordUpdateFailure(error: unknown): string {
  const wrongCurrent = isAppError(error) && error.code === 401 && error.type === 'user_invalid_credentials';
  return MESSAGES.passwordUpdateFailed(wrongCurrent ? MESSAGES.currentPasswordIncorrect : reasonOf(error));
}
