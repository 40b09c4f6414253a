import {
  blockingByStatus,
  differingCounters,
  parseSelector,
  protectedOperations,
  PUB_PROTECT_OPERATIONS_ANNOTATION,
  refKey,
  selectorToString,
  statusIsStale,
  type PdbView,
  type PubView,
  type LabelSelector,
} from '@pdbscope/shared';
import type { BudgetEvaluation } from '@pdbscope/shared/index';
import type { BudgetFlags, BudgetRow, BudgetStatusNumbers } from '@pdbscope/shared/api';

/** What the analysis (overlaps, findings, effective blocking) says about budgets, by `refKey`. */
export interface BudgetMarks {
  overlapping: ReadonlySet<string>;
  findings: ReadonlyMap<string, number>;
  /** Budgets whose status allows disruptions but none of whose pods can be evicted, with why. */
  blocked: ReadonlyMap<string, string>;
}

export const NO_MARKS: BudgetMarks = {
  overlapping: new Set(),
  findings: new Map(),
  blocked: new Map(),
};

/** kubectl's rendering of a selector; `<none>` when absent, `<invalid: …>` when it does not parse. */
export function selectorText(selector: LabelSelector | null | undefined): string {
  if (selector === null || selector === undefined) return '<none>';
  const parsed = parseSelector(selector);
  if (!parsed.ok) return `<invalid: ${parsed.error}>`;
  const text = selectorToString(parsed.value);
  return text === '' ? '<all>' : text;
}

/** A selector in the API's (mutable, copied) shape. */
export function apiSelector(selector: LabelSelector | null | undefined): BudgetRow['selector'] {
  if (selector === null || selector === undefined) return null;
  return {
    ...(selector.matchLabels ? { matchLabels: { ...selector.matchLabels } } : {}),
    ...(selector.matchExpressions
      ? {
          matchExpressions: selector.matchExpressions.map((e) => ({
            key: e.key,
            operator: e.operator,
            ...(e.values ? { values: [...e.values] } : {}),
          })),
        }
      : {}),
  };
}

/** How many pods the status lists as disrupted, when any. */
function disruptedCount(pods: Readonly<Record<string, string>>): { disruptedPods?: number } {
  let n = 0;
  for (const _ in pods) n++;
  return n > 0 ? { disruptedPods: n } : {};
}

/** The status numbers of a budget (as stored, recomputed, or planned). */
export function statusNumbers(
  budget: Pick<PdbView, 'kind' | 'status'> | Pick<PubView, 'kind' | 'status'>,
): BudgetStatusNumbers {
  if (budget.kind === 'PodDisruptionBudget') {
    const s = budget.status;
    return {
      kind: budget.kind,
      observedGeneration: s.observedGeneration,
      expectedPods: s.expectedPods,
      desiredHealthy: s.desiredHealthy,
      currentHealthy: s.currentHealthy,
      disruptionsAllowed: s.disruptionsAllowed,
      disruptedPods: { ...s.disruptedPods },
    };
  }
  const s = budget.status;
  return {
    kind: budget.kind,
    observedGeneration: s.observedGeneration,
    totalReplicas: s.totalReplicas,
    desiredAvailable: s.desiredAvailable,
    currentAvailable: s.currentAvailable,
    unavailableAllowed: s.unavailableAllowed,
    disruptedPods: { ...s.disruptedPods },
    unavailablePods: { ...s.unavailablePods },
  };
}

/**
 * The counters where the reported status and the recomputed one differ. Only counters: the
 * controller may not have written yet (observedGeneration) and disruptedPods carry times.
 */
export function statusDifferences(
  reported: BudgetStatusNumbers,
  recomputed: BudgetStatusNumbers,
): string[] {
  return differingCounters(reported.kind, reported, recomputed);
}

/** Why the recomputation failed; null when it did not, or was not made (see `unseen`). */
export function recomputeError(evaluation: BudgetEvaluation): string | null {
  if (evaluation.unseen !== undefined) return null;
  if (evaluation.kind === 'PodDisruptionBudget')
    return evaluation.sync.syncFailed ? (evaluation.sync.error ?? 'sync failed') : null;
  return evaluation.sync.error ?? null;
}

