import type { TextareaHTMLAttributes } from 'react';
import { Field, type FieldTextProps } from './field.tsx';

export type TextareaProps = FieldTextProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function Textarea({ label, hint, error, required, id, className, ...textarea }: TextareaProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => <textarea {...textarea} {...control} className="ui-control" />}
    </Field>
  );
}
