import type { InputHTMLAttributes } from 'react';
import { cx } from '../class-names.ts';
import { Field, type FieldTextProps } from '@cadence/shared-ui';

export type TimeInputProps = FieldTextProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/** A time of day, value "HH:MM" (24-hour; the browser shows the user's own clock). */
export function TimeInput({ label, hint, error, required, id, className, ...input }: TimeInputProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={cx('ui-time-input', className)}>
      {(control) => <input {...input} {...control} type="time" className="ui-control" />}
    </Field>
  );
}
