import type { PdbStatus } from '../model/budget.js';
import type { Condition } from '../model/condition.js';
import { pdbStatusWith } from '../model/pdb-status.js';
import { rfc3339 } from './time.js';

export const DISRUPTION_ALLOWED = 'DisruptionAllowed';

/**
 * A condition as one object literal, its fields always in this order: conditions made by spreading
 * (`{ ...next, lastTransitionTime }`) each had a hidden class of their own, one per PDB, and every
 * re-sync reads them (see pdbStatusWith).
 */
function conditionOf(
  c: Required<Omit<Condition, 'lastTransitionTime'>>,
  lastTransitionTime: string | undefined,
): Condition {
  // An absent time stays absent to JSON (undefined is not written), as the spread left it.
  return {
    type: c.type,
    status: c.status,
    reason: c.reason,
    message: c.message,
    observedGeneration: c.observedGeneration,
    lastTransitionTime,
  };
}

/**
 * `apimeta.SetStatusCondition`: adds or updates the condition of that type, keeping the others;
 * lastTransitionTime moves to `now` only when the status changes (or the condition is new).
 */
export function setStatusCondition(
  conditions: readonly Condition[],
  next: {
    type: string;
    status: string;
    reason: string;
    message: string;
    observedGeneration: number;
  },
  now: Date,
): readonly Condition[] {
  const i = conditions.findIndex((c) => c.type === next.type);
  const existing = i === -1 ? undefined : conditions[i];
  if (!existing) return [...conditions, conditionOf(next, rfc3339(now))];
  // Nothing to write: the same list, not a copy (a forecast syncs ~100,000 times).
  if (
    existing.status === next.status &&
    existing.reason === next.reason &&
    existing.message === next.message &&
    existing.observedGeneration === next.observedGeneration
  )
    return conditions;
  const updated = conditionOf(
    next,
    existing.status !== next.status ? rfc3339(now) : existing.lastTransitionTime,
  );
  return conditions.map((c, j) => (j === i ? updated : c));
}

/** `UpdateDisruptionAllowedCondition`: SufficientPods when disruptions are allowed, else InsufficientPods. */
export function withDisruptionAllowedCondition(status: PdbStatus, now: Date): PdbStatus {
  return pdbStatusWith(status, { conditions: disruptionAllowedConditions(status, now) });
}

/** The conditions `withDisruptionAllowedCondition` leaves (the same list when nothing changes). */
export function disruptionAllowedConditions(
  status: Pick<PdbStatus, 'conditions' | 'disruptionsAllowed' | 'observedGeneration'>,
  now: Date,
): readonly Condition[] {
  const allowed = status.disruptionsAllowed > 0;
  return setStatusCondition(
    status.conditions,
    {
      type: DISRUPTION_ALLOWED,
      status: allowed ? 'True' : 'False',
      reason: allowed ? 'SufficientPods' : 'InsufficientPods',
      message: '',
      observedGeneration: status.observedGeneration,
    },
    now,
  );
}

/** The failSafe status: everything kept but `disruptionsAllowed: 0` and False/SyncFailed with the error. */
export function failSafeStatus(status: PdbStatus, error: string, now: Date): PdbStatus {
  return pdbStatusWith(status, {
    disruptionsAllowed: 0,
    conditions: setStatusCondition(
      status.conditions,
      {
        type: DISRUPTION_ALLOWED,
        status: 'False',
        reason: 'SyncFailed',
        message: error,
        observedGeneration: status.observedGeneration,
      },
      now,
    ),
  });
}

/** The DisruptionAllowed condition of a status, if any. */
export function disruptionAllowedCondition(status: PdbStatus): Condition | undefined {
  return status.conditions.find((c) => c.type === DISRUPTION_ALLOWED);
}
