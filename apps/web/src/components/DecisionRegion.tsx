import type { EvictionStep } from '@pdbscope/shared/api';
import { describeError } from '../api/errors.js';
import { DecisionView } from './DecisionView.js';

interface DecisionRegionProps {
  pending: string | undefined;
  step: EvictionStep | undefined;
  error: unknown;
}

/**
 * The live region where decisions appear. It is always in the page, empty at first, so that
 * screen readers announce what is put into it.
 */
export function DecisionRegion({ pending, step, error }: DecisionRegionProps) {
  return (
    <div role="status" aria-label="Eviction decision" aria-live="polite" className="decision">
      {pending !== undefined ? <p className="muted">Simulating eviction of {pending}…</p> : null}
      {pending === undefined && error !== null && error !== undefined ? (
        <div className="notice bad">Could not simulate the eviction. {describeError(error)}</div>
      ) : null}
      {pending === undefined && step !== undefined ? (
        <DecisionView decision={step.decision} after={step.budgets} />
      ) : null}
    </div>
  );
}
