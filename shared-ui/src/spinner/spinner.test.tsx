import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from '@cadence/shared-ui';

describe('Spinner', () => {
  it('is a polite status that says what it waits for; the animation is hidden', () => {
    const { container } = render(<Spinner label="Loading invoices…" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading invoices…');
    expect(screen.getByText('Loading invoices…')).toBeVisible();
    expect(container.querySelector('.ui-spinner__circle')).toHaveAttribute('aria-hidden', 'true');
  });

  it('can keep its label for assistive tech only', () => {
    render(<Spinner label="Loading" hideLabel />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.getByText('Loading')).toHaveClass('ui-visually-hidden');
  });
});
