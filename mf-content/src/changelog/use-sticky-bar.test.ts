import { describe, expect, it } from 'vitest';
import { STICKY_BAR_THRESHOLD_PX } from '../constants.ts';
import { shouldShowStickyBar } from './use-sticky-bar.ts';

describe('shouldShowStickyBar (spec §9: threshold 105 px)', () => {
  it('uses the spec threshold', () => {
    expect(STICKY_BAR_THRESHOLD_PX).toBe(105);
  });

  it('hides the bar while the heading is further than the threshold from the top', () => {
    expect(shouldShowStickyBar(400, STICKY_BAR_THRESHOLD_PX)).toBe(false);
    expect(shouldShowStickyBar(106, STICKY_BAR_THRESHOLD_PX)).toBe(false);
  });

  it('shows the bar once the heading is within the threshold', () => {
    expect(shouldShowStickyBar(105, STICKY_BAR_THRESHOLD_PX)).toBe(true);
    expect(shouldShowStickyBar(104.5, STICKY_BAR_THRESHOLD_PX)).toBe(true);
    expect(shouldShowStickyBar(0, STICKY_BAR_THRESHOLD_PX)).toBe(true);
  });

  it('keeps the bar after the heading has scrolled past the top', () => {
    expect(shouldShowStickyBar(-2000, STICKY_BAR_THRESHOLD_PX)).toBe(true);
  });
});
