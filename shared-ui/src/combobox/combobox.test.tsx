import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Combobox } from '@cadence/shared-ui/bundled';

const clients = [
  { value: 'c1', label: 'Ada Lovelace', description: 'ada@example.com' },
  { value: 'c2', label: 'Alan Turing' },
  { value: 'c3', label: 'Grace Hopper' },
];

function ClientPicker({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <Combobox label="Client" hint="Type a name or an email." options={clients} value={value} onChange={setValue} placeholder="Search clients" />
      <output>{value ?? 'none'}</output>
      <button type="button">Next</button>
    </>
  );
}

describe('Combobox', () => {
  it('is a combobox named by its label, collapsed, controlling a listbox', () => {
    render(<ClientPicker />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAccessibleDescription('Type a name or an email.');
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('listbox', { hidden: true }).id);
  });

  it('filters as you type (label or description), moves with the arrows while focus stays in the input, and chooses with Enter', async () => {
    render(<ClientPicker />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.type(input, 'a');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Ada Lovelaceada@example.com', 'Alan Turing', 'Grace Hopper']);
    await userEvent.type(input, 'l');
    expect(screen.getAllByRole('option').map((option) => option.firstChild?.textContent)).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Alan Turing' }).id);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('c2');
    expect(input).toHaveValue('Alan Turing');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('searches the description too, and says when nothing matches', async () => {
    render(<ClientPicker />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.type(input, 'ada@');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await userEvent.clear(input);
    await userEvent.type(input, 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No matches')).toBeVisible();
  });

  it('opens with ArrowDown on the chosen option, marked selected', async () => {
    render(<ClientPicker initial="c3" />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    expect(input).toHaveValue('Grace Hopper');
    input.focus();
    await userEvent.keyboard('{ArrowDown}');
    const grace = screen.getByRole('option', { name: 'Grace Hopper' });
    expect(grace).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', grace.id);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('c2');
  });

  it('closes on Escape, then clears on a second Escape', async () => {
    render(<ClientPicker initial="c1" />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    input.focus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('c1');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('status')).toHaveTextContent('none');
    expect(input).toHaveValue('');
  });

  it('chooses by click, and restores the chosen label when the field is left mid-search', async () => {
    render(<ClientPicker />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.click(input);
    await userEvent.click(screen.getByRole('option', { name: 'Grace Hopper' }));
    expect(screen.getByRole('status')).toHaveTextContent('c3');
    expect(input).toHaveFocus();
    await userEvent.type(input, 'xyz');
    await userEvent.tab();
    expect(input).toHaveValue('Grace Hopper');
    expect(screen.getByRole('status')).toHaveTextContent('c3');
  });
});
