import { describe, expect, it } from 'vitest';
import { applyMaskedEdit, maskPassword } from './masked-password.ts';

describe('masked password (spec §2 step 3)', () => {
  it('shows dots, with only the last character while revealed', () => {
    expect(maskPassword('secret', true)).toBe('•••••t');
    expect(maskPassword('secret', false)).toBe('••••••');
    expect(maskPassword('', true)).toBe('');
  });

  it('maps typing at the end onto the real value, even a literal dot-like or repeated char', () => {
    expect(applyMaskedEdit('abc', '••c', '••cd', 4)).toEqual({ value: 'abcd', typed: true });
    expect(applyMaskedEdit('abc', '•••', '•••c', 4)).toEqual({ value: 'abcc', typed: true });
    expect(applyMaskedEdit('', '', 'hunter22', 8)).toEqual({ value: 'hunter22', typed: true });
  });

  it('maps inserts in the middle, deletions and replaced selections', () => {
    expect(applyMaskedEdit('abcd', '••••', '••X••', 3)).toEqual({ value: 'abXcd', typed: true });
    expect(applyMaskedEdit('abcd', '•••d', '•••', 3)).toEqual({ value: 'abc', typed: false });
    expect(applyMaskedEdit('abcd', '••••', '•••', 1)).toEqual({ value: 'acd', typed: false });
    expect(applyMaskedEdit('abcd', '••••', 'Z', 1)).toEqual({ value: 'Z', typed: true });
  });
});
