import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@cadence/shared-ui';
import { ToastProvider, useToast } from '@cadence/shared-ui/bundled';

function SaveButton({ duration }: { duration?: number }) {
  const toast = useToast();
  return <Button onClick={() => toast.show({ message: 'Profile saved', tone: 'success', ...(duration === undefined ? {} : { duration }) })}>Save</Button>;
}

afterEach(() => vi.useRealTimers());

describe('Toast', () => {
  it('announces in one polite live region that is there before anything is shown', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <SaveButton duration={0} />
      </ToastProvider>,
    );
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(region).toHaveTextContent('Profile saved');
  });

  it('leaves by its close button, and focus can reach that button', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <SaveButton duration={0} />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss notification' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByText('Profile saved')).not.toBeInTheDocument();
  });

  it('leaves by itself after its duration', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider duration={4000}>
        <SaveButton />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(screen.getByText('Profile saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.getByText('Profile saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Profile saved')).not.toBeInTheDocument();
  });

  it('says clearly when used outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<SaveButton />)).toThrow('useToast needs a <ToastProvider> above it');
  });
});
