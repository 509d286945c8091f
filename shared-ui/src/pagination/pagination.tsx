import { cx } from '../class-names.ts';
import { Icon } from '@cadence/shared-ui';
import './pagination.css';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** The navigation's accessible name ("Invoices pages"). */
  label?: string;
  className?: string;
}

/** The page numbers to show: first, last, and the current one with its neighbours; gaps as null. */
export function visiblePages(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  return sorted.flatMap((n, index) => {
    const previous = sorted[index - 1];
    if (previous === undefined || n === previous + 1) return [n];
    return n === previous + 2 ? [previous + 1, n] : [null, n];
  });
}

export function Pagination({ page, pageCount, onPageChange, label = 'Pagination', className }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={cx('ui-pagination', className)}>
      <button type="button" className="ui-pagination__step" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <Icon name="chevron-left" />
        <span>Previous</span>
      </button>
      <ul className="ui-pagination__pages">
        {visiblePages(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className="ui-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className="ui-pagination__page"
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => n !== page && onPageChange(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className="ui-pagination__step" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        <span>Next</span>
        <Icon name="chevron-right" />
      </button>
    </nav>
  );
}
