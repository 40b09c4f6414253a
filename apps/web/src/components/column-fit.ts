/** What the reader asked of a table's columns: hidden ones, and hidden-by-default ones asked for. */
export interface ColumnChoice {
  hidden: readonly string[];
  shown: readonly string[];
}

export const NO_CHOICE: ColumnChoice = { hidden: [], shown: [] };

/** The narrowest a column's CSS grid track can be: `90px` → 90, `minmax(110px, 1fr)` → 110. */
export function trackMinPx(track: string): number {
  const match = /(\d+(?:\.\d+)?)px/.exec(track);
  return match?.[1] === undefined ? 0 : Number(match[1]);
}

export interface FitColumn {
  id: string;
  width: string;
  /** Absent: always shown. Otherwise the higher the number, the earlier it gives way to room. */
  priority?: number;
  /** Hidden until the reader asks for it in the column chooser. */
  hiddenByDefault?: boolean;
}

/** Whether the reader sees this column when there is room for it. */
export function isWanted(column: FitColumn, choice: ColumnChoice): boolean {
  if (column.priority === undefined) return true;
  if (choice.hidden.includes(column.id)) return false;
  return column.hiddenByDefault !== true || choice.shown.includes(column.id);
}

/**
 * The columns drawn in `room` pixels: the wanted ones, least important first giving way until
 * their narrowest widths fit, so the table never scrolls sideways. Columns the reader asked for
 * give way after the ones shown by default; one that gave way comes back if it fits beside what
 * is left. Order is kept.
 */
export function fitColumns<C extends FitColumn>(
  columns: readonly C[],
  options: { room: number; choice: ColumnChoice },
): C[] {
  const wanted = columns.filter((column) => isWanted(column, options.choice));
  const asked = (column: C) => options.choice.shown.includes(column.id);
  const givesWay = wanted
    .filter((column) => column.priority !== undefined)
    .sort((a, b) => Number(asked(a)) - Number(asked(b)) || (b.priority ?? 0) - (a.priority ?? 0));
  const dropped = new Set<string>();
  let total = wanted.reduce((sum, column) => sum + trackMinPx(column.width), 0);
  for (const column of givesWay) {
    if (total <= options.room) break;
    dropped.add(column.id);
    total -= trackMinPx(column.width);
  }
  // A narrow column that gave way before a wide one may fit again beside what is left.
  for (const column of givesWay.toReversed()) {
    if (!dropped.has(column.id) || total + trackMinPx(column.width) > options.room) continue;
    dropped.delete(column.id);
    total += trackMinPx(column.width);
  }
  return wanted.filter((column) => !dropped.has(column.id));
}

/** The choice after the reader ticked or unticked a column. */
export function toggleColumn(
  choice: ColumnChoice,
  column: FitColumn,
  visible: boolean,
): ColumnChoice {
  const without = (ids: readonly string[]) => ids.filter((id) => id !== column.id);
  return {
    hidden: visible ? without(choice.hidden) : [...without(choice.hidden), column.id],
    shown: visible ? [...without(choice.shown), column.id] : without(choice.shown),
  };
}
