import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface GridColumn<T> {
  id: string;
  header: string;
  /** A CSS grid track, e.g. `minmax(120px, 1fr)` or `90px`. */
  width: string;
  numeric?: boolean;
  sortable?: boolean;
  render: (row: T) => ReactNode;
}

export interface GridSort {
  column: string;
  direction: SortDirection;
}

/** Clicking a header sorts by it; clicking it again reverses the order. */
export function toggleSort(sort: GridSort, column: string): GridSort {
  if (sort.column === column)
    return { column, direction: sort.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

export interface VirtualGridProps<T> {
  label: string;
  columns: readonly GridColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  sort?: GridSort;
  onSort?: (column: string) => void;
  rowHeight?: number;
}

function ariaSort(
  sort: GridSort | undefined,
  column: string,
): 'ascending' | 'descending' | undefined {
  if (sort?.column !== column) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * A table that renders only the rows in view, so 10,000 budgets scroll smoothly. It keeps the
 * table semantics (role table/row/cell, aria-rowcount) that screen readers rely on.
 */
export function VirtualGrid<T>(props: VirtualGridProps<T>) {
  const { columns, rows, rowKey, sort, onSort } = props;
  const rowHeight = props.rowHeight ?? 32;
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual hands back fresh functions on purpose; the warning is about React Compiler's
  // memoization, which this app does not use.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const template = columns.map((column) => column.width).join(' ');
  const style = { '--cols': template } as React.CSSProperties;
  return (
    <div
      className="vgrid"
      role="table"
      aria-label={props.label}
      aria-rowcount={rows.length + 1}
      style={style}
    >
      <div className="vgrid-scroll" ref={scrollRef} tabIndex={0}>
        <div role="rowgroup" className="vgrid-row vgrid-head">
          <div role="row" style={{ display: 'contents' }}>
            {columns.map((column) => (
              <div
                key={column.id}
                role="columnheader"
                aria-sort={ariaSort(sort, column.id)}
                className={column.numeric ? 'num' : undefined}
              >
                {column.sortable && onSort ? (
                  <button type="button" onClick={() => onSort(column.id)}>
                    {column.header}
                    {sort?.column === column.id ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                  </button>
                ) : (
                  column.header
                )}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <div
                key={rowKey(row)}
                role="row"
                aria-rowindex={item.index + 2}
                className="vgrid-row"
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: rowHeight,
                  transform: `translateY(${item.start}px)`,
                }}
              >
                {columns.map((column) => (
                  <div key={column.id} role="cell" className={column.numeric ? 'num' : undefined}>
                    {column.render(row)}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
