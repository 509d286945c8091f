import { describe, expect, it } from 'vitest';
import { initialSection } from './account-sections.ts';

describe('initialSection (spec §2)', () => {
  it('?view=billing and the #account?view=billing fallback open Payments', () => {
    expect(initialSection('?view=billing', '')).toBe('payments');
    expect(initialSection('', '#account?view=billing')).toBe('payments');
    expect(initialSection('', '')).toBe('profile');
    expect(initialSection('?view=other', '')).toBe('profile');
  });
});

describe('initialSection (issue 37: one settings area)', () => {
  it("?view=settings opens Settings (the dashboard's Practice links there)", () => {
    expect(initialSection('?view=settings', '')).toBe('settings');
  });
});
