import { CODE_LENGTH } from '../constants.ts';

// spec §5 code boxes: one digit each, 0-9 only; paste strips non-digits and takes up to 6.

export type Digits = readonly string[];

export interface CodeEdit {
  digits: string[];
  /** Box to focus next. */
  focus: number;
}

export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');

export const isCodeComplete = (digits: Digits): boolean =>
  digits.length === CODE_LENGTH && digits.every((d) => /^[0-9]$/.test(d));

export const codeOf = (digits: Digits): string => digits.join('');

const clampBox = (index: number): number => Math.max(0, Math.min(CODE_LENGTH - 1, index));

/** Typing into box `index`: non-digits are ignored; a digit fills the box and advances. */
export function typeDigit(digits: Digits, index: number, typed: string): CodeEdit {
  const next = [...digits];
  const onlyDigits = typed.replace(/[^0-9]/g, '');
  if (onlyDigits.length > 1) return pasteCode(digits, index, onlyDigits);
  if (onlyDigits === '') {
    // The box was cleared (or a non-digit was typed): keep the box empty, stay put.
    if (typed === '') next[index] = '';
    return { digits: next, focus: index };
  }
  next[index] = onlyDigits;
  return { digits: next, focus: clampBox(index + 1) };
}

/** Backspace in box `index`: clears it, or when already empty clears the previous box and goes back. */
export function backspace(digits: Digits, index: number): CodeEdit {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const previous = clampBox(index - 1);
  next[previous] = '';
  return { digits: next, focus: previous };
}

/** Paste: non-digits stripped, up to 6 digits, filled from box `index` on. */
export function pasteCode(digits: Digits, index: number, text: string): CodeEdit {
  const pasted = text.replace(/[^0-9]/g, '').slice(0, CODE_LENGTH);
  const next = [...digits];
  // A whole code always fills from the first box, wherever it was pasted.
  const start = pasted.length === CODE_LENGTH ? 0 : index;
  let at = start;
  for (const digit of pasted) {
    if (at >= CODE_LENGTH) break;
    next[at] = digit;
    at += 1;
  }
  return { digits: next, focus: clampBox(at) };
}
