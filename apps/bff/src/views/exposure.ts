import { budgetExposure, type BudgetExposure } from '@pdbscope/shared/actors/exposure';
import type { BudgetEvaluation, ClusterIndex } from '@pdbscope/shared/index';
import type { ActorInputs } from './node-actors.js';

/**
 * What can still remove a PodDisruptionBudget's pods despite it, from the watched PriorityClasses
 * and NodeClaims and the Nodes the pods run on; undefined for the other kinds of budget, whose
 * webhooks answer for deletes as well.
 */
export function exposureOf(
  evaluation: BudgetEvaluation,
  index: ClusterIndex,
  actors: Pick<ActorInputs, 'priorityClasses' | 'nodeClaims'>,
): BudgetExposure[] | undefined {
  if (evaluation.kind !== 'PodDisruptionBudget') return undefined;
  const nodeNames = new Set(evaluation.pods.flatMap((p) => (p.nodeName ? [p.nodeName] : [])));
  return budgetExposure({
    pods: evaluation.pods,
    priorityClasses: actors.priorityClasses,
    nodes: [...nodeNames].flatMap((n) => index.node(n) ?? []),
    nodeClaims: actors.nodeClaims,
  });
}
