import { useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { CODE_LENGTH } from '../constants.ts';
import { backspace, pasteCode, typeDigit, type CodeEdit } from '../shared/code-input.ts';

interface CodeBoxesProps {
  digits: readonly string[];
  /** Box to move focus to (changes on every edit). */
  focus: { index: number } | null;
  disabled: boolean;
  onEdit: (edit: CodeEdit) => void;
}

/** spec §2 step 2: six single-digit boxes (rules in shared/code-input.ts). */
export function CodeBoxes({ digits, focus, disabled, onEdit }: CodeBoxesProps) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  useLayoutEffect(() => {
    if (!focus) return;
    const box = boxes.current[focus.index];
    box?.focus();
    box?.select();
  }, [focus]);

  const handleChange = (index: number, raw: string) => {
    const current = digits[index] ?? '';
    // Typing into a filled box whose content was not selected: keep only the new character.
    const typed = raw.length === 2 && current !== '' ? (raw.startsWith(current) ? raw.slice(1) : raw.slice(0, 1)) : raw;
    onEdit(typeDigit(digits, index, typed));
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      onEdit(backspace(digits, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      onEdit({ digits: [...digits], focus: index - 1 });
    } else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      event.preventDefault();
      onEdit({ digits: [...digits], focus: index + 1 });
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    onEdit(pasteCode(digits, index, event.clipboardData.getData('text')));
  };

  return (
    <div className="auth-code-boxes">
      {digits.map((digit, index) => (
        <input
          // The boxes are a fixed row of six: the position is the identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="ui-control auth-code-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${CODE_LENGTH}`}
          value={digit}
          disabled={disabled}
          onChange={(event) => handleChange(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
