import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { cx } from '../class-names.ts';
import { Icon, type IconName } from '../icon/icon.tsx';
import '../spinner/spinner.css';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';

/**
 * A button's look for something that is not a <button>: a router link styled as the primary action
 * (`<Link className={buttonClassName('primary')}>`), since shared-ui knows no router.
 */
export function buttonClassName(variant: ButtonVariant = 'secondary', size: 'sm' | 'md' = 'md'): string {
  return `ui-button ui-button--${variant} ui-button--${size}`;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /** A decorative icon before the label. */
  icon?: IconName;
  /** A long action in progress: the button stays focusable but does nothing, and says so. */
  loading?: boolean;
  /** The label while loading ("Saving…"); defaults to the normal label. */
  loadingLabel?: ReactNode;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  icon,
  loading = false,
  loadingLabel,
  fullWidth = false,
  type = 'button',
  className,
  children,
  onClick,
  disabled,
  ...rest
}: ButtonProps) {
  // While loading, aria-disabled rather than disabled: focus stays on the button the user pressed.
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
      className={cx(buttonClassName(variant, size), fullWidth && 'ui-button--full', loading && 'is-loading', className)}
    >
      {loading ? <span className="ui-spinner__circle ui-button__spinner" aria-hidden="true" /> : icon && <Icon name={icon} />}
      <span>{loading && loadingLabel ? loadingLabel : children}</span>
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'> {
  icon: IconName;
  /** The accessible name (and tooltip): an icon alone says nothing to a screen reader. */
  label: string;
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({ icon, label, variant = 'quiet', size = 'md', type = 'button', className, ...rest }: IconButtonProps) {
  if (!label.trim()) throw new Error(`IconButton "${icon}" needs a label: its accessible name`);
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      title={label}
      className={cx(buttonClassName(variant, size), 'ui-icon-button', className)}
    >
      <Icon name={icon} />
    </button>
  );
}
