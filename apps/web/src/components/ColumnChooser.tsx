import { useId } from 'react';
import { isWanted, toggleColumn, type ColumnChoice, type FitColumn } from './column-fit.js';

interface ColumnChooserProps {
  /** The table's name, for the button's accessible name. */
  table: string;
  columns: readonly (FitColumn & { header: string })[];
  choice: ColumnChoice;
  /** The columns drawn now: a wanted column missing from them had no room. */
  drawn: ReadonlySet<string>;
  onChange: (next: ColumnChoice) => void;
}

/**
 * The table's last header cell: a button that opens a popover (the browser's top layer, so the
 * table's scroller never clips it; Escape and a click outside close it; CSS places it under the
 * button) listing the columns that may be hidden, each with a checkbox.
 */
export function ColumnChooser({ table, columns, choice, drawn, onChange }: ColumnChooserProps) {
  const id = useId();
  const optional = columns.filter((column) => column.priority !== undefined);
  const missing = optional.filter((column) => !drawn.has(column.id)).length;
  return (
    <>
      <button
        type="button"
        className="column-button"
        popoverTarget={id}
        aria-label={`Columns of ${table}${missing > 0 ? `: ${missing} hidden` : ''}`}
        title="Choose the columns"
      >
        <span aria-hidden="true">⋮</span>
      </button>
      <div
        id={id}
        popover="auto"
        className="popover column-chooser"
        role="group"
        aria-label={`Columns of ${table}`}
      >
        <p className="muted">Columns that do not fit the window give way, least important first.</p>
        {optional.map((column) => {
          const wanted = isWanted(column, choice);
          return (
            <label key={column.id}>
              <input
                type="checkbox"
                checked={wanted}
                onChange={(event) => onChange(toggleColumn(choice, column, event.target.checked))}
              />
              {column.header}
              {wanted && !drawn.has(column.id) ? <span className="muted"> (no room)</span> : null}
            </label>
          );
        })}
      </div>
    </>
  );
}
