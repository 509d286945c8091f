import type { InputHTMLAttributes } from 'react';
import { cx } from '../class-names.ts';
import { Field, type FieldTextProps } from './field.tsx';

export type DateInputProps = FieldTextProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/** A calendar date, value "YYYY-MM-DD" (the browser's own date picker, localized). */
export function DateInput({ label, hint, error, required, id, className, ...input }: DateInputProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={cx('ui-date-input', className)}>
      {(control) => <input {...input} {...control} type="date" className="ui-control" />}
    </Field>
  );
}
