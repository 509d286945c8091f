import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClassName, IconButton } from '@cadence/shared-ui';

describe('Button', () => {
  it('is a button named by its label that acts on click, Enter and Space, and never submits a form by default', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button variant="primary" onClick={onClick}>
          Save changes
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save changes' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('ui-button--primary');
    await userEvent.click(button);
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('while loading stays focused and named, says it is busy, shows the loading label and ignores presses', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button onClick={onClick} loading loadingLabel="Saving…">
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    button.focus();
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
    rerender(<Button onClick={onClick}>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-busy');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('renders each variant and keeps its icon out of the accessible name', () => {
    for (const variant of ['primary', 'secondary', 'quiet', 'danger'] as const) {
      const { unmount } = render(
        <Button variant={variant} icon="delete">
          Remove
        </Button>,
      );
      const button = screen.getByRole('button', { name: 'Remove' });
      expect(button).toHaveClass(`ui-button--${variant}`);
      expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
      unmount();
    }
  });

  it('can be disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Pay
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('buttonClassName', () => {
  it('gives a link the look of a button, without the button role', () => {
    render(
      <a href="/signup" className={buttonClassName('primary')}>
        Get Started
      </a>,
    );
    const link = screen.getByRole('link', { name: 'Get Started' });
    expect(link).toHaveClass('ui-button', 'ui-button--primary', 'ui-button--md');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('IconButton', () => {
  it('is named by its label (also its tooltip), the icon hidden', async () => {
    const onClick = vi.fn();
    render(<IconButton icon="close" label="Close dialog" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Close dialog' });
    expect(button).toHaveAttribute('title', 'Close dialog');
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('refuses to render without an accessible label', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<IconButton icon="close" label=" " />)).toThrow(/needs a label/);
  });
});
