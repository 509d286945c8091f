import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { initialProgress, parseSavedProgress, startingProgress, type SignupProgress } from './signup-state.ts';

const saved: SignupProgress = { step: 2, email: 'a@b.test', userId: 'u1', phrase: 'Golden Fox', codeSentAt: 1, codeExpiresAt: 2 };

describe('sign-up starting step (spec §2, §4)', () => {
  it('a saved state resumes (a reload on step 2 stays on step 2)', () => {
    expect(startingProgress(null, saved)).toEqual({ progress: saved, message: '' });
    expect(parseSavedProgress(JSON.stringify(saved))).toEqual(saved);
    expect(parseSavedProgress('{"step":7}')).toBeNull();
    expect(parseSavedProgress('nope')).toBeNull();
  });

  it('needs-profile-completion opens step 3 with its message, skipping steps 1-2', () => {
    const start = startingProgress({ email: 'c@d.test', message: MESSAGES.completeProfile, skipToStep: 3 }, saved);
    expect(start).toEqual({ progress: { ...initialProgress('c@d.test'), step: 3 }, message: MESSAGES.completeProfile });
  });

  it('needs-signup opens step 1 with the email and its message', () => {
    const start = startingProgress({ email: 'c@d.test', message: MESSAGES.profileIncomplete }, saved);
    expect(start).toEqual({ progress: initialProgress('c@d.test'), message: MESSAGES.profileIncomplete });
  });

  it('no state: step 1', () => {
    expect(startingProgress(undefined, null)).toEqual({ progress: initialProgress(), message: '' });
  });
});
