import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Pagination } from '@cadence/shared-ui/bundled';
import { visiblePages } from './pagination.tsx';

function Pages({ start = 1, count = 10 }: { start?: number; count?: number }) {
  const [page, setPage] = useState(start);
  return <Pagination page={page} pageCount={count} onPageChange={setPage} label="Invoices pages" />;
}

describe('visiblePages', () => {
  it('keeps the first, the last and the neighbours of the current page, gaps as null', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(1, 10)).toEqual([1, 2, null, 10]);
    expect(visiblePages(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    // A gap of one page shows that page instead of an ellipsis.
    expect(visiblePages(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
    expect(visiblePages(10, 10)).toEqual([1, null, 9, 10]);
  });
});

describe('Pagination', () => {
  it('is a named navigation that marks the current page and steps with Previous and Next', async () => {
    const user = userEvent.setup();
    render(<Pages />);
    const nav = screen.getByRole('navigation', { name: 'Invoices pages' });
    expect(nav).toBeVisible();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('button', { name: 'Page 9' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides the ellipsis from assistive tech and renders nothing for a single page', () => {
    const { container, rerender } = render(<Pages start={5} />);
    const gaps = container.querySelectorAll('.ui-pagination__gap');
    expect(gaps).toHaveLength(2);
    gaps.forEach((gap) => expect(gap).toHaveAttribute('aria-hidden', 'true'));
    rerender(<Pages count={1} key="one" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
