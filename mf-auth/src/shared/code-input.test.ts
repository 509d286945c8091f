import { describe, expect, it } from 'vitest';
import { backspace, codeOf, emptyCode, isCodeComplete, pasteCode, typeDigit } from './code-input.ts';

describe('code boxes (spec §5)', () => {
  it('a digit fills the box and advances; the last box stays put', () => {
    let edit = typeDigit(emptyCode(), 0, '4');
    expect(edit).toEqual({ digits: ['4', '', '', '', '', ''], focus: 1 });
    edit = typeDigit(['1', '2', '3', '4', '5', ''], 5, '6');
    expect(edit.focus).toBe(5);
    expect(isCodeComplete(edit.digits)).toBe(true);
    expect(codeOf(edit.digits)).toBe('123456');
  });

  it('accepts 0-9 only', () => {
    for (const typed of ['a', ' ', '-', '٣', 'e']) {
      expect(typeDigit(emptyCode(), 2, typed)).toEqual({ digits: emptyCode(), focus: 2 });
    }
  });

  it('backspace clears the box, then goes back and clears the previous one', () => {
    const filled = ['1', '2', '3', '', '', ''];
    expect(backspace(filled, 2)).toEqual({ digits: ['1', '2', '', '', '', ''], focus: 2 });
    expect(backspace(filled, 3)).toEqual({ digits: ['1', '2', '', '', '', ''], focus: 2 });
    expect(backspace(emptyCode(), 0)).toEqual({ digits: emptyCode(), focus: 0 });
  });

  it('paste strips non-digits and takes up to 6; a whole code fills from the first box', () => {
    expect(pasteCode(emptyCode(), 3, 'Code: 12-34 56 78')).toEqual({ digits: ['1', '2', '3', '4', '5', '6'], focus: 5 });
    expect(pasteCode(emptyCode(), 1, 'a9b8')).toEqual({ digits: ['', '9', '8', '', '', ''], focus: 3 });
    expect(pasteCode(emptyCode(), 0, 'no digits')).toEqual({ digits: emptyCode(), focus: 0 });
  });

  it('several digits typed at once (autofill) behave like a paste', () => {
    expect(typeDigit(emptyCode(), 0, '654321').digits).toEqual(['6', '5', '4', '3', '2', '1']);
  });

  it('exactly 6 digits are needed', () => {
    expect(isCodeComplete(['1', '2', '3', '4', '5', ''])).toBe(false);
    expect(isCodeComplete(['1', '2', '3', '4', '5', '6'])).toBe(true);
  });
});
