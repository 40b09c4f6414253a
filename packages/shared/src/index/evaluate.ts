import { classifyPdbPods } from '../budgets/classify.js';
import { syncPdb } from '../budgets/sync.js';
import type { PodClassification } from '../budgets/types.js';
import type { WorkloadLookup } from '../budgets/workload-lookup.js';
import { firstEvictionOf } from '../eviction/first-eviction.js';
import type { PdbView, PubView } from '../model/budget.js';
import { pdbView } from '../model/pdb-view.js';
import { pubView } from '../model/pub-view.js';
import type { PodView } from '../model/pod.js';
import { syncPub } from '../pub/sync.js';
import { budgetUnseen } from '../visibility/budget-unseen.js';
import type { BudgetUnseen, Visibility } from '../visibility/types.js';
import type { BudgetEntry } from './entry.js';
import type { BudgetEvaluation, LaneCounts, PdbEvaluation, PubEvaluation } from './types.js';

export function laneCounts(classification: readonly Pick<PodClassification, 'lane'>[]): LaneCounts {
  const counts: LaneCounts = {
    selected: classification.length,
    available: 0,
    unavailable: 0,
    disrupted: 0,
  };
  for (const c of classification) counts[c.lane]++;
  return counts;
}

const refOf = (b: { kind: string; namespace: string; name: string }) => ({
  kind: b.kind,
  namespace: b.namespace,
  name: b.name,
});

/** One disruption-controller sync of a PDB over the given pods (sorted by name), with lanes. */
export function evaluatePdb(input: {
  pdb: PdbView;
  pods: readonly PodView[];
  workloads: WorkloadLookup;
  now: Date;
}): PdbEvaluation {
  const { pdb, pods, workloads, now } = input;
  const sync = syncPdb({ pdb, pods, workloads, now });
  const synced = pdbView(pdb, sync.status);
  return {
    kind: 'PodDisruptionBudget',
    ref: refOf(pdb),
    budget: pdb,
    synced,
    pods,
    sync,
    counts: laneCounts(classifyPdbPods({ pdb: synced, pods, now })),
    firstEviction: firstEvictionOf(synced, sync.syncFailed),
    evaluatedAtMs: now.getTime(),
    ...(sync.recheckAfterSeconds !== undefined
      ? { recheckAtMs: now.getTime() + sync.recheckAfterSeconds * 1000 }
      : {}),
  };
}

/** One OpenKruise controller reconcile of a PUB over candidate pods (a superset of what it covers). */
export function evaluatePub(input: {
  pub: PubView;
  pods: readonly PodView[];
  workloads: WorkloadLookup;
  now: Date;
}): PubEvaluation {
  const { pub, pods, workloads, now } = input;
  const sync = syncPub({ pub, pods, workloads, now });
  return {
    kind: 'PodUnavailableBudget',
    ref: refOf(pub),
    budget: pub,
    synced: pubView(pub, sync.status),
    pods: sync.pods,
    sync,
    counts: laneCounts(sync.classification),
    evaluatedAtMs: now.getTime(),
    ...(sync.recheckAfterSeconds !== undefined
      ? { recheckAtMs: now.getTime() + sync.recheckAfterSeconds * 1000 }
      : {}),
  };
}

/**
 * Every pod's lane, code and reason in an evaluation, as its sync left them: a PDB's pods are
 * classified again at the evaluation's time (the same answer, as `counts` was made from it); a PUB's
 * sync keeps its own.
 */
export function classificationOf(evaluation: BudgetEvaluation): readonly PodClassification[] {
  if (evaluation.kind === 'PodUnavailableBudget') return evaluation.sync.classification;
  return classifyPdbPods({
    pdb: evaluation.synced,
    pods: evaluation.pods,
    now: new Date(evaluation.evaluatedAtMs),
  });
}

const NO_PODS: LaneCounts = Object.freeze({
  selected: 0,
  available: 0,
  unavailable: 0,
  disrupted: 0,
});

/**
 * A budget whose pods are not known: the reported status is all there is. Evictions are decided
 * on it (as the API server decides them), nothing is recomputed, no pod is in a lane.
 */
function reportedOnly(
  budget: PdbView | PubView,
  unseen: BudgetUnseen,
  now: Date,
): BudgetEvaluation {
  const base = { ref: refOf(budget), counts: NO_PODS, evaluatedAtMs: now.getTime(), unseen };
  if (budget.kind === 'PodDisruptionBudget')
    return {
      ...base,
      kind: 'PodDisruptionBudget',
      budget,
      synced: budget,
      pods: [],
      sync: {
        status: budget.status,
        syncFailed: false,
        events: [],
        expected: { kind: 'none', unmanagedPods: [] },
      },
      firstEviction: firstEvictionOf(budget, true),
    };
  return {
    ...base,
    kind: 'PodUnavailableBudget',
    budget,
    synced: budget,
    pods: [],
    sync: { status: budget.status, pods: [], classification: [], events: [] },
  };
}

/**
 * A budget whose pods are known but whose recomputed status is not (its controllers' scale is not
 * visible): the sync's lanes over the reported status, which evictions are decided on.
 */
function recomputedUnknown(evaluation: BudgetEvaluation, unseen: BudgetUnseen): BudgetEvaluation {
  if (evaluation.kind === 'PodUnavailableBudget')
    return { ...evaluation, synced: evaluation.budget, unseen };
  const now = new Date(evaluation.evaluatedAtMs);
  const pdb = evaluation.budget;
  return {
    ...evaluation,
    synced: pdb,
    counts: laneCounts(classifyPdbPods({ pdb, pods: evaluation.pods, now })),
    firstEviction: firstEvictionOf(pdb, true),
    unseen,
  };
}

/**
 * Evaluates an index entry from its current members, as far as `visibility` lets it: a budget
 * whose pods are not visible keeps its reported status (see {@link BudgetEvaluation.unseen}).
 */
export function evaluateEntry(
  entry: BudgetEntry,
  workloads: WorkloadLookup,
  now: Date,
  visibility: Visibility,
): BudgetEvaluation {
  const unseen = budgetUnseen(visibility, entry.budget);
  if (unseen?.pods !== undefined) return reportedOnly(entry.budget, unseen, now);
  const pods = entry.members;
  const evaluation =
    entry.budget.kind === 'PodDisruptionBudget'
      ? evaluatePdb({ pdb: entry.budget, pods, workloads, now })
      : evaluatePub({ pub: entry.budget, pods, workloads, now });
  return unseen === undefined ? evaluation : recomputedUnknown(evaluation, unseen);
}
