import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge, Button, EmptyState, PageHeader, Skeleton, StatusChip } from '@cadence/shared-ui';

describe('EmptyState', () => {
  it('says what would be here, with one action; its icon is decoration', () => {
    const { container } = render(
      <EmptyState icon="clients" title="No clients yet" action={<Button variant="primary">Add client</Button>}>
        Clients you add or import appear here.
      </EmptyState>,
    );
    expect(screen.getByText('No clients yet')).toBeVisible();
    expect(screen.getByText('Clients you add or import appear here.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add client' })).toBeVisible();
    const icon = container.querySelector('svg');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('PageHeader', () => {
  it('is the page’s one h1 with its description and actions', () => {
    render(<PageHeader title="Clients" description="Everyone you see." actions={<Button>Import clients</Button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    expect(screen.getByText('Everyone you see.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import clients' })).toBeVisible();
    expect(screen.getAllByRole('heading')).toHaveLength(1);
  });
});

describe('Badge and StatusChip', () => {
  it('carry their meaning in words; the status icon is hidden from assistive tech', () => {
    const { container } = render(
      <>
        <Badge tone="accent">Pro</Badge>
        <StatusChip tone="danger" label="Payment failed" />
        <StatusChip tone="neutral" label="Inactive" />
      </>,
    );
    expect(screen.getByText('Pro')).toHaveClass('ui-badge--accent');
    expect(screen.getByText('Payment failed')).toHaveClass('ui-badge--danger');
    for (const chip of container.querySelectorAll('.ui-status-chip')) {
      const mark = chip.querySelector('svg, .ui-status-chip__dot');
      expect(mark).toHaveAttribute('aria-hidden', 'true');
    }
  });
});

describe('Skeleton', () => {
  it('tells assistive tech what it waits for and hides its shapes', () => {
    const { container } = render(<Skeleton label="Loading clients" lines={4} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading clients');
    const shapes = container.querySelectorAll('.ui-skeleton__shape');
    expect(shapes).toHaveLength(4);
    shapes.forEach((shape) => expect(shape).toHaveAttribute('aria-hidden', 'true'));
  });

  it('stands in for a block of a given height', () => {
    const { container } = render(<Skeleton label="Loading the chart" height="12rem" />);
    const block = container.querySelector('.ui-skeleton__block');
    expect(block).toHaveStyle({ blockSize: '12rem' });
  });
});
