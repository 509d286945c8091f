import { describe, expect, it } from 'vitest';
import { maskPassword } from './masked-password.ts';

describe('masked password (spec §2 step 3)', () => {
  it('shows dots, with only the character just typed revealed', () => {
    expect(maskPassword('secret', 5)).toBe('•••••t');
    expect(maskPassword('secret', 2)).toBe('••c•••');
    expect(maskPassword('secret', null)).toBe('••••••');
    expect(maskPassword('secret', 6)).toBe('••••••');
    expect(maskPassword('', 0)).toBe('');
  });
});
