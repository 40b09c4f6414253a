import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ColumnChooser } from './ColumnChooser.js';
import { fitColumns, trackMinPx } from './column-fit.js';
import { useColumnChoice } from './use-column-choice.js';
import { useLocation, useNavigate } from 'react-router';
import { useListFocus } from './list-focus.js';
import { useLatest } from './use-latest.js';
import { useRowFocus } from './use-row-focus.js';

export type SortDirection = 'asc' | 'desc';

export interface GridColumn<T> {
  id: string;
  header: string;
  /** A CSS grid track, e.g. `minmax(120px, 1fr)` or `90px`. */
  width: string;
  numeric?: boolean;
  sortable?: boolean;
  /**
   * Absent: always shown. Otherwise the column gives way when the table has no room for it (the
   * higher the number, the earlier) and the reader may hide it.
   */
  priority?: number;
  /** Hidden until the reader asks for it in the column chooser. */
  hiddenByDefault?: boolean;
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
  /** The rows; one not fetched yet (a list fetched a page at a time) is undefined. */
  rows: ArrayLike<T | undefined>;
  /** How many rows the list has (default: `rows.length`). */
  count?: number;
  rowKey: (row: T) => string;
  sort?: GridSort;
  onSort?: (column: string) => void;
  rowHeight?: number;
  /** The row's own page: Enter on a focused row opens it. */
  rowHref?: (row: T) => string;
  /** The rows drawn (first and last index) changed: a paged list fetches what they need. */
  onRangeChange?: (first: number, last: number) => void;
}

/** The column chooser's own track, at the end of every row. */
const CHOOSER_TRACK = '32px';
/** The grid's borders and cell padding not counted in the tracks' narrowest widths. */
const GRID_CHROME = 4;

/** The table's inner width, followed as the window changes (none yet before the first layout). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** What a link or a navigation passes to ask the next page's list for the focus. */
export interface FocusListState {
  focusList: true;
}

function asksForList(state: unknown): boolean {
  return (state as Partial<FocusListState> | null)?.focusList === true;
}

function ariaSort(
  sort: GridSort | undefined,
  column: string,
): 'ascending' | 'descending' | undefined {
  if (sort?.column !== column) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * A table that renders only the rows in view, so 10,000 budgets (or 150,000 pods fetched a page at
 * a time) scroll smoothly. It keeps the table semantics (role table/row/cell, aria-rowcount) that
 * screen readers rely on, and is one Tab stop: the arrow keys move the current row, Enter opens it
 * (see useRowFocus). The layout's "Skip to the list" link, or a navigation that asks for it
 * (`state: { focusList: true }`), puts the focus on the current row.
 */
export function VirtualGrid<T>(props: VirtualGridProps<T>) {
  const { rows, rowKey, sort, onSort, rowHref } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The scroller's inner width: the room left beside its vertical scrollbar.
  const width = useWidth(scrollRef);
  const [choice, setChoice] = useColumnChoice(props.label);
  const choosable = props.columns.some((column) => column.priority !== undefined);
  // Columns give way by priority so that the table never scrolls sideways.
  const columns = useMemo(
    () =>
      fitColumns(props.columns, {
        // No width yet (or none: not laid out) leaves every column in.
        room:
          width === undefined || width === 0
            ? Number.POSITIVE_INFINITY
            : width - GRID_CHROME - (choosable ? trackMinPx(CHOOSER_TRACK) : 0),
        choice,
      }),
    [props.columns, width, choice, choosable],
  );
  const count = props.count ?? rows.length;
  const rowHeight = props.rowHeight ?? 32;
  const bodyRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  // TanStack Virtual hands back fresh functions on purpose; the warning is about React Compiler's
  // memoization, which this app does not use.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const focus = useRowFocus({
    count,
    body: bodyRef,
    scrollTo: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    pageSize: () =>
      Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 600) / rowHeight) - 1),
    open: (index) => {
      const row = rows[index];
      if (row !== undefined && rowHref) void navigate(rowHref(row));
    },
  });
  const focusCurrent = useLatest(focus.focusCurrent);
  const { register } = useListFocus();
  useEffect(() => register(() => focusCurrent.current()), [register, focusCurrent]);
  // A navigation that asked for the list: its current row takes the focus once there is one.
  const handled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!asksForList(location.state) || count === 0 || handled.current === location.key) return;
    handled.current = location.key;
    focusCurrent.current();
  }, [location.state, location.key, count, focusCurrent]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const onRange = useLatest(props.onRangeChange);
  useEffect(() => onRange.current?.(first, last), [first, last, onRange]);

  const tracks = columns.map((column) => column.width);
  const template = (choosable ? [...tracks, CHOOSER_TRACK] : tracks).join(' ');
  const style = { '--cols': template } as React.CSSProperties;
  return (
    <div
      className="vgrid"
      role="table"
      aria-label={props.label}
      aria-rowcount={count + 1}
      style={style}
    >
      <div className="vgrid-scroll" ref={scrollRef}>
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
            {choosable ? (
              <div role="columnheader" className="column-choice">
                <ColumnChooser
                  table={props.label}
                  columns={props.columns}
                  choice={choice}
                  drawn={new Set(columns.map((column) => column.id))}
                  onChange={setChoice}
                />
              </div>
            ) : null}
          </div>
        </div>
        <div
          role="rowgroup"
          ref={bodyRef}
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
          onKeyDown={focus.onKeyDown}
          onFocus={focus.onFocus}
        >
          {items.map((item) => {
            const row = rows[item.index];
            return (
              <div
                key={row === undefined ? `pending-${item.index}` : rowKey(row)}
                role="row"
                aria-rowindex={item.index + 2}
                data-index={item.index}
                tabIndex={item.index === focus.current ? 0 : -1}
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
                {row === undefined ? (
                  <div role="cell" className="muted">
                    Loading…
                  </div>
                ) : (
                  columns.map((column) => (
                    <div key={column.id} role="cell" className={column.numeric ? 'num' : undefined}>
                      {column.render(row)}
                    </div>
                  ))
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
