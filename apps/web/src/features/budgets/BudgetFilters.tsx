import type { BudgetListQuery } from '@pdbscope/shared/api';

interface BudgetFiltersProps {
  query: BudgetListQuery;
  namespaces: readonly string[];
  onChange: (query: BudgetListQuery) => void;
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

function withField<K extends keyof BudgetListQuery>(query: BudgetListQuery, key: K, value: BudgetListQuery[K] | ''): BudgetListQuery {
  const next = { ...query };
  if (value === '' || value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

export function BudgetFilters({ query, namespaces, onChange }: BudgetFiltersProps) {
  return (
    <div className="toolbar" role="search" aria-label="Filter budgets">
      <label>
        Search
        <input type="search" value={query.text ?? ''} placeholder="name or selector" onChange={(event) => onChange(withField(query, 'text', event.target.value))} />
      </label>
      <label>
        Namespace
        <select value={query.namespace ?? ''} onChange={(event) => onChange(withField(query, 'namespace', event.target.value))}>
          <option value="">All namespaces</option>
          {namespaces.map((namespace) => (
            <option key={namespace} value={namespace}>
              {namespace}
            </option>
          ))}
        </select>
      </label>
      <label>
        Kind
        <select
          value={query.kind ?? ''}
          onChange={(event) => onChange(withField(query, 'kind', event.target.value as BudgetListQuery['kind'] | ''))}
        >
          <option value="">All kinds</option>
          <option value="PodDisruptionBudget">PodDisruptionBudget</option>
          <option value="PodUnavailableBudget">PodUnavailableBudget</option>
        </select>
      </label>
      <label>
        State
        <select value={query.state ?? ''} onChange={(event) => onChange(withField(query, 'state', event.target.value as BudgetListQuery['state'] | ''))}>
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
