import { cx } from '../class-names.ts';
import './spinner.css';

export interface SpinnerProps {
  /** What is being waited for ("Loading invoices…"): read out politely, and shown unless hidden. */
  label: string;
  /** Keep the label for assistive tech only (a spinner inside a labelled button, say). */
  hideLabel?: boolean;
  size?: 'sm' | 'md';
  className?: string;
}

export function Spinner({ label, hideLabel = false, size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={cx('ui-spinner', `ui-spinner--${size}`, className)}>
      <span className="ui-spinner__circle" aria-hidden="true" />
      <span className={hideLabel ? 'ui-visually-hidden' : 'ui-spinner__label'}>{label}</span>
    </span>
  );
}
