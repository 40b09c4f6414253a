import type { BudgetRow } from '@pdbscope/shared/api';
import { budgetNumbers } from './budget-numbers.js';

/** The four figures every budget has, under the overview's names. */
export type BudgetFigure = 'expected' | 'desired' | 'current' | 'allowed';

const isPercent = (v: string | number | undefined): v is string =>
  typeof v === 'string' && v.endsWith('%');

function pdbHow(row: Extract<BudgetRow, { kind: 'PodDisruptionBudget' }>, which: BudgetFigure) {
  const { minAvailable: min, maxUnavailable: max } = row;
  switch (which) {
    case 'expected':
      if (max === undefined && min === undefined)
        return 'expectedPods 0: neither minAvailable nor maxUnavailable is set';
      if (max === undefined && !isPercent(min))
        return `expectedPods ${row.expectedPods}: every pod the selector matches (minAvailable is an integer)`;
      return `expectedPods ${row.expectedPods}: the replicas of the workloads that own the selected pods (their controllers' scale)`;
    case 'desired':
      if (max !== undefined)
        return `desiredHealthy ${row.desiredHealthy} = expectedPods ${row.expectedPods} − maxUnavailable ${max}${isPercent(max) ? ' of it, rounded up' : ''}, at least 0`;
      if (min === undefined)
        return 'desiredHealthy 0: neither minAvailable nor maxUnavailable is set';
      return isPercent(min)
        ? `desiredHealthy ${row.desiredHealthy} = minAvailable ${min} of expectedPods ${row.expectedPods}, rounded up`
        : `desiredHealthy ${row.desiredHealthy} = minAvailable ${min}`;
    case 'current':
      return `currentHealthy ${row.currentHealthy}: selected pods that are Ready, not being deleted and not evicted in the last 2 minutes (status.disruptedPods)`;
    case 'allowed':
      return `disruptionsAllowed ${row.disruptionsAllowed} = currentHealthy ${row.currentHealthy} − desiredHealthy ${row.desiredHealthy}, or 0 when that is not positive or expectedPods is 0`;
  }
}

function pubHow(row: Extract<BudgetRow, { kind: 'PodUnavailableBudget' }>, which: BudgetFigure) {
  const { minAvailable: min, maxUnavailable: max } = row;
  switch (which) {
    case 'expected':
      return `totalReplicas ${row.totalReplicas}: the replicas of ${row.targetRef === undefined ? 'the workloads that own the selected pods' : `${row.targetRef.kind} ${row.targetRef.name}`} (protectTotalReplicas replaces it when set)`;
    case 'desired':
      if (max !== undefined)
        return `desiredAvailable ${row.desiredAvailable} = totalReplicas ${row.totalReplicas} − maxUnavailable ${max}${isPercent(max) ? ' of it, rounded up' : ''}, at least 0`;
      return isPercent(min)
        ? `desiredAvailable ${row.desiredAvailable} = minAvailable ${min} of totalReplicas ${row.totalReplicas}, rounded up`
        : `desiredAvailable ${row.desiredAvailable} = minAvailable ${min ?? 0}`;
    case 'current':
      return `currentAvailable ${row.currentAvailable}: selected pods Running and Ready, not terminating, not being updated in place and not just disrupted (status.disruptedPods, unavailablePods)`;
    case 'allowed':
      return `unavailableAllowed ${row.unavailableAllowed} = currentAvailable ${row.currentAvailable} − desiredAvailable ${row.desiredAvailable}, at least 0`;
  }
}

/**
 * How one of a budget's figures was computed, with its own numbers, as its controller computes it
 * (the Kubernetes disruption controller for a PodDisruptionBudget, OpenKruise's for a PUB). The
 * figures are the status the cluster reports.
 */
export function howComputed(row: BudgetRow, which: BudgetFigure): string {
  const how = row.kind === 'PodDisruptionBudget' ? pdbHow(row, which) : pubHow(row, which);
  return `${how} (the status the cluster reports)`;
}

/** A budget's figure and its derivation, for `<Figure>`. */
export function budgetFigure(row: BudgetRow, which: BudgetFigure) {
  return { value: budgetNumbers(row)[which], how: howComputed(row, which) };
}
