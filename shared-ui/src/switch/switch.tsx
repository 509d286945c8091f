import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import './switch.css';

export interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> {
  label: ReactNode;
  hint?: ReactNode;
}

/** An on/off setting that applies at once: a checkbox with role="switch" (Space toggles it). */
export function Switch({ label, hint, id, className, ...input }: SwitchProps) {
  const generated = useId();
  const inputId = id ?? `switch${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cx('ui-switch', className)}>
      <label htmlFor={inputId} className="ui-switch__label">
        {label}
      </label>
      <input {...input} id={inputId} type="checkbox" role="switch" className="ui-switch__input" aria-describedby={hintId} />
      {hint && (
        <p id={hintId} className="ui-switch__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
