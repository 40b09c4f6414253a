import { readsWorkloadScale } from '../budgets/reads-scale.js';
import type { Budget } from '../model/budget.js';
import type { BudgetUnseen, Visibility } from './types.js';
import { isFullyVisible, unseenReason } from './visibility.js';

/**
 * What a budget's figures cannot know under `v`, or undefined when everything they read is
 * visible: its namespace's pods (then nothing is known of its pods), a PodUnavailableBudget's
 * targetRef workload (the same), or the controllers whose scale its expected count reads (then
 * its pods are known, its recomputed status is not).
 */
export function budgetUnseen(v: Visibility, budget: Budget): BudgetUnseen | undefined {
  if (isFullyVisible(v)) return undefined;
  const pods = unseenReason(v, 'pods', budget.namespace);
  if (pods !== undefined) {
    const text = `pods not visible: ${pods}`;
    return { pods: text, recomputed: text };
  }
  const workloads = unseenReason(v, 'workloads', budget.namespace);
  if (workloads === undefined) return undefined;
  const target = budget.kind === 'PodUnavailableBudget' ? budget.spec.targetRef : undefined;
  if (target !== undefined) {
    const text = `pods not known: its targetRef ${target.kind} ${target.name} is not visible: ${workloads}`;
    return { pods: text, recomputed: text };
  }
  if (!readsWorkloadScale({ kind: budget.kind, ...budget.spec })) return undefined;
  return {
    recomputed: `expected pods unknown: their controllers' scale is not visible: ${workloads}`,
  };
}

/** Whether two budgets' unseen parts say the same (both undefined included). */
export function sameUnseen(a: BudgetUnseen | undefined, b: BudgetUnseen | undefined): boolean {
  return a?.pods === b?.pods && a?.recomputed === b?.recomputed;
}