function flagsOf(evaluation: BudgetEvaluation, marks: BudgetMarks): BudgetFlags {
  const budget = evaluation.budget;
  const key = refKey(evaluation.ref);
  const error = recomputeError(evaluation);
  // The status is read now; whether its pods can go comes from the last analysis.
  const blockingReason = blockingByStatus(budget)?.reason ?? marks.blocked.get(key) ?? null;
  return {
    overlap: marks.overlapping.has(key),
    findings: marks.findings.get(key) ?? 0,
    stale: statusIsStale(budget),
    blocking: blockingReason !== null,
    blockingReason,
    mismatch:
      error === null &&
      statusDifferences(statusNumbers(budget), statusNumbers(evaluation.synced)).length > 0,
    error,
  };
}

/** When the budget started allowing no disruption, while it is blocking (see BudgetRow). */
function blockingSince(evaluation: BudgetEvaluation, flags: BudgetFlags): string | undefined {
  if (!flags.blocking || evaluation.kind !== 'PodDisruptionBudget') return undefined;
  const condition = evaluation.budget.status.conditions.find(
    (c) => c.type === 'DisruptionAllowed' && c.status === 'False',
  );
  return condition?.lastTransitionTime;
}

/** One row of GET /api/budgets from the index's evaluation: the numbers the cluster reports. */
export function budgetRow(evaluation: BudgetEvaluation, marks: BudgetMarks = NO_MARKS): BudgetRow {
  const flags = flagsOf(evaluation, marks);
  const since = blockingSince(evaluation, flags);
  const common = {
    uid: evaluation.budget.uid,
    namespace: evaluation.budget.namespace,
    name: evaluation.budget.name,
    generation: evaluation.budget.generation,
    observedGeneration: evaluation.budget.status.observedGeneration,
    matchedPods: evaluation.unseen?.pods !== undefined ? null : evaluation.counts.selected,
    ...disruptedCount(evaluation.budget.status.disruptedPods),
    flags,
    ...(since !== undefined ? { blockingSince: since } : {}),
    ...(evaluation.budget.creationTimestamp !== undefined
      ? { creationTimestamp: evaluation.budget.creationTimestamp }
      : {}),
    ...(evaluation.budget.spec.minAvailable !== undefined
      ? { minAvailable: evaluation.budget.spec.minAvailable }
      : {}),
    ...(evaluation.budget.spec.maxUnavailable !== undefined
      ? { maxUnavailable: evaluation.budget.spec.maxUnavailable }
      : {}),
    ...(evaluation.unseen !== undefined
      ? {
          notVisible: {
            pods: evaluation.unseen.pods ?? null,
            recomputed: evaluation.unseen.recomputed,
          },
        }
      : {}),
  };
  if (evaluation.kind === 'PodDisruptionBudget') {
    const b = evaluation.budget;
    return {
      kind: 'PodDisruptionBudget',
      apiVersion: b.apiVersion,
      ...common,
      selector: apiSelector(b.spec.selector),
      selectorText: selectorText(b.spec.selector),
      expectedPods: b.status.expectedPods,
      desiredHealthy: b.status.desiredHealthy,
      currentHealthy: b.status.currentHealthy,
      disruptionsAllowed: b.status.disruptionsAllowed,
      ...(b.spec.unhealthyPodEvictionPolicy !== undefined
        ? { unhealthyPodEvictionPolicy: b.spec.unhealthyPodEvictionPolicy }
        : {}),
    };
  }
  const b = evaluation.budget;
  return {
    kind: 'PodUnavailableBudget',
    apiVersion: b.apiVersion,
    ...common,
    selector: apiSelector(b.spec.selector),
    selectorText: b.spec.targetRef
      ? `targetRef ${b.spec.targetRef.kind}/${b.spec.targetRef.name}`
      : selectorText(b.spec.selector),
    ...(b.spec.targetRef ? { targetRef: { ...b.spec.targetRef } } : {}),
    totalReplicas: b.status.totalReplicas,
    desiredAvailable: b.status.desiredAvailable,
    currentAvailable: b.status.currentAvailable,
    unavailableAllowed: b.status.unavailableAllowed,
    protects: protectedOperations(b),
    protectsFrom: protectsFrom(b),
  };
}

/** Where a PUB's protected operations come from (v1alpha1 keeps them in an annotation). */
function protectsFrom(pub: PubView): 'annotation' | 'spec' | 'default' {
  if (pub.spec.protectOperations === undefined) return 'default';
  return pub.annotations[PUB_PROTECT_OPERATIONS_ANNOTATION] === undefined ? 'spec' : 'annotation';
}
