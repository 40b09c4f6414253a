import type { PodFilterKey, PodFilters } from '../../app/paths.js';
import { NamespacePicker } from '../../components/NamespacePicker.js';
import { SearchField } from '../../components/SearchField.js';
import { budgetsLabels, evictableLabels } from './pods-filters.js';

interface PodsToolbarProps {
  filters: PodFilters;
  /** Why the label selector is not used (the engine's parser's words), when it is not. */
  labelError: string | undefined;
  /** One filter changed; '' clears it. Typing replaces the history entry. */
  onChange: (key: PodFilterKey, value: string, options?: { typing?: boolean }) => void;
}

/** A filter with a few values, "Any" first. */
function Choice(props: {
  label: string;
  value: string | undefined;
  labels: Readonly<Record<string, string>>;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value ?? ''} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">Any</option>
        {Object.entries(props.labels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function PodsToolbar({ filters, labelError, onChange }: PodsToolbarProps) {
  const typing = { typing: true };
  return (
    <>
      <div className="toolbar" role="search" aria-label="Filter pods">
        <SearchField
          label="Search"
          value={filters.text}
          placeholder="pod name"
          onType={(value) => onChange('text', value, typing)}
        />
        <NamespacePicker
          value={filters.namespace}
          onChange={(value) => onChange('namespace', value)}
        />
        <SearchField
          label="Node"
          value={filters.node}
          placeholder="node name"
          onType={(value) => onChange('node', value, typing)}
        />
        <SearchField
          label="Labels"
          className="search-wide"
          value={filters.labels}
          placeholder="app=web,tier in (a,b),!canary"
          title="A label selector as kubectl get pods -l takes it"
          errorId={labelError === undefined ? undefined : 'pod-label-error'}
          onType={(value) => onChange('labels', value, typing)}
        />
        <Choice
          label="Budgets"
          value={filters.budgets}
          labels={budgetsLabels}
          onChange={(value) => onChange('budgets', value)}
        />
        <Choice
          label="Eviction"
          value={filters.evictable}
          labels={evictableLabels}
          onChange={(value) => onChange('evictable', value)}
        />
      </div>
      {filters.group !== undefined ? (
        <p className="toolbar">
          <span>
            Only the pods of the budgets of overlap group{' '}
            <span className="mono">{filters.group}</span>
          </span>
          <button type="button" onClick={() => onChange('group', '')}>
            Clear the group filter
          </button>
        </p>
      ) : null}
      {labelError !== undefined ? (
        <p id="pod-label-error" role="alert" className="notice bad">
          The label selector is not used: {labelError}
        </p>
      ) : null}
    </>
  );
}
