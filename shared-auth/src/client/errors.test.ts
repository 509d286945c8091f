import { AppwriteException } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { isNetworkError, toAppError } from '@cadence/shared-auth';
import { NETWORK_ERROR_TYPE } from './errors.ts';

describe('toAppError (spec §8: message, status code, type, response)', () => {
  it('keeps an AppwriteException as it is', () => {
    const e = new AppwriteException('Invalid credentials.', 401, 'user_invalid_credentials', '{"code":401}');
    expect(toAppError(e)).toBe(e);
    expect(isNetworkError(e)).toBe(false);
  });
  it('turns a fetch failure into a network error with code 0', () => {
    const e = toAppError(new TypeError('Failed to fetch'));
    expect(e).toBeInstanceOf(AppwriteException);
    expect(e).toMatchObject({ message: 'Failed to fetch', code: 0, type: NETWORK_ERROR_TYPE, response: '' });
    expect(isNetworkError(e)).toBe(true);
    expect(isNetworkError(new TypeError('fetch failed'))).toBe(true);
  });
  it('wraps anything else with its message', () => {
    expect(toAppError(new Error('boom'))).toMatchObject({ message: 'boom', code: 0, type: 'unknown_error' });
    expect(toAppError('bad')).toMatchObject({ message: 'bad', code: 0 });
    expect(isNetworkError(new Error('boom'))).toBe(false);
    expect(isNetworkError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });
});
