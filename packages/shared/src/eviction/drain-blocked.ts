import type { PdbView } from '../model/budget.js';
import type { ResourceRef } from '../model/refs.js';
import type { PlanState } from './plan-state.js';
import type { BlockedPod, PlanStep } from './plan-types.js';

const STILL_PROCESSING = 'is still being processed by the server';

/** Why the API server's last answer for a pod will not change however long the drain waits. */
export function explainBlocked(
  state: PlanState,
  step: PlanStep,
  budgets: ResourceRef[],
): BlockedPod {
  const { decision } = step;
  const base = { pod: step.pod, budgets, decision };
  if (decision.rule === 'multiple-pdbs') {
    const names = budgets.filter((b) => b.kind === 'PodDisruptionBudget').map((b) => b.name);
    return {
      ...base,
      reason: 'multiple-pdbs',
      explanation: `Selected by ${names.length} PodDisruptionBudgets (${names.join(', ')}): the eviction API refuses a pod with more than one, whatever their budgets. Make the selectors disjoint.`,
    };
  }
  if (decision.rule === 'kruise-denied') {
    const pub = budgets.find((b) => b.kind === 'PodUnavailableBudget');
    const st = pub && state.state(pub);
    const detail =
      st?.kind === 'PodUnavailableBudget'
        ? ` (${st.status.currentAvailable} available, ${st.status.desiredAvailable} desired)`
        : '';
    return {
      ...base,
      ...(pub ? { budget: pub } : {}),
      reason: 'pub-denied',
      explanation: `PodUnavailableBudget ${pub?.name ?? ''} allows no more unavailable pods${detail}.`,
    };
  }
  const budget = decision.budget;
  const st = budget && state.state(budget);
  if (!budget || st?.kind !== 'PodDisruptionBudget') {
    return { ...base, reason: 'other', explanation: decision.message };
  }
  const withBudget = { ...base, budget };
  if (st.syncFailed) {
    const condition = st.status.conditions.find((c) => c.type === 'DisruptionAllowed');
    return {
      ...withBudget,
      reason: 'sync-failed',
      explanation: `The disruption controller cannot compute ${budget.name}'s status (${condition?.message ?? 'sync failed'}), so it allows no disruption until that is fixed.`,
    };
  }
  if (decision.causes.some((c) => c.message.includes(STILL_PROCESSING))) {
    return {
      ...withBudget,
      reason: 'status-stale',
      explanation: `${budget.name}'s status is older than its spec (observedGeneration < generation): every eviction is refused until the controller syncs it.`,
    };
  }
  const pdb = state.budget(budget) as PdbView;
  const { desiredHealthy, currentHealthy, expectedPods } = pdb.status;
  const live = state.podsOf(budget).filter((p) => p.deletionTimestamp === undefined).length;
  if (expectedPods <= 0 || live - desiredHealthy <= 0) {
    return {
      ...withBudget,
      reason: 'budget-allows-no-disruption',
      explanation: `${budget.name} needs ${desiredHealthy} healthy pods and can never have more than ${live} (expected ${expectedPods}): it allows no disruption even with every pod Ready (e.g. maxUnavailable 0, or minAvailable ≥ replicas).`,
    };
  }
  return {
    ...withBudget,
    reason: 'unhealthy-pods-elsewhere',
    explanation: `${budget.name} needs ${desiredHealthy} healthy pods and has ${currentHealthy}: ${live - currentHealthy} of its pods are not Ready and must recover before this pod can go.`,
  };
}
