import { useId, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { Icon } from '../icon/icon.tsx';
import './field.css';

/** The Field props every field-wrapped control takes. */
export interface FieldTextProps {
  label: ReactNode;
  /** Help shown under the label, always. */
  hint?: ReactNode;
  /** The validation message; its presence marks the control invalid. */
  error?: ReactNode;
}

/** What a control inside a Field must carry so its label, hint and error reach assistive tech. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  required: boolean | undefined;
}

export interface FieldProps extends FieldTextProps {
  required?: boolean;
  /** Use this id for the control (else one is generated). */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A label, an optional hint and an optional error around one control, wired together: the label
 * names it (htmlFor), the hint and error describe it (aria-describedby), an error marks it invalid.
 */
export function Field({ label, hint, error, required, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = cx(hintId, errorId) || undefined;
  return (
    <div className={cx('ui-field', error ? 'is-invalid' : false, className)}>
      <label className="ui-field__label" htmlFor={controlId}>
        {label}
        {/* The control's own `required` is what assistive tech announces; this is for the eye. */}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            {' '}
            (required)
          </span>
        )}
      </label>
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, required })}
      {error && (
        <p id={errorId} className="ui-field__error">
          <Icon name="error" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
