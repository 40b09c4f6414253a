import type { BudgetExposureItem } from '@pdbscope/shared/api';

/**
 * What can still disrupt the budget's pods despite it: each a plain sentence and the rule behind
 * it; the items after which the budget still holds are marked so.
 */
export function ExposureList({ exposure }: { exposure: readonly BudgetExposureItem[] }) {
  return (
    <ul className="exposure" aria-label="Exposure">
      {exposure.map((e) => (
        <li key={`${e.kind}:${e.sentence}`}>
          {e.sentence}
          {e.overridesBudget ? null : <span className="muted"> The budget still holds.</span>}
          {e.pods !== undefined ? (
            <div className="muted">
              Pods: <span className="mono">{e.pods.join(', ')}</span>
            </div>
          ) : null}
          <div className="muted">Rule: {e.rule}</div>
        </li>
      ))}
    </ul>
  );
}
