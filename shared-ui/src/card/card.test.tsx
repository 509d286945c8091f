import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge, Button, Card, EmptyState, PageHeader, StatusChip } from '@cadence/shared-ui';

describe('PageHeader', () => {
  it('gives the page its one h1, a description and its actions', () => {
    render(<PageHeader title="Clients" description="Everyone you see, active and past." actions={<Button variant="primary">Add client</Button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    expect(screen.getByText('Everyone you see, active and past.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add client' })).toBeVisible();
  });
});

describe('Card', () => {
  it('is a region named by its heading, at the level the page needs', () => {
    render(
      <Card title="Subscription" headingLevel={3} description="Billed monthly." actions={<Button>Manage</Button>} footer={<Button>Cancel plan</Button>}>
        <p>10 USD a month</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Subscription' });
    expect(screen.getByRole('heading', { level: 3, name: 'Subscription' })).toBeVisible();
    expect(region).toHaveTextContent('10 USD a month');
    expect(region).toHaveTextContent('Billed monthly.');
  });

  it('without a title is a plain box, not a landmark', () => {
    render(<Card>Body only</Card>);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByText('Body only')).toBeVisible();
  });
});

describe('Badge and StatusChip', () => {
  it('says its status in words; the icon only repeats it', () => {
    const { container } = render(
      <>
        <Badge tone="accent">Pro</Badge>
        <StatusChip tone="danger" label="Payment failed" />
        <StatusChip tone="neutral" label="Draft" />
      </>,
    );
    expect(screen.getByText('Pro')).toHaveClass('ui-badge--accent');
    expect(screen.getByText('Payment failed')).toHaveClass('ui-badge--danger');
    for (const decoration of container.querySelectorAll('svg, .ui-status-chip__dot')) expect(decoration).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('EmptyState', () => {
  it('shows an icon, one sentence and one action', () => {
    const { container } = render(
      <EmptyState icon="clients" title="No clients yet" action={<Button variant="primary">Add client</Button>}>
        Add your first client to schedule a session.
      </EmptyState>,
    );
    expect(screen.getByText('No clients yet')).toBeVisible();
    expect(screen.getByText('Add your first client to schedule a session.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add client' })).toBeVisible();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
