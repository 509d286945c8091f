import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, ConfirmDialog, Dialog, TextInput } from '@cadence/shared-ui';

function EditClient({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Edit client</Button>
      <Dialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Edit client"
        description="Changes apply to future sessions."
        footer={<Button variant="primary">Save</Button>}
      >
        <TextInput label="First name" />
        <TextInput label="Last name" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a modal dialog named by its title and described by its description, focus on the first field', async () => {
    render(<EditClient />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit client' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit client' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Changes apply to future sessions.');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    render(<EditClient />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit client' }));
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    screen.getByRole('button', { name: 'Close' }).focus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('closes on Escape and returns focus to what opened it', async () => {
    const onClose = vi.fn();
    render(<EditClient onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Edit client' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes from its close button, also returning focus', async () => {
    render(<EditClient />);
    const opener = screen.getByRole('button', { name: 'Edit client' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('ignores Escape while not dismissible', async () => {
    const onClose = vi.fn();
    render(
      <Dialog open onClose={onClose} title="Confirming payment" dismissible={false}>
        <p>Please wait.</p>
      </Dialog>,
    );
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Confirming payment' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  function TerminateAll({ onConfirm }: { onConfirm: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Log out all devices</Button>
        <ConfirmDialog
          open={open}
          title="Log out all devices?"
          description="Every device, this one included, will need to sign in again."
          confirmLabel="Log out everywhere"
          onConfirm={() => {
            onConfirm();
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      </>
    );
  }

  it('starts on Cancel, the choice that changes nothing, and returns focus on cancel', async () => {
    const onConfirm = vi.fn();
    render(<TerminateAll onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Log out all devices' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Log out all devices?' });
    expect(dialog).toHaveAccessibleDescription('Every device, this one included, will need to sign in again.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('confirms with its danger button', async () => {
    const onConfirm = vi.fn();
    render(<TerminateAll onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Log out all devices' }));
    const confirm = screen.getByRole('button', { name: 'Log out everywhere' });
    expect(confirm).toHaveClass('ui-button--danger');
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('while loading shows progress on Confirm and cannot be cancelled', async () => {
    const onCancel = vi.fn();
    render(
      <ConfirmDialog open loading loadingLabel="Logging out…" title="Log out?" description="All devices." confirmLabel="Log out" onConfirm={() => {}} onCancel={onCancel} />,
    );
    expect(screen.getByRole('button', { name: 'Logging out…' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});
