import type { PdbView, PubView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import { decideEviction } from './decide.js';
import type { EvictionRule } from './decide-rule.js';
import type { EvictionDecision } from './decide-types.js';
import { EVICTION_RULE_SUMMARIES, plural } from './explain.js';

/** Why a budget lets no eviction through. */
export interface EffectiveBlocking {
  /**
   * `allows-none`: its status allows no disruption; `multiple-pdbs`: every pod is also under
   * another PodDisruptionBudget (each eviction is an HTTP 500); `every-pod-refused`: every pod is
   * refused for some other rule (or a mix).
   */
  cause: 'allows-none' | 'multiple-pdbs' | 'every-pod-refused';
  /** In words, for the row and the detail page. */
  reason: string;
  /** How many of its pods each rule refuses (empty for `allows-none`). */
  refusals: Partial<Record<EvictionRule, number>>;
}

export interface EffectiveBlockingInput {
  /** The budget with its stored status (what the eviction handler reads). */
  budget: PdbView | PubView;
  /** The pods it selects. */
  pods: readonly PodView[];
  /** Every budget covering a pod (the index knows them: `ClusterIndex.budgetsForPod`). */
  budgetsOf: (pod: PodView) => { pdbs: readonly PdbView[]; pubs: readonly PubView[] };
  now: Date;
  /**
   * Each pod's answer, shared by the budgets of one pass over unchanged statuses (a pod under
   * three budgets is decided once, not three times). Owned by the caller; optional.
   */
  decided?: Map<PodView, EvictionDecision>;
}

/** What evicting a stored pod would answer now (`dryRun=All`), given every budget covering it. */
export function decidePodNow(
  pod: PodView,
  covering: { pdbs: readonly PdbView[]; pubs: readonly PubView[] },
  now: Date,
): EvictionDecision {
  return decideEviction({
    namespace: pod.namespace,
    podName: pod.name,
    pod,
    pdbs: covering.pdbs,
    pubs: covering.pubs,
    options: { dryRun: true },
    now,
  });
}

/** A budget whose stored status allows no disruption blocks whatever its pods (cheap: no pod is read). */
export function blockingByStatus(budget: PdbView | PubView): EffectiveBlocking | undefined {
  const allowed =
    budget.kind === 'PodDisruptionBudget'
      ? budget.status.disruptionsAllowed
      : budget.status.unavailableAllowed;
  if (allowed > 0) return undefined;
  return {
    cause: 'allows-none',
    reason: `it allows ${allowed} disruptions: every eviction of a healthy pod is refused`,
    refusals: {},
  };
}

/**
 * Whether no eviction of any of the budget's pods would be accepted now, and why: each pod is
 * decided as the API server would (a dry run against the stored statuses of every budget covering
 * it). Stops at the first pod that could go, so a budget that lets pods go costs one decision; it
 * changes only when the budget's status or a pod's budgets change.
 */
export function effectiveBlocking(input: EffectiveBlockingInput): EffectiveBlocking | undefined {
  const byStatus = blockingByStatus(input.budget);
  if (byStatus !== undefined) return byStatus;
  if (input.pods.length === 0) return undefined;
  const refusals: Partial<Record<EvictionRule, number>> = {};
  for (const pod of input.pods) {
    const d = input.decided?.get(pod) ?? decidePodNow(pod, input.budgetsOf(pod), input.now);
    input.decided?.set(pod, d);
    if (d.allowed) return undefined;
    refusals[d.rule] = (refusals[d.rule] ?? 0) + 1;
  }
  const rules = Object.keys(refusals) as EvictionRule[];
  const pods = plural(input.pods.length, 'pod');
  if (rules.length === 1 && rules[0] === 'multiple-pdbs') {
    return {
      cause: 'multiple-pdbs',
      reason: `${input.pods.length === 1 ? 'its only pod is' : `every one of its ${pods} is`} under more than one PodDisruptionBudget: each eviction is refused with HTTP 500, whatever the budgets allow`,
      refusals,
    };
  }
  const why = rules.map((r) => `${refusals[r] ?? 0} × ${EVICTION_RULE_SUMMARIES[r]}`).join(', ');
  return {
    cause: 'every-pod-refused',
    reason: `none of its ${pods} can be evicted now (${why})`,
    refusals,
  };
}
