import { useId, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import '../checkbox/checkbox.css';
import './radio-group.css';

export interface RadioOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  /** The question the choices answer: the group's accessible name (its legend). */
  label: ReactNode;
  options: readonly RadioOption[];
  value: string | null;
  onChange: (value: string) => void;
  name?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  orientation?: 'vertical' | 'horizontal';
  className?: string;
}

/** Native radios in a fieldset: arrow keys move the choice, Tab leaves the group (the browser's own). */
export function RadioGroup({ label, options, value, onChange, name, hint, error, required, disabled, orientation = 'vertical', className }: RadioGroupProps) {
  const generated = useId();
  const groupName = name ?? `radio${generated}`;
  const hintId = hint ? `${groupName}-hint` : undefined;
  const errorId = error ? `${groupName}-error` : undefined;
  return (
    <fieldset
      className={cx('ui-radio-group', `ui-radio-group--${orientation}`, className)}
      aria-describedby={cx(hintId, errorId) || undefined}
      disabled={disabled}
    >
      <legend className="ui-radio-group__legend">{label}</legend>
      {hint && (
        <p id={hintId} className="ui-radio-group__hint">
          {hint}
        </p>
      )}
      <div className="ui-radio-group__options">
        {options.map((option, index) => {
          const id = `${groupName}-${index}`;
          return (
            <div key={option.value} className="ui-radio">
              <input
                id={id}
                type="radio"
                className="ui-radio__input"
                name={groupName}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                required={required}
                aria-invalid={error ? true : undefined}
                aria-describedby={option.hint ? `${id}-hint` : undefined}
                onChange={() => onChange(option.value)}
              />
              <label htmlFor={id} className="ui-radio__label">
                {option.label}
              </label>
              {option.hint && (
                <p id={`${id}-hint`} className="ui-radio__hint">
                  {option.hint}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="ui-radio-group__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
