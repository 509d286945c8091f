import { AppwriteException } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { codeInputProblem, normalizeCode, secondFactorMessage } from './second-factor-rules.ts';

const answer = (type: string, code: number) => new AppwriteException('refused', code, type, '');

describe('the code step of a login (issue 17)', () => {
  it('takes six digits from the app, spaces dropped; anything else is asked for again without a request', () => {
    expect(normalizeCode('totp', ' 123 456 ')).toBe('123456');
    expect(codeInputProblem('totp', '123 456')).toBeNull();
    for (const typed of ['', '12345', '1234567', '12345a']) expect(codeInputProblem('totp', typed)).toBe(MESSAGES.totpIncomplete);
  });

  it('takes a recovery code as copied (spaces, capitals)', () => {
    expect(normalizeCode('recoveryCode', ' A1B2C 3D4E5 ')).toBe('a1b2c3d4e5');
    expect(codeInputProblem('recoveryCode', '  ')).toBe(MESSAGES.recoveryIncomplete);
    expect(codeInputProblem('recoveryCode', 'a1b2c3d4e5')).toBeNull();
  });

  it('says which code was wrong, that there were too many tries, or that the network failed', () => {
    expect(secondFactorMessage('totp', answer('user_invalid_token', 401))).toBe(MESSAGES.totpWrong);
    expect(secondFactorMessage('recoveryCode', answer('user_invalid_token', 401))).toBe(MESSAGES.recoveryWrong);
    expect(secondFactorMessage('totp', answer('general_rate_limit_exceeded', 429))).toBe(MESSAGES.twoStepRateLimited);
    expect(secondFactorMessage('totp', new TypeError('Failed to fetch'))).toBe(MESSAGES.network);
    expect(secondFactorMessage('totp', answer('general_unknown', 500))).toBe(MESSAGES.twoStepFailed);
  });
});
