import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { PASSWORD_REVEAL_MS } from '../constants.ts';
import { maskPassword } from '../shared/masked-password.ts';

interface PasswordFieldProps {
  id: string;
  describedBy: string;
  invalid: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}

/** Typing (not a paste, a deletion or a password manager's fill) reveals the character typed. */
const isTyping = (event: ChangeEvent<HTMLInputElement>): boolean => {
  const { inputType } = event.nativeEvent as Partial<InputEvent>;
  return inputType === 'insertText' || inputType === 'insertCompositionText';
};

/**
 * spec §2 step 3: dots, with the last typed character visible for 1.5 s — on a real
 * `type=password` input, so password managers offer to generate and save it and screen readers
 * never read it out. While a character is revealed the input's own text turns transparent and an
 * aria-hidden overlay draws the same dots with that one character.
 *
 * Uncontrolled on purpose: React mirrors a controlled input's value into its `value` attribute,
 * which would put the whole password in the DOM.
 */
export function PasswordField({ id, describedBy, invalid, inputRef, onChange }: PasswordFieldProps) {
  const [revealed, setRevealed] = useState<string | null>(null);
  const overlay = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (revealed === null) return undefined;
    const timer = setTimeout(() => setRevealed(null), PASSWORD_REVEAL_MS);
    return () => clearTimeout(timer);
  }, [revealed]);

  // A long password scrolls inside the input; the overlay (its next sibling) follows it.
  useLayoutEffect(() => {
    const input = overlay.current?.previousElementSibling;
    if (overlay.current && input) overlay.current.scrollLeft = input.scrollLeft;
  }, [revealed]);

  return (
    <span className="auth-password">
      <input
        ref={inputRef}
        id={id}
        className={revealed === null ? 'ui-control' : 'ui-control auth-password-revealing'}
        type="password"
        name="password"
        autoComplete="new-password"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onBlur={() => setRevealed(null)}
        onChange={(event) => {
          const { value, selectionEnd } = event.target;
          const at = (selectionEnd ?? value.length) - 1;
          setRevealed(isTyping(event) && at >= 0 ? maskPassword(value, at) : null);
          onChange(value);
        }}
      />
      {revealed !== null && (
        <span ref={overlay} className="ui-control auth-password-reveal" aria-hidden="true">
          {revealed}
        </span>
      )}
    </span>
  );
}
