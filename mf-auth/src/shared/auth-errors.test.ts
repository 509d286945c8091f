import { AppwriteException } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { codeErrorMessage, commonMessage, fieldProblem, invalidParam, isInvalidCredentials, isNetworkError } from './auth-errors.ts';

const appwriteError = (type: string, code: number) => new AppwriteException('x', code, type, '');

describe('message selection from Appwrite errors (spec §8)', () => {
  it('code errors: invalid token is wrong, or expired once the code has expired', () => {
    expect(codeErrorMessage(appwriteError('user_invalid_token', 401), false)).toBe(MESSAGES.codeWrong);
    expect(codeErrorMessage(appwriteError('user_invalid_token', 401), true)).toBe(MESSAGES.codeExpired);
    expect(codeErrorMessage(appwriteError('general_unknown', 500), false)).toBe(MESSAGES.codeGeneric);
    expect(codeErrorMessage(new Error('boom'), false)).toBe(MESSAGES.codeGeneric);
  });

  it('rate limit and network have their own messages everywhere', () => {
    expect(codeErrorMessage(appwriteError('general_rate_limit_exceeded', 429), false)).toBe(MESSAGES.rateLimited);
    expect(commonMessage(appwriteError('general_rate_limit_exceeded', 429), 'x')).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(commonMessage(new TypeError('Failed to fetch'), 'x')).toBe(
      'Network error. Please check your internet connection and try again.',
    );
    expect(codeErrorMessage(new TypeError('Failed to fetch'), false)).toBe(MESSAGES.network);
    expect(commonMessage(appwriteError('user_not_found', 404), 'fallback')).toBe('fallback');
  });

  it('recognises network failures and invalid credentials', () => {
    expect(isNetworkError(new AppwriteException('Failed to fetch', 0, '', ''))).toBe(true);
    expect(isNetworkError(appwriteError('general_unknown', 500))).toBe(false);
    expect(isInvalidCredentials(appwriteError('user_invalid_credentials', 401))).toBe(true);
    expect(isInvalidCredentials(appwriteError('general_argument_invalid', 400))).toBe(false);
  });
});

// Appwrite's own texts (PROTOCOL §1.7, the emulator's params.ts): the field is the named param.
const invalid = (message: string) => new AppwriteException(message, 400, 'general_argument_invalid', '');
const PASSWORD_PARAM = invalid('Invalid `password` param: Password must be between 8 and 256 characters long.');

describe('which field Appwrite refused, and why (issue 11)', () => {
  it('names the param of a general_argument_invalid only', () => {
    expect(invalidParam(PASSWORD_PARAM)).toBe('password');
    expect(invalidParam(new AppwriteException('Invalid `password` param: x', 401, 'user_invalid_credentials', ''))).toBeNull();
    expect(fieldProblem(appwriteError('user_invalid_credentials', 401))).toBeNull();
    expect(fieldProblem(new Error('Invalid `email` param: nope'))).toBeNull();
  });

  it('password: too long or too short from the validator\'s bounds and what was typed', () => {
    expect(fieldProblem(PASSWORD_PARAM, { password: 'x'.repeat(300) })).toEqual({
      field: 'password', reason: 'tooLong', text: 'Password must be at most 256 characters long.',
    });
    expect(fieldProblem(PASSWORD_PARAM, { password: 'short' })).toEqual({
      field: 'password', reason: 'tooShort', text: 'Password must be at least 8 characters long.',
    });
    expect(fieldProblem(invalid('Invalid `password` param: Password must be between 10 and 256 characters long, include a number.'), { password: 'abcdefghijkl' })?.text)
      .toBe('Password not accepted: Password must be between 10 and 256 characters long, include a number.');
    expect(fieldProblem(new AppwriteException('x', 400, 'password_personal_data', ''))?.text).toBe(MESSAGES.passwordPersonalData);
  });

  it('email invalid, name too long (its limit from the text)', () => {
    expect(fieldProblem(invalid('Invalid `email` param: Value must be a valid email address'))).toEqual({
      field: 'email', reason: 'invalid', text: 'Please enter a valid email address.',
    });
    expect(fieldProblem(invalid('Invalid `name` param: Value must be a valid string and no longer than 128 chars'))).toEqual({
      field: 'name', reason: 'tooLong', text: 'First and last name together must be at most 128 characters.',
    });
  });
});
