import { useId, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import './card.css';

export interface CardProps {
  /** The card's heading; it also names the card as a region. */
  title?: ReactNode;
  /** The heading level that fits the page outline (2 under the page's h1). */
  headingLevel?: 2 | 3 | 4;
  description?: ReactNode;
  /** Buttons or links at the end of the header. */
  actions?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function Card({ title, headingLevel = 2, description, actions, footer, children, className }: CardProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={cx('ui-card', className)} aria-labelledby={title ? titleId : undefined}>
      {(title || actions) && (
        <header className="ui-card__header">
          <div className="ui-card__heading">
            {title && (
              <Heading id={titleId} className="ui-card__title">
                {title}
              </Heading>
            )}
            {description && <p className="ui-card__description">{description}</p>}
          </div>
          {actions && <div className="ui-card__actions">{actions}</div>}
        </header>
      )}
      {children !== undefined && <div className="ui-card__body">{children}</div>}
      {footer && <footer className="ui-card__footer">{footer}</footer>}
    </section>
  );
}
