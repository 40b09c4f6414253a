import type { BudgetListQuery } from '@pdbscope/shared/api';
import { NamespacePicker } from '../../components/NamespacePicker.js';
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
      <NamespacePicker
        value={query.namespace}
        counts={new Map(namespaces.map(({ namespace, shown }) => [namespace, shown]))}
        onChange={(value) => onChange({ key: 'namespace', value })}
      />
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
