import type { PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { nsName, type ResourceRef } from '../model/refs.js';
import type { PlanState } from './plan-state.js';
import type { BlockedPod, FailedPod, PlanStep } from './plan-types.js';
import { plural } from './explain.js';

const STILL_PROCESSING = 'is still being processed by the server';

const podRef = (p: PodView): ResourceRef => ({ kind: 'Pod', namespace: p.namespace, name: p.name });
const names = (pods: readonly { name: string }[]): string => pods.map((p) => p.name).join(', ');

/** `minAvailable: 50%` / `maxUnavailable: 0`, as the budget's spec says it. */
function specText(pdb: PdbView): string {
  if (pdb.spec.maxUnavailable !== undefined) return `maxUnavailable ${pdb.spec.maxUnavailable}`;
  if (pdb.spec.minAvailable !== undefined) return `minAvailable ${pdb.spec.minAvailable}`;
  return 'neither minAvailable nor maxUnavailable';
}

/** The expected count comes from the pods' controllers, not from counting the pods. */
export const countsByScale = (pdb: PdbView): boolean =>
  pdb.spec.maxUnavailable !== undefined || typeof pdb.spec.minAvailable === 'string';

/**
 * Why a pod's evictions keep answering 429 at the drain's fixed point, and whether any sequence of
 * recoveries could free it (`until`, naming what it waits for) or no wait ever will (`never`).
 */
export function explainBlocked(
  state: PlanState,
  step: PlanStep,
  budgets: ResourceRef[],
  context: { isPendingReplacement: (pod: PodView) => boolean } = {
    isPendingReplacement: () => false,
  },
): BlockedPod {
  const { decision } = step;
  const base = { pod: step.pod, budgets, decision };
  if (decision.code !== 429)
    return {
      ...base,
      reason: 'other',
      outlook: 'never',
      waitsFor: [],
      explanation: explainFailed(state, step, 0, budgets).explanation,
    };
  const budget = decision.budget;
  const st = budget && state.state(budget);
  if (!budget || st?.kind !== 'PodDisruptionBudget') {
    return {
      ...base,
      reason: 'other',
      outlook: 'never',
      waitsFor: [],
      explanation: decision.message,
    };
  }
  const withBudget = { ...base, budget };
  if (st.syncFailed) {
    const condition = st.status.conditions.find((c) => c.type === 'DisruptionAllowed');
    return {
      ...withBudget,
      reason: 'sync-failed',
      outlook: 'never',
      waitsFor: [],
      explanation: `The disruption controller cannot compute ${budget.name}'s status (${condition?.message ?? 'sync failed'}), so it allows no disruption until that is fixed.`,
    };
  }
  if (decision.causes.some((c) => c.message.includes(STILL_PROCESSING))) {
    return {
      ...withBudget,
      reason: 'status-stale',
      outlook: 'until',
      waitsFor: [],
      explanation: `Blocked until the disruption controller syncs ${budget.name}: its status is older than its spec (observedGeneration < generation), and every eviction is refused until then.`,
    };
  }
  const pdb = state.budget(budget) as PdbView;
  const { desiredHealthy, currentHealthy, expectedPods } = pdb.status;
  const live = state.podsOf(budget).filter((p) => p.deletionTimestamp === undefined);
  const never = { ...withBudget, outlook: 'never' as const, waitsFor: [] };
  if (expectedPods <= 0 && countsByScale(pdb) && live.every((p) => p.controller === undefined)) {
    return {
      ...never,
      reason: 'unmanaged-pods',
      explanation: `${budget.name} (${specText(pdb)}) selects only pods that declare no controller (${names(live)}). A percentage or maxUnavailable budget counts the expected pods from their controllers, and unmanaged pods have none, so expected pods are 0 and it allows no disruption however many are Ready. Give it an integer minAvailable, or run the pods under a controller.`,
    };
  }
  if (expectedPods <= 0 || live.length - desiredHealthy <= 0) {
    return {
      ...never,
      reason: 'budget-allows-no-disruption',
      explanation: `${budget.name} (${specText(pdb)}) needs ${plural(desiredHealthy, 'healthy pod')} and can never have more than ${live.length} (expected ${expectedPods}): it allows no disruption even with every pod Ready. Change the budget or scale the workload up.`,
    };
  }
  const unready = live.filter((p) => !p.ready);
  const pending = unready.filter((p) => context.isPendingReplacement(p));
  const short = Math.max(1, desiredHealthy + 1 - currentHealthy);
  const who =
    unready.length === short
      ? names(unready)
      : `${short === 1 ? 'one' : short} of ${names(unready)}`;
  const numbers = `${budget.name} needs ${plural(desiredHealthy, 'healthy pod')} and has ${currentHealthy}, so it allows no disruption`;
  const until = {
    ...withBudget,
    outlook: 'until' as const,
    waitsFor: unready.map(podRef),
  };
  if (pending.length > 0) {
    const many = pending.length > 1;
    return {
      ...until,
      reason: 'replacement-pending',
      explanation: `Blocked until ${who} ${short === 1 ? 'is' : 'are'} Ready: ${numbers}, and the drain's replacement${many ? 's' : ''} ${names(pending)} stay${many ? '' : 's'} Pending (no node can take ${many ? 'them' : 'it'}).`,
    };
  }
  return {
    ...until,
    reason: 'unhealthy-pods-elsewhere',
    explanation: `Blocked until ${who} ${short === 1 ? 'is' : 'are'} Ready: ${numbers}.`,
  };
}

/** A pod kubectl gives up on: its eviction was answered neither 201 nor 429. */
export function explainFailed(
  state: PlanState,
  step: PlanStep,
  round: number,
  budgets: ResourceRef[],
): FailedPod {
  const { decision } = step;
  const message = `error when evicting pods/"${step.pod.name}" -n "${step.pod.namespace}": ${decision.message}`;
  const base = { pod: step.pod, round, budgets, decision, message };
  if (decision.rule === 'multiple-pdbs') {
    const pdbs = budgets.filter((b) => b.kind === 'PodDisruptionBudget').map((b) => b.name);
    return {
      ...base,
      explanation: `Selected by ${pdbs.length} PodDisruptionBudgets (${pdbs.join(', ')}): the eviction API refuses a pod with more than one, whatever their budgets, with a 500 that kubectl does not retry. Make the selectors disjoint.`,
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
      explanation: `OpenKruise's webhook denies it with a 403, which kubectl does not retry: PodUnavailableBudget ${pub ? nsName(pub) : ''} allows no more unavailable pods${detail}. Drain again once it has room.`,
    };
  }
  return {
    ...base,
    explanation: `kubectl retries only 429; this ${decision.code} ends its attempts.`,
  };
}
