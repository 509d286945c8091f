import { describe, expect, it } from 'vitest';
import { clientTabFrom } from './client-tabs.ts';

describe('clientTabFrom', () => {
  it('opens the named tab', () => {
    expect(clientTabFrom('notes')).toBe('notes');
    expect(clientTabFrom('profile')).toBe('profile');
  });

  it('opens the overview for no tab or an unknown one', () => {
    expect(clientTabFrom(null)).toBe('overview');
    expect(clientTabFrom('')).toBe('overview');
    expect(clientTabFrom('constructor')).toBe('overview');
  });
});
