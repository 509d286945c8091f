import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Menu } from '@cadence/shared-ui/bundled';

function rowActions() {
  const actions = { edit: vi.fn(), archive: vi.fn(), remove: vi.fn() };
  render(
    <>
      <Menu
        label="Actions for Jane Doe"
        icon="more"
        items={[
          { label: 'Edit', icon: 'edit', onSelect: actions.edit },
          { label: 'Archive', onSelect: actions.archive, disabled: true },
          { label: 'Delete', icon: 'delete', danger: true, onSelect: actions.remove },
        ]}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { actions, trigger: screen.getByRole('button', { name: 'Actions for Jane Doe' }) };
}

describe('Menu', () => {
  it('is a menu button: collapsed until pressed, then a named menu with focus on its first item', async () => {
    const { trigger } = rowActions();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Actions for Jane Doe' });
    expect(trigger).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    expect(screen.getByRole('menuitem', { name: 'Archive' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('moves with the arrows (skipping disabled items, wrapping), Home, End and a first letter', async () => {
    const { trigger } = rowActions();
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('e');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
  });

  it('opens on its last item with ArrowUp', async () => {
    const { trigger } = rowActions();
    trigger.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
  });

  it('chooses with Enter, closes and returns focus to the trigger', async () => {
    const { trigger, actions } = rowActions();
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(actions.remove).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('closes on Escape (focus back on the trigger), on a click outside, and does nothing for a disabled item', async () => {
    const { trigger, actions } = rowActions();
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Archive' }));
    expect(actions.archive).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('chooses by click', async () => {
    const { trigger, actions } = rowActions();
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(actions.edit).toHaveBeenCalledOnce();
  });

  it('is placed against the viewport — below its trigger, or above when there is more room there — and closes when a scroll moves it away (not on a scroll that leaves it in place)', async () => {
    const { trigger } = rowActions();
    const box = (top: number) => ({ top, bottom: top + 36, left: 600, right: 636, width: 36, height: 36, x: 600, y: top, toJSON: () => ({}) });
    const rect = vi.spyOn(trigger, 'getBoundingClientRect').mockReturnValue(box(100));
    await userEvent.click(trigger);
    expect(screen.getByRole('menu')).toHaveStyle({ top: '140px', left: '600px' });
    fireEvent.scroll(window);
    expect(screen.getByRole('menu')).toBeVisible();
    rect.mockReturnValue(box(60));
    fireEvent.scroll(window);
    expect(screen.queryByRole('menu')).toBeNull();

    rect.mockReturnValue(box(window.innerHeight - 50));
    await userEvent.click(trigger);
    const menu = screen.getByRole('menu');
    expect(menu).toHaveStyle({ bottom: '54px' });
    expect(menu.style.top).toBe('');
  });
});
