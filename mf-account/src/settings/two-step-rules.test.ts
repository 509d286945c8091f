import { AppwriteException } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { codeProblem, groupedSecret, normalizeCode, recoveryCodesText, twoStepFailure } from './two-step-rules.ts';

describe('two-step verification settings (issue 17)', () => {
  it('shows the setup key in groups of four', () => {
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupedSecret('')).toBe('');
  });

  it('asks for six digits, or any recovery code, before sending', () => {
    expect(codeProblem('totp', '12 34 56')).toBeNull();
    expect(codeProblem('totp', '12345')).toBe(MESSAGES.codeIncomplete);
    expect(codeProblem('recoveryCode', ' ')).toBe(MESSAGES.recoveryIncomplete);
    expect(normalizeCode('recoveryCode', 'AB12 CD34EF')).toBe('ab12cd34ef');
  });

  it('names a wrong code, too many attempts and other failures', () => {
    const refused = (type: string, code: number) => new AppwriteException('x', code, type, '');
    expect(twoStepFailure('totp', refused('user_invalid_token', 401))).toBe(MESSAGES.codeWrong);
    expect(twoStepFailure('recoveryCode', refused('user_invalid_token', 401))).toBe(MESSAGES.recoveryWrong);
    expect(twoStepFailure('totp', refused('general_rate_limit_exceeded', 429))).toBe(MESSAGES.twoStepRateLimited);
    expect(twoStepFailure('totp', new AppwriteException('Server Error', 500, 'general_unknown', ''))).toBe('Two-step verification was not changed: Server Error');
  });

  it('writes the codes file with the account and one code a line', () => {
    const text = recoveryCodesText(['aaaaaaaaaa', 'bbbbbbbbbb'], 'ada@cadence.test', new Date('2026-11-26T10:00:00Z'));
    expect(text.split('\n')).toEqual(expect.arrayContaining(['Account: ada@cadence.test', 'Made: 2026-11-26', 'aaaaaaaaaa', 'bbbbbbbbbb']));
  });
});
