import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PASSWORD_REVEAL_MS } from '../constants.ts';
import { applyMaskedEdit, maskPassword } from '../shared/masked-password.ts';

interface PasswordFieldProps {
  id: string;
  describedBy: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * spec §2 step 3: dots, with the last typed character visible for 1.5 s. A text input showing
 * the mask; the real value stays in state (shared/masked-password.ts maps each edit back).
 */
export function PasswordField({ id, describedBy, value, onChange }: PasswordFieldProps) {
  const [revealLast, setRevealLast] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const shown = maskPassword(value, revealLast);

  useEffect(() => {
    if (!revealLast) return undefined;
    const timer = setTimeout(() => setRevealLast(false), PASSWORD_REVEAL_MS);
    return () => clearTimeout(timer);
  }, [revealLast, value]);

  // A controlled value that differs from what was typed moves the caret to the end; put it back.
  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || document.activeElement !== element) return;
    element.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  return (
    <input
      ref={input}
      id={id}
      className="auth-input"
      type="text"
      name="password"
      autoComplete="new-password"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      aria-describedby={describedBy}
      value={shown}
      onChange={(event) => {
        const next = event.target.value;
        const at = event.target.selectionEnd ?? next.length;
        const edit = applyMaskedEdit(value, shown, next, at);
        caret.current = at;
        setRevealLast(edit.typed);
        onChange(edit.value);
      }}
    />
  );
}
