import type { LabelSelector } from '../model/labels.js';
import { parseSelector, requirementMatches } from '../selectors/selector.js';
import type { BudgetListQuery, BudgetRow, NamespaceBudgets } from './budgets.js';

/**
 * What a text search may look at beyond the row itself, so "which budget covers pod X?" and
 * "which budgets select app=web?" are one search. Asked for only when the row's own text misses.
 */
export interface BudgetSearchContext {
  /** The names of the pods the budget holds now. */
  podNames: readonly string[];
  selector: LabelSelector | null | undefined;
}

/** The key a budget row is known by: `kind/namespace/name`. */
export function budgetRowKey(row: { kind: string; namespace: string; name: string }): string {
  return `${row.kind}/${row.namespace}/${row.name}`;
}

/** The order of GET /api/budgets: namespace, then name, then kind. */
export function compareBudgetRows(
  a: { kind: string; namespace: string; name: string },
  b: { kind: string; namespace: string; name: string },
): number {
  if (a.namespace !== b.namespace) return a.namespace < b.namespace ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return 0;
}

/**
 * Whether a row passes the filters of a budget list query. The BFF filters with this and the
 * event reducers use it to keep a filtered list filtered, so both agree.
 */
export function budgetMatchesQuery(
  row: BudgetRow,
  query: BudgetListQuery,
  searchContext?: (row: BudgetRow) => BudgetSearchContext | undefined,
): boolean {
  if (query.kind !== undefined && row.kind !== query.kind) return false;
  if (query.namespace !== undefined && query.namespace !== '') {
    const namespaces = query.namespace.split(',').map((n) => n.trim());
    if (!namespaces.includes(row.namespace)) return false;
  }
  if (query.text !== undefined && query.text !== '') {
    const needle = query.text.toLowerCase();
    const hay = `${row.namespace}/${row.name} ${row.selectorText}`.toLowerCase();
    if (!hay.includes(needle) && !contextMatches(query.text, searchContext?.(row))) return false;
  }
  switch (query.state) {
    case undefined:
      return true;
    case 'blocking':
      return row.flags.blocking;
    case 'overlapping':
      return row.flags.overlap;
    case 'findings':
      return row.flags.findings > 0;
    case 'stale':
      return row.flags.stale;
    case 'mismatch':
      return row.flags.mismatch;
    case 'error':
      return row.flags.error !== null;
  }
}

/** A pod name containing the text, or `key=value` a label the selector asks for (`=` or `in`). */
function contextMatches(text: string, context: BudgetSearchContext | undefined): boolean {
  if (context === undefined) return false;
  const needle = text.trim().toLowerCase();
  if (context.podNames.some((name) => name.toLowerCase().includes(needle))) return true;
  const equals = text.indexOf('=');
  if (equals <= 0) return false;
  const key = text.slice(0, equals).trim();
  const value = text.slice(equals + 1).trim();
  const parsed = parseSelector(context.selector);
  if (!parsed.ok || parsed.value.kind !== 'requirements') return false;
  return parsed.value.requirements.some(
    (r) => r.key === key && r.operator === 'In' && requirementMatches(r, { [key]: value }),
  );
}

/** Each namespace of these rows, in name order, with how many of the rows it holds. */
export function budgetsPerNamespace(
  rows: Iterable<{ readonly namespace: string }>,
): NamespaceBudgets[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.namespace, (counts.get(row.namespace) ?? 0) + 1);
  return [...counts.keys()]
    .sort()
    .map((namespace) => ({ namespace, budgets: counts.get(namespace) ?? 0 }));
}

/** Whether a row's expected count reads the workloads' scale (the engine's rule, on its fields). */
export { readsWorkloadScale } from '../budgets/reads-scale.js';
