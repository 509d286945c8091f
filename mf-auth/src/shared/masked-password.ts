// spec §2 step 3: a password shown as dots, the last typed character visible for 1.5 s.
// The browser draws the dots of the real password input; this is the text of the overlay drawn
// over it while one character is revealed.

export const MASK = '•';

/** Dots for every character, except the one at `revealAt` (the one just typed), if any. */
export function maskPassword(value: string, revealAt: number | null): string {
  if (revealAt === null || revealAt < 0 || revealAt >= value.length) return MASK.repeat(value.length);
  return MASK.repeat(revealAt) + value.charAt(revealAt) + MASK.repeat(value.length - revealAt - 1);
}
