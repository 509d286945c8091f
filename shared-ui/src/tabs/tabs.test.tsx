import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from '@cadence/shared-ui/bundled';

const sections = [
  { id: 'profile', label: 'Profile', content: <p>Profile details</p> },
  { id: 'payments', label: 'Payments', content: <p>Payment history</p> },
  { id: 'devices', label: 'Devices', content: <p>Active sessions</p>, disabled: true },
  { id: 'settings', label: 'Settings', content: <p>Change email</p> },
];

describe('Tabs', () => {
  it('is a named tablist whose selected tab controls the visible panel', () => {
    render(<Tabs label="Account sections" items={sections} />);
    expect(screen.getByRole('tablist', { name: 'Account sections' })).toBeVisible();
    const profile = screen.getByRole('tab', { name: 'Profile' });
    expect(profile).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(profile).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('Profile details');
    expect(screen.queryByText('Payment history')).toBeNull();
  });

  it('is one tab stop; the arrows, Home and End move and select (skipping disabled tabs, wrapping)', async () => {
    const onChange = vi.fn();
    render(
      <>
        <button type="button">Before</button>
        <Tabs label="Account sections" items={sections} onChange={onChange} />
      </>,
    );
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Payments' })).toHaveTextContent('Payment history');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveFocus();
    expect(onChange.mock.calls.map(([id]) => id)).toEqual(['payments', 'settings', 'profile', 'settings', 'profile', 'settings']);
    await userEvent.tab();
    expect(screen.getByRole('tabpanel', { name: 'Settings' })).toHaveFocus();
  });

  it('follows a controlled value', async () => {
    const { rerender } = render(<Tabs label="Sections" items={sections} value="payments" />);
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    rerender(<Tabs label="Sections" items={sections} value="settings" />);
    expect(screen.getByRole('tabpanel', { name: 'Settings' })).toHaveTextContent('Change email');
    await userEvent.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  });
});
