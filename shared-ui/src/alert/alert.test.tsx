import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert, Button, Skeleton } from '@cadence/shared-ui';
import { Pagination, ToastProvider, useToast } from '@cadence/shared-ui/bundled';

describe('Alert', () => {
  it('reads errors out at once (role alert) and the other tones politely (role status)', () => {
    render(
      <>
        <Alert tone="error" title="Payment failed">
          Your card was declined.
        </Alert>
        <Alert tone="info">Your trial ends in 3 days.</Alert>
        <Alert tone="success">Saved.</Alert>
        <Alert tone="warning">Your card expires soon.</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failedYour card was declined.');
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['Your trial ends in 3 days.', 'Saved.', 'Your card expires soon.']);
  });

  it('offers one action and a named dismiss button', async () => {
    const onDismiss = vi.fn();
    render(
      <Alert tone="error" action={<Button>Retry</Button>} onDismiss={onDismiss}>
        Could not load invoices.
      </Alert>,
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});

describe('Toast', () => {
  function SaveButton() {
    const toast = useToast();
    return <Button onClick={() => toast.show({ message: 'Profile saved', tone: 'success' })}>Save</Button>;
  }

  it('adds messages to a polite live region that exists before them, and removes them after a while', async () => {
    vi.useFakeTimers();
    try {
      render(
        <ToastProvider duration={4000}>
          <SaveButton />
        </ToastProvider>,
      );
      const region = screen.getByRole('status');
      expect(region).toHaveAttribute('aria-live', 'polite');
      expect(region).toBeEmptyDOMElement();
      act(() => screen.getByRole('button', { name: 'Save' }).click());
      expect(region).toHaveTextContent('Profile saved');
      act(() => vi.advanceTimersByTime(3999));
      expect(region).toHaveTextContent('Profile saved');
      act(() => vi.advanceTimersByTime(1));
      expect(region).toBeEmptyDOMElement();
    } finally {
      vi.useRealTimers();
    }
  });

  it('can be dismissed by its close button', async () => {
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('needs a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SaveButton />)).toThrow(/ToastProvider/);
  });
});

describe('Skeleton', () => {
  it('says what it waits for to assistive tech and hides its shapes', () => {
    const { container } = render(<Skeleton label="Loading clients" lines={4} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading clients');
    const shapes = container.querySelectorAll('.ui-skeleton__shape');
    expect(shapes).toHaveLength(4);
    for (const shape of shapes) expect(shape).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('Pagination', () => {
  it('is a named navigation with the current page marked, its neighbours, the ends and gaps', async () => {
    const onPageChange = vi.fn();
    render(<Pagination label="Invoice pages" page={5} pageCount={12} onPageChange={onPageChange} />);
    const nav = screen.getByRole('navigation', { name: 'Invoice pages' });
    expect(nav).toHaveTextContent('Previous1…456…12Next');
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([6, 6, 4]);
  });

  it('disables the steps at the ends, fills a one-page gap, and is absent for a single page', () => {
    const { rerender } = render(<Pagination page={1} pageCount={4} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('navigation')).toHaveTextContent('Previous1234Next');
    rerender(<Pagination page={4} pageCount={4} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    rerender(<Pagination page={1} pageCount={1} onPageChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
