import {
  budgetMatchesQuery,
  compareBudgetRows,
  type BudgetListQuery,
  type BudgetRow,
  type BudgetStateFilter,
  type NamespaceBudgets,
} from '@pdbscope/shared/api';
import type { GridSort } from '../../components/VirtualGrid.js';
import { budgetNumbers } from '../../components/budget-numbers.js';
import { blockingSinceKey } from './BlockingSinceCell.js';

/** What the overview shows, read from and written to the URL so that every view is a deep link. */
export interface OverviewState {
  query: BudgetListQuery;
  sort: GridSort;
}

const states: readonly BudgetStateFilter[] = [
  'blocking',
  'overlapping',
  'findings',
  'stale',
  'mismatch',
  'error',
];
const kinds = ['PodDisruptionBudget', 'PodUnavailableBudget'] as const;
export const sortColumns = [
  'namespace',
  'name',
  'kind',
  'expected',
  'desired',
  'current',
  'allowed',
  'blockingSince',
  'age',
] as const;

const defaultSort: GridSort = { column: 'namespace', direction: 'asc' };

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

export function readOverviewState(params: URLSearchParams): OverviewState {
  const query: BudgetListQuery = {};
  const namespace = params.get('namespace');
  if (namespace !== null && namespace !== '') query.namespace = namespace;
  const kind = params.get('kind');
  if (isOneOf(kinds, kind)) query.kind = kind;
  const state = params.get('state');
  if (isOneOf(states, state)) query.state = state;
  const text = params.get('q');
  if (text !== null && text !== '') query.text = text;
  const column = params.get('sort');
  const sort: GridSort = isOneOf(sortColumns, column)
    ? { column, direction: params.get('dir') === 'desc' ? 'desc' : 'asc' }
    : defaultSort;
  return { query, sort };
}

export function writeOverviewState(state: OverviewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query.namespace !== undefined) params.set('namespace', state.query.namespace);
  if (state.query.kind !== undefined) params.set('kind', state.query.kind);
  if (state.query.state !== undefined) params.set('state', state.query.state);
  if (state.query.text !== undefined) params.set('q', state.query.text);
  if (state.sort.column !== defaultSort.column || state.sort.direction !== defaultSort.direction) {
    params.set('sort', state.sort.column);
    params.set('dir', state.sort.direction);
  }
  return params;
}

function sortKey(row: BudgetRow, column: string): string | number {
  switch (column) {
    case 'name':
      return row.name;
    case 'kind':
      return row.kind;
    case 'expected':
      return budgetNumbers(row).expected;
    case 'desired':
      return budgetNumbers(row).desired;
    case 'current':
      return budgetNumbers(row).current;
    case 'allowed':
      return budgetNumbers(row).allowed;
    case 'blockingSince':
      return blockingSinceKey(row);
    case 'age':
      // Oldest first reads as "age ascending" would in kubectl: youngest has the smallest age.
      return -(row.creationTimestamp === undefined ? 0 : Date.parse(row.creationTimestamp));
    default:
      return row.namespace;
  }
}

function compareKeys(a: string | number, b: string | number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** The rows to show: filtered as the BFF would filter them, then sorted (ties in the BFF's order: namespace, name, kind). */
export function visibleRows(rows: readonly BudgetRow[], state: OverviewState): BudgetRow[] {
  const filtered = rows.filter((row) => budgetMatchesQuery(row, state.query));
  const sign = state.sort.direction === 'asc' ? 1 : -1;
  const keyed = filtered.map((row) => ({ row, key: sortKey(row, state.sort.column) }));
  keyed.sort((a, b) => sign * compareKeys(a.key, b.key) || compareBudgetRows(a.row, b.row));
  return keyed.map((entry) => entry.row);
}

/** The filters the page applies itself: all but the text, which the BFF searches. */
export function localFilters(state: OverviewState): OverviewState {
  const { text: _searchedByTheServer, ...query } = state.query;
  return { ...state, query };
}

/** A namespace the filter offers, and how many budgets it would show there. */
export interface NamespaceOption {
  namespace: string;
  /** Budgets of this namespace that pass the other filters (and the search). */
  shown: number;
}

/**
 * Every namespace holding budgets (`all`: the BFF counts them whatever the search), those in the
 * list and those the query picks, each with the budgets the other filters leave there; so a
 * namespace where the search finds nothing yet can still be picked.
 */
export function namespaceOptions(input: {
  rows: readonly BudgetRow[];
  all?: readonly NamespaceBudgets[] | undefined;
  query?: BudgetListQuery;
}): NamespaceOption[] {
  const { text: _searchedByTheServer, namespace: picked, ...others } = input.query ?? {};
  const shown = new Map<string, number>();
  for (const { namespace } of input.all ?? []) shown.set(namespace, 0);
  for (const namespace of (picked ?? '').split(',')) {
    const name = namespace.trim();
    if (name !== '' && !shown.has(name)) shown.set(name, 0);
  }
  for (const row of input.rows)
    shown.set(
      row.namespace,
      (shown.get(row.namespace) ?? 0) + (budgetMatchesQuery(row, others) ? 1 : 0),
    );
  return [...shown.keys()]
    .sort()
    .map((namespace) => ({ namespace, shown: shown.get(namespace) ?? 0 }));
}
