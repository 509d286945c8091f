import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Table, type TableColumn, type TableSort } from '@cadence/shared-ui/bundled';

interface Invoice {
  id: string;
  client: string;
  amount: number;
}
const invoices: Invoice[] = [
  { id: 'in_1', client: 'Ada Lovelace', amount: 120 },
  { id: 'in_2', client: 'Grace Hopper', amount: 90 },
  { id: 'in_3', client: 'Alan Turing', amount: 150 },
];
const columns: TableColumn<Invoice>[] = [
  { key: 'client', header: 'Client', cell: (row) => row.client, sortable: true, rowHeader: true },
  { key: 'amount', header: 'Amount', cell: (row) => `$${row.amount}`, sortable: true, align: 'end' },
  { key: 'id', header: 'Number', cell: (row) => row.id },
];

function Invoices({ rows = invoices, onDelete = () => {} }: { rows?: Invoice[]; onDelete?: (id: string) => void }) {
  const [sort, setSort] = useState<TableSort | null>(null);
  const sorted = sort
    ? [...rows].sort((a, b) => {
        const order = sort.key === 'amount' ? a.amount - b.amount : a.client.localeCompare(b.client);
        return sort.direction === 'ascending' ? order : -order;
      })
    : rows;
  return (
    <Table
      caption="Invoices"
      columns={columns}
      rows={sorted}
      rowKey={(row) => row.id}
      sort={sort}
      onSortChange={setSort}
      rowActions={(row) => [{ label: 'Delete', danger: true, onSelect: () => onDelete(row.id) }]}
      rowActionsLabel={(row) => `Actions for ${row.id}`}
      empty="No invoices yet."
    />
  );
}

const clientsInOrder = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

describe('Table', () => {
  it('is a table named by its caption with column headers, row headers and a focusable scroll region', () => {
    render(<Invoices />);
    const table = screen.getByRole('table', { name: 'Invoices' });
    expect(screen.getByRole('region', { name: 'Invoices' })).toHaveAttribute('tabindex', '0');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Client', 'Amount', 'Number', 'Actions']);
    expect(clientsInOrder()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    expect(screen.getByRole('columnheader', { name: 'Client' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Number' })).queryByRole('button')).toBeNull();
  });

  it('sorts by a column header button, marking it with aria-sort, and reverses on a second press', async () => {
    render(<Invoices />);
    await userEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');
    expect(clientsInOrder()).toEqual(['Grace Hopper', 'Ada Lovelace', 'Alan Turing']);
    await userEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');
    expect(clientsInOrder()).toEqual(['Alan Turing', 'Ada Lovelace', 'Grace Hopper']);
    screen.getByRole('button', { name: 'Client' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: 'Client' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Amount' })).not.toHaveAttribute('aria-sort');
    expect(clientsInOrder()).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
  });

  it('offers each row its own named actions menu', async () => {
    const onDelete = vi.fn();
    render(<Invoices onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for in_2' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith('in_2');
  });

  it('shows one full-width row when there is nothing to show', () => {
    render(<Invoices rows={[]} />);
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(2);
    const cell = within(rows[1]!).getByRole('cell');
    expect(cell).toHaveTextContent('No invoices yet.');
    expect(cell).toHaveAttribute('colspan', '4');
  });
});
