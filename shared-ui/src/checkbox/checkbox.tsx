import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import './checkbox.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export function Checkbox({ label, hint, error, id, className, ...input }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? `checkbox${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx('ui-checkbox', className)}>
      <input
        {...input}
        id={inputId}
        type="checkbox"
        className="ui-checkbox__input"
        aria-describedby={cx(hintId, errorId) || undefined}
        aria-invalid={error ? true : undefined}
      />
      <label htmlFor={inputId} className="ui-checkbox__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="ui-checkbox__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-checkbox__error">
          {error}
        </p>
      )}
    </div>
  );
}
