import type { ClusterView } from '../index/view.js';
import type { ResourceRef } from '../model/refs.js';
import { relatedPubName } from '../pub/admit.js';
import { decideEviction } from './decide.js';
import { PlanState } from './plan-state.js';
import type { EvictionPlan, PlanStatusSource, PlanStep } from './plan-types.js';

const refOf = (o: { kind: string; namespace: string; name: string }): ResourceRef => ({
  kind: o.kind,
  namespace: o.namespace,
  name: o.name,
});

/** Where budgetRefsForPod reads: a plan's state, or the index itself. */
export type BudgetReader = Pick<PlanState, 'covering' | 'pod' | 'pubNamed'>;

/** The budgets an eviction of this pod reads or writes: matching PDBs, covering PUBs, the annotated PUB. */
export function budgetRefsForPod(
  state: BudgetReader,
  pod: { namespace: string; name: string },
): ResourceRef[] {
  const { pdbs, pubs } = state.covering(pod);
  const refs = [...pdbs, ...pubs].map(refOf);
  const current = state.pod(pod);
  const annotated = current && relatedPubName(current);
  if (
    annotated !== undefined &&
    !pubs.some((p) => p.name === annotated) &&
    state.pubNamed(pod.namespace, annotated)
  ) {
    refs.push({ kind: 'PodUnavailableBudget', namespace: pod.namespace, name: annotated });
  }
  return refs;
}

/**
 * One eviction against the plan's state, as the API server would answer it. Unless it is a dry run,
 * an accepted eviction is applied: the budget status the handler writes (allowed − 1, the pod in
 * disruptedPods), the pod terminating, then each covering budget's controller re-sync.
 */
export function evictInPlan(
  state: PlanState,
  ref: { namespace: string; name: string },
  options: { dryRun: boolean; now: Date },
): PlanStep {
  const pod = state.pod(ref);
  const budgets = pod ? budgetRefsForPod(state, ref) : [];
  const { pdbs } = pod ? state.covering(ref) : { pdbs: [] };
  const pubName = pod && relatedPubName(pod);
  const pub = pubName === undefined ? undefined : state.pubNamed(ref.namespace, pubName);
  const decision = decideEviction({
    namespace: ref.namespace,
    podName: ref.name,
    pod,
    pdbs,
    pubs: pub ? [pub] : [],
    options: { dryRun: options.dryRun },
    now: options.now,
  });
  if (pod && decision.podDeleted && !options.dryRun) {
    if (decision.pdbAfter) state.write(decision.pdbAfter);
    if (decision.pubAfter) state.write(decision.pubAfter);
    state.markTerminating(pod);
    for (const b of budgets) state.resync(b);
  }
  return {
    pod: { kind: 'Pod', namespace: ref.namespace, name: ref.name },
    decision,
    budgetsAfter: budgets.flatMap((b) => state.state(b) ?? []),
  };
}

export interface PlanEvictionsInput {
  index: ClusterView;
  pods: readonly { namespace: string; name: string }[];
  now: Date;
  /**
   * Ask as `dryRun=All` does: every eviction is judged against the unchanged cluster, nothing
   * accumulates (what `kubectl drain --dry-run=server` shows). Default false: cumulative.
   */
  dryRun?: boolean;
  /** Start from the status the controllers would compute now (default) or the status as stored. */
  statusSource?: PlanStatusSource;
}

/**
 * Evictions in order, each applied cumulatively on a copy of the cluster (the index is never
 * changed): an accepted eviction uses up budget for the next.
 */
export function planEvictions(input: PlanEvictionsInput): EvictionPlan {
  const state = new PlanState(input.index, input.now, input.statusSource ?? 'recomputed');
  const dryRun = input.dryRun ?? false;
  const steps = input.pods.map((ref) => evictInPlan(state, ref, { dryRun, now: input.now }));
  return {
    steps,
    evicted: steps.filter((s) => s.decision.allowed).map((s) => s.pod),
    refused: steps.filter((s) => !s.decision.allowed).map((s) => s.pod),
    budgets: state.touched(),
  };
}
