import {
  nsName,
  parseNsName,
  planEvictions,
  type PlannedBudgetState,
  type PlanStep,
} from '@pdbscope/shared';
import type { ClusterIndex } from '@pdbscope/shared/index';
import type {
  BudgetRef,
  BudgetStatusAfter,
  EvictionDecision,
  EvictionStep,
  SimulateEvictionsResponse,
} from '@pdbscope/shared/api';
import type { Simulated, Unknown } from '../model.js';
import { apiDecision } from './decision.js';
import { statusNumbers } from './rows.js';

export function statusAfter(state: PlannedBudgetState): BudgetStatusAfter {
  const ref: BudgetRef = { kind: state.kind, namespace: state.ref.namespace, name: state.ref.name };
  return { ref, status: statusNumbers(state) };
}

/** A plan step's decision in the API's shape. */
export function stepDecision(step: PlanStep): EvictionDecision {
  return apiDecision({
    namespace: step.pod.namespace,
    name: step.pod.name,
    decision: step.decision,
    budgets: step.budgetsAfter.map((b) => b.ref),
  });
}

/** POST /api/simulate/evictions: the engine's cumulative plan on a copy of the index. */
export function simulateEvictions(
  index: ClusterIndex,
  pods: readonly string[],
  now: Date,
): Simulated<SimulateEvictionsResponse> | Unknown {
  const refs: { namespace: string; name: string }[] = [];
  for (const p of pods) {
    const ref = parseNsName(p);
    if (!ref || !index.pod(ref)) return { unknown: p };
    refs.push(ref);
  }
  const plan = planEvictions({ index, pods: refs, now });
  return {
    steps: plan.steps.map((step): EvictionStep => ({
      pod: nsName(step.pod),
      decision: stepDecision(step),
      budgets: step.budgetsAfter.map(statusAfter),
    })),
  };
}
