import type { SelectHTMLAttributes } from 'react';
import { Field, type FieldTextProps } from './field.tsx';
import './select.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends FieldTextProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  options: readonly SelectOption[];
  /** A first, empty choice ("Choose a service…"). */
  placeholder?: string;
}

export function Select({ label, hint, error, required, id, className, options, placeholder, ...select }: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => (
        <select {...select} {...control} className="ui-control">
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
