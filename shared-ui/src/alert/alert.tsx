import type { ReactNode } from 'react';
import { IconButton } from '../button/button.tsx';
import { cx } from '../class-names.ts';
import { Icon, type IconName } from '../icon/icon.tsx';
import './alert.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

const icons: Record<AlertTone, IconName> = { info: 'info', success: 'success', warning: 'warning', error: 'error' };

export interface AlertProps {
  tone: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** One action that resolves it (Retry, Update payment method). */
  action?: ReactNode;
  /** Shows a close button. */
  onDismiss?: () => void;
  dismissLabel?: string;
  className?: string;
}

/**
 * A message about the page or an action. Errors are role="alert" (read out at once when they
 * appear); the others role="status" (read out politely). Tone is repeated by the icon and words.
 */
export function Alert({ tone, title, children, action, onDismiss, dismissLabel = 'Dismiss', className }: AlertProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx('ui-alert', `ui-alert--${tone}`, className)}>
      <Icon name={icons[tone]} className="ui-alert__icon" />
      <div className="ui-alert__content">
        {title && <p className="ui-alert__title">{title}</p>}
        {children && <div className="ui-alert__body">{children}</div>}
        {action && <div className="ui-alert__action">{action}</div>}
      </div>
      {onDismiss && <IconButton icon="close" label={dismissLabel} size="sm" onClick={onDismiss} className="ui-alert__dismiss" />}
    </div>
  );
}
