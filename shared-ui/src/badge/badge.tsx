import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { Icon, type IconName } from '../icon/icon.tsx';
import './badge.css';

export type BadgeTone = 'neutral' | 'accent' | 'info' | 'success' | 'warning' | 'danger';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

/** A short label (a count, a plan name). */
export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  return <span className={cx('ui-badge', `ui-badge--${tone}`, className)}>{children}</span>;
}

const statusIcons: Partial<Record<BadgeTone, IconName>> = { success: 'success', warning: 'warning', danger: 'error', info: 'info' };

export interface StatusChipProps {
  tone: BadgeTone;
  /** The status in words ("Trial active", "Payment failed"): never colour alone. */
  label: string;
  className?: string;
}

/** A status: its words carry the meaning, the tone and icon repeat it for the eye. */
export function StatusChip({ tone, label, className }: StatusChipProps) {
  const icon = statusIcons[tone];
  return (
    <span className={cx('ui-badge', 'ui-status-chip', `ui-badge--${tone}`, className)}>
      {icon ? <Icon name={icon} /> : <span className="ui-status-chip__dot" aria-hidden="true" />}
      {label}
    </span>
  );
}
