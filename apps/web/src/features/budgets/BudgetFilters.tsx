import type { BudgetListQuery } from '@pdbscope/shared/api';
import { formatCount } from '../../components/numbers.js';
import { SearchField } from '../../components/SearchField.js';
import type { NamespaceOption } from './overview-query.js';

/** One filter changed; '' clears it. A patch, not a whole query, so quick successive changes never undo each other. */
export type FilterChange = {
  [K in keyof BudgetListQuery]-?: { key: K; value: NonNullable<BudgetListQuery[K]> | '' };
}[keyof BudgetListQuery];

interface BudgetFiltersProps {
  query: BudgetListQuery;
  /** Every namespace holding budgets, with how many the other filters and the search leave. */
  namespaces: readonly NamespaceOption[];
  onChange: (change: FilterChange) => void;
}

const stateLabels = [
  ['', 'Any state'],
  ['blocking', 'Blocking'],
  ['overlapping', 'Overlapping'],
  ['findings', 'With findings'],
  ['stale', 'Stale'],
  ['mismatch', 'Reported ≠ recomputed'],
  ['error', 'Cannot evaluate'],
] as const;

export function applyFilterChange(query: BudgetListQuery, change: FilterChange): BudgetListQuery {
  const next: Record<string, string> = { ...query };
  if (change.value === '') delete next[change.key];
  else next[change.key] = change.value;
  return next as BudgetListQuery;
}

/** The namespaces the query names (the API takes `a,b`); none means every namespace. */
export function selectedNamespaces(query: BudgetListQuery): string[] {
  return (query.namespace ?? '')
    .split(',')
    .map((namespace) => namespace.trim())
    .filter((namespace) => namespace !== '');
}

export function BudgetFilters({ query, namespaces, onChange }: BudgetFiltersProps) {
  return (
    <div className="toolbar" role="search" aria-label="Filter budgets">
      <SearchField
        label="Search"
        className="search-wide"
        value={query.text}
        placeholder="budget, pod name or label=value"
        title="Finds budgets by namespace/name, selector text, the name of one of their pods, or a key=value label their selector asks for"
        onType={(value) => onChange({ key: 'text', value })}
      />
      <label>
        Namespace
        <select
          multiple
          size={Math.min(4, Math.max(2, namespaces.length))}
          title="All namespaces when none is picked; Ctrl or Shift picks several. Each counts the budgets the other filters and the search leave in it"
          value={selectedNamespaces(query)}
          onChange={(event) =>
            onChange({
              key: 'namespace',
              value: [...event.target.options]
                .filter((option) => option.selected)
                .map((option) => option.value)
                .join(','),
            })
          }
        >
          {namespaces.map(({ namespace, shown }) => (
            <option key={namespace} value={namespace}>
              {namespace} ({formatCount(shown)})
            </option>
          ))}
        </select>
      </label>
      <label>
        Kind
        <select
          value={query.kind ?? ''}
          onChange={(event) =>
            onChange({
              key: 'kind',
              value: event.target.value as NonNullable<BudgetListQuery['kind']> | '',
            })
          }
        >
          <option value="">All kinds</option>
          <option value="PodDisruptionBudget">PodDisruptionBudget</option>
          <option value="PodUnavailableBudget">PodUnavailableBudget</option>
        </select>
      </label>
      <label>
        State
        <select
          value={query.state ?? ''}
          onChange={(event) =>
            onChange({
              key: 'state',
              value: event.target.value as NonNullable<BudgetListQuery['state']> | '',
            })
          }
        >
          {stateLabels.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
