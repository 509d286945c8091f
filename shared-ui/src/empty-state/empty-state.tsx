import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { Icon, type IconName } from '../icon/icon.tsx';
import './empty-state.css';

export interface EmptyStateProps {
  icon?: IconName;
  /** A short heading ("No clients yet"). */
  title?: ReactNode;
  /** One sentence: what would be here and how it gets here. */
  children: ReactNode;
  /** The one action that fills it (Add client). */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon = 'empty', title, children, action, className }: EmptyStateProps) {
  return (
    <div className={cx('ui-empty-state', className)}>
      <span className="ui-empty-state__icon">
        <Icon name={icon} />
      </span>
      {title && <p className="ui-empty-state__title">{title}</p>}
      <p className="ui-empty-state__text">{children}</p>
      {action && <div className="ui-empty-state__action">{action}</div>}
    </div>
  );
}
