import { useId, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { Icon } from '@cadence/shared-ui';
import { Menu, type MenuItem } from '../menu/menu.tsx';
import './table.css';

export type SortDirection = 'ascending' | 'descending';
export interface TableSort {
  key: string;
  direction: SortDirection;
}

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The header becomes a button that asks the owner to sort by this column. */
  sortable?: boolean;
  /** Numbers and amounts align to the end. */
  align?: 'start' | 'end';
  /** The row's header cell (a client's name): read out before each cell of the row. */
  rowHeader?: boolean;
}

export interface TableProps<Row> {
  /** The table's accessible name (and visible title unless hideCaption). */
  caption: ReactNode;
  hideCaption?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The current order; the owner sorts the rows (they may come sorted from the server). */
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort) => void;
  /** A menu of actions at the end of each row. */
  rowActions?: (row: Row) => readonly MenuItem[];
  /** Names each row's menu ("Actions for Jane Doe"). */
  rowActionsLabel?: (row: Row) => string;
  /** Shown in a single full-width row when there are no rows. */
  empty: ReactNode;
  /** Scroll inside the table past this height, its header staying put. */
  maxHeight?: string;
  className?: string;
}

/**
 * A data table: a real <table> with a caption (on a phone each row becomes a card, its cells
 * labelled by their column — table.css), column headers that stay in view while the body
 * scrolls, sortable columns (a button in the header, aria-sort on the sorted one), an actions menu
 * per row and one row saying so when there is nothing to show.
 */
export function Table<Row>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  rowActions,
  rowActionsLabel = () => 'Row actions',
  empty,
  maxHeight,
  className,
}: TableProps<Row>) {
  const captionId = useId();
  const columnCount = columns.length + (rowActions ? 1 : 0);
  const nextSort = (key: string): TableSort => ({
    key,
    direction: sort?.key === key && sort.direction === 'ascending' ? 'descending' : 'ascending',
  });
  return (
    // Focusable and named, so a keyboard user can scroll a table wider or taller than its box.
    <div
      className={cx('ui-table', className)}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      style={maxHeight ? { maxBlockSize: maxHeight } : undefined}
    >
      <table className="ui-table__table">
        <caption id={captionId} className={hideCaption ? 'ui-visually-hidden' : 'ui-table__caption'}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = sort?.key === column.key ? sort.direction : undefined;
              return (
                <th key={column.key} scope="col" aria-sort={sorted} className={cx(column.align === 'end' && 'ui-table__cell--end')}>
                  {column.sortable && onSortChange ? (
                    <button type="button" className="ui-table__sort" onClick={() => onSortChange(nextSort(column.key))}>
                      <span>{column.header}</span>
                      <Icon name={sorted ? 'chevron-down' : 'sort'} className={sorted === 'ascending' ? 'ui-table__ascending' : undefined} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
            {rowActions && (
              <th scope="col" className="ui-table__cell--actions">
                <span className="ui-visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="ui-table__empty">
              <td colSpan={columnCount}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => {
                  const Cell = column.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.key}
                      scope={column.rowHeader ? 'row' : undefined}
                      className={cx(column.align === 'end' && 'ui-table__cell--end')}
                      data-label={typeof column.header === 'string' ? column.header : undefined}
                    >
                      {column.cell(row)}
                    </Cell>
                  );
                })}
                {rowActions && (
                  <td className="ui-table__cell--actions">
                    <Menu label={rowActionsLabel(row)} icon="more" align="end" items={rowActions(row)} />
                  </td>
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
