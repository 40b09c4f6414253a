import type { BudgetStatusNumbers } from '@pdbscope/shared/api';

interface StatusComparisonProps {
  reported: BudgetStatusNumbers;
  recomputed: BudgetStatusNumbers | null;
  recomputeError: string | null;
  /** Why the recomputed status is not known (what it reads is not visible), or null. */
  notKnown?: string | null;
  differences: readonly string[];
}

const pdbFields = [
  'observedGeneration',
  'expectedPods',
  'desiredHealthy',
  'currentHealthy',
  'disruptionsAllowed',
] as const;
const pubFields = [
  'observedGeneration',
  'totalReplicas',
  'desiredAvailable',
  'currentAvailable',
  'unavailableAllowed',
] as const;

function numbers(status: BudgetStatusNumbers): Record<string, string> {
  const fields: readonly string[] = status.kind === 'PodDisruptionBudget' ? pdbFields : pubFields;
  const values: Record<string, string> = {};
  const record = status as unknown as Record<string, unknown>;
  for (const field of fields) values[field] = String(record[field]);
  values['disruptedPods'] = Object.keys(status.disruptedPods).sort().join(', ') || '—';
  if (status.kind === 'PodUnavailableBudget')
    values['unavailablePods'] = Object.keys(status.unavailablePods).sort().join(', ') || '—';
  return values;
}

/** The status as the cluster reports it beside the status as recomputed now, with the differences marked. */
export function StatusComparison({
  reported,
  recomputed,
  recomputeError,
  notKnown = null,
  differences,
}: StatusComparisonProps) {
  const left = numbers(reported);
  const right = recomputed === null ? undefined : numbers(recomputed);
  const differing = new Set(differences);
  return (
    <>
      {differences.length > 0 ? (
        <div role="alert" className="notice warn">
          Warning: the reported status differs from the recomputed one in {differences.join(', ')}.
          The controller may not have caught up, or its inputs differ.
        </div>
      ) : null}
      {recomputeError !== null ? (
        <div className="notice bad">The status cannot be recomputed: {recomputeError}</div>
      ) : null}
      {notKnown !== null ? (
        <div className="notice warn" role="note">
          The recomputed status is not known: {notKnown}.
        </div>
      ) : null}
      <table className="plain">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Reported</th>
            <th scope="col">Recomputed</th>
          </tr>
        </thead>
        <tbody>
          {Object.keys(left).map((field) => (
            <tr key={field} className={differing.has(field) ? 'differs' : undefined}>
              <th scope="row">
                {field}
                {differing.has(field) ? <span className="badge warn"> differs</span> : null}
              </th>
              <td className="mono">{left[field]}</td>
              <td className="mono" title={notKnown ?? undefined}>
                {right !== undefined ? right[field] : notKnown !== null ? '?' : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
