// spec §2 step 3: a password shown as dots, the last typed character visible for 1.5 s.
// The input shows a masked string; the real value lives in state. Each edit is mapped back onto
// the real value: text after the caret is an unchanged suffix, the common prefix is unchanged,
// and what lies between is what was typed.

export const MASK = '•';

export function maskPassword(value: string, revealLast: boolean): string {
  if (value === '') return '';
  if (!revealLast) return MASK.repeat(value.length);
  return MASK.repeat(value.length - 1) + value.slice(-1);
}

export interface MaskedEdit {
  value: string;
  /** True when characters were typed (not only deleted): the last one is revealed. */
  typed: boolean;
}

export function applyMaskedEdit(real: string, shown: string, next: string, caret: number): MaskedEdit {
  const cursor = Math.max(0, Math.min(caret, next.length));
  const suffix = Math.min(next.length - cursor, shown.length);
  let prefix = 0;
  const prefixLimit = Math.min(cursor, shown.length - suffix);
  while (prefix < prefixLimit && shown[prefix] === next[prefix]) prefix += 1;
  const inserted = next.slice(prefix, cursor);
  const value = real.slice(0, prefix) + inserted + real.slice(real.length - suffix);
  return { value, typed: inserted.length > 0 };
}
