import { AppwriteException } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { codeErrorMessage, commonMessage, isInvalidCredentials, isNetworkError } from './auth-errors.ts';

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
