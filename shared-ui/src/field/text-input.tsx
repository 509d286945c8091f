import type { InputHTMLAttributes } from 'react';
import { Field, type FieldTextProps } from './field.tsx';

export interface TextInputProps extends FieldTextProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  type?: 'text' | 'email' | 'password' | 'search' | 'tel' | 'url' | 'number';
}

export function TextInput({ label, hint, error, required, id, className, type = 'text', ...input }: TextInputProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => <input {...input} {...control} type={type} className="ui-control" />}
    </Field>
  );
}
