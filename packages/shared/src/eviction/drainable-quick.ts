import { isPdbHealthy } from '../budgets/disrupted.js';
import type { ClusterView } from '../index/view.js';
import type {
  BudgetEvaluation,
  CoveringBudget,
  PdbEvaluation,
  PubEvaluation,
} from '../index/types.js';
import type { PdbView } from '../model/budget.js';
import { pdbStatusWith } from '../model/pdb-status.js';
import { pdbView } from '../model/pdb-view.js';
import type { PodView } from '../model/pod.js';
import { refKey, type ResourceRef } from '../model/refs.js';
import { relatedPubName } from '../pub/admit.js';
import {
  budgetedEvictionRule,
  canIgnorePdb,
  decideEviction,
  refusedEvictionDecision,
} from './decide.js';
import { POD_DELETING_RULES, type EvictionRule } from './decide-rule.js';
import type { EvictionDecision } from './decide-types.js';

/** The evictions the API server would refuse now, in drain order, and the first one's answer. */
export interface RefusedNow {
  pods: ResourceRef[];
  first?: { pod: ResourceRef; decision: EvictionDecision };
}

/**
 * A PDB as the node's evictions have left it. Accepting an eviction writes the decremented status,
 * then the disruption controller re-syncs the PDB over its pods with the evicted one terminating:
 * that sync keeps `desiredHealthy` and `expectedPods` (the pods and workloads it counts are the
 * same; a terminating pod is still selected and still has its controller), drops the pod's
 * disruptedPods entry (terminating pods are pruned) and counts one healthy pod less exactly when
 * `countHealthyPods` counted the pod. So the re-sync is known without running it, unless the sync
 * fails (its fail-safe keeps the written figures) or the disruptedPods map is read at another time
 * than the index evaluated it (entries may expire in between): then the figures are `inexact`.
 */
interface TrackedPdb {
  evaluation: PdbEvaluation;
  /** Healthy pods the node's accepted evictions took from it. */
  healthyGone: number;
  /** The PDB as of `healthyGone`, built when read: most PDBs have one pod on a node, never read again. */
  view: PdbView | undefined;
  inexact: boolean;
}

const podRef = (pod: PodView): ResourceRef => ({
  kind: 'Pod',
  namespace: pod.namespace,
  name: pod.name,
});

/** disruptedPods when it has no entry (FirstEviction's `always`), without reading the status. */
const NO_DISRUPTED: Readonly<Record<string, string>> = Object.freeze({});

/** The PDB's figures once the controller re-synced it after the pod's accepted eviction. */
function afterEviction(tracked: TrackedPdb, pod: PodView, now: Date): void {
  const { evaluation } = tracked;
  const { resync } = evaluation.firstEviction;
  if (
    resync === 'never' ||
    (resync === 'at-evaluation' && evaluation.evaluatedAtMs !== now.getTime())
  ) {
    tracked.inexact = true;
    return;
  }
  const disrupted = resync === 'always' ? NO_DISRUPTED : evaluation.synced.status.disruptedPods;
  if (!isPdbHealthy(pod, disrupted, now)) return;
  tracked.healthyGone++;
  tracked.view = undefined;
}

/**
 * The PDBs a node's evictions have changed so far, found by the index's evaluation (within one
 * call it is the same object for every pod). A node's pods have few PDBs: a list searched in
 * order is cheaper than a Map (no hash per lookup), until a node has many.
 */
class TrackedPdbs {
  private readonly list: TrackedPdb[] = [];
  private map: Map<PdbEvaluation, TrackedPdb> | undefined;

  find(evaluation: PdbEvaluation): TrackedPdb | undefined {
    if (this.map) return this.map.get(evaluation);
    for (const t of this.list) if (t.evaluation === evaluation) return t;
    return undefined;
  }

  add(evaluation: PdbEvaluation): TrackedPdb {
    const t: TrackedPdb = { evaluation, healthyGone: 0, view: undefined, inexact: false };
    if (this.map) this.map.set(evaluation, t);
    else if (this.list.push(t) > MAX_LISTED_PDBS)
      this.map = new Map(this.list.map((l) => [l.evaluation, l]));
    return t;
  }
}

/** Beyond this many PDBs on one node, TrackedPdbs keeps them in a Map. */
const MAX_LISTED_PDBS = 16;

/** The PDB with the re-synced figures: each healthy pod gone is one less currentHealthy. */
function currentView(tracked: TrackedPdb): PdbView {
  if (tracked.view !== undefined) return tracked.view;
  const { synced } = tracked.evaluation;
  const s = synced.status;
  const currentHealthy = s.currentHealthy - tracked.healthyGone;
  const spare = currentHealthy - s.desiredHealthy;
  const disruptionsAllowed = s.expectedPods <= 0 || spare <= 0 ? 0 : spare;
  tracked.view = pdbView(synced, pdbStatusWith(s, { currentHealthy, disruptionsAllowed }));
  return tracked.view;
}

/** A pod kubectl would evict, with the budgets covering it (the index's entry). */
export interface PodToEvict {
  readonly pod: PodView;
  readonly budgets: readonly CoveringBudget[];
}

export interface QuickDrainableInput {
  index: ClusterView;
  now: Date;
  /** The pods `kubectl drain` would evict, in its order (kubectl's filters passed). */
  toEvict: readonly PodToEvict[];
}

/** The refused pods' budgets, in budgetRefsForPod's order per pod, each once (keyed by refKey). */
export type HoldingBudgets = Map<string, ResourceRef>;

/** The PUB a pod's related-pub annotation names, as the index evaluated it. */
function annotatedPub(index: ClusterView, pod: PodView, name: string): PubEvaluation | undefined {
  const evaluation = index.budget({
    kind: 'PodUnavailableBudget',
    namespace: pod.namespace,
    name,
  });
  return evaluation?.kind === 'PodUnavailableBudget' ? evaluation : undefined;
}

/** budgetRefsForPod's order of kinds: PDBs, then PUBs. */
const BUDGET_KINDS = ['PodDisruptionBudget', 'PodUnavailableBudget'] as const;

const byName = (a: BudgetEvaluation | undefined, b: BudgetEvaluation | undefined): number => {
  const x = a?.ref.name ?? '';
  const y = b?.ref.name ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};

/** A covering budget's evaluation; quickRefusals has checked that each one has one. */
const evaluated = (c: CoveringBudget | undefined): BudgetEvaluation =>
  c?.evaluation as BudgetEvaluation;

/**
 * The budgets an eviction of the pod reads or writes, as budgetRefsForPod lists them (its PDBs by
 * name, its PUBs by name, then the PUB its annotation names), into `out`.
 */
function addHolding(
  out: HoldingBudgets,
  covering: readonly CoveringBudget[],
  annotated: PubEvaluation | undefined,
): void {
  if (covering.length === 1)
    out.set((covering[0] as CoveringBudget).key, evaluated(covering[0]).ref);
  else if (covering.length > 1) {
    // A pod has a few budgets: each kind's in name order by repeated search. Every refused pod of
    // every node comes here, and sort's work arrays were a tenth of what a run of all nodes made.
    for (const kind of BUDGET_KINDS) {
      let after: BudgetEvaluation | undefined;
      for (;;) {
        let next = -1;
        for (let i = 0; i < covering.length; i++) {
          const c = evaluated(covering[i]);
          if (c.kind !== kind || (after !== undefined && byName(c, after) <= 0)) continue;
          if (next < 0 || byName(c, evaluated(covering[next])) < 0) next = i;
        }
        if (next < 0) break;
        after = evaluated(covering[next]);
        out.set((covering[next] as CoveringBudget).key, after.ref);
      }
    }
  }
  if (annotated && !covering.some((c) => c.evaluation === annotated))
    out.set(refKey(annotated.ref), annotated.ref);
}

/**
 * For each pod, the rule its first eviction meets when exactly one PDB covers it (see FirstEviction;
 * undefined otherwise), into `out`. Read in a loop of its own, before the evictions are judged:
 * here no pod's reads (its budget entries, their evaluations, the FirstEviction) wait behind the
 * judging of the pod before it, so the processor overlaps their cache misses.
 */
function firstEvictionRules(
  toEvict: readonly PodToEvict[],
  out: (EvictionRule | undefined)[],
): void {
  for (let i = 0; i < toEvict.length; i++) {
    const { pod, budgets } = toEvict[i] as PodToEvict;
    let only: PdbEvaluation | undefined;
    let pdbCount = 0;
    for (let k = 0; k < budgets.length; k++) {
      const evaluation = (budgets[k] as CoveringBudget).evaluation;
      if (evaluation?.kind !== 'PodDisruptionBudget') continue;
      only = evaluation;
      pdbCount++;
    }
    const first = pdbCount === 1 ? only?.firstEviction : undefined;
    out[i] = first === undefined ? undefined : pod.ready ? first.ready : first.notReady;
  }
  out.length = toEvict.length;
}

/** What quickRefusals found: the refused pods and the budgets holding them. */
export interface QuickRefusals extends RefusedNow {
  budgets: HoldingBudgets;
}

/**
 * The first round of a drain (every selected pod evicted in order, each accepted eviction using up
 * budget for the next) without copying the cluster. Each budgeted pod is judged against its PDBs'
 * figures as the node's earlier evictions left them (see TrackedPdb) and its PodUnavailableBudget
 * as the index has it: by the handler's own rule (`budgetedEvictionRule`; no answer is built for a
 * pod that goes, and the first refused pod's, whose answer is shown, is built from that rule by
 * `refusedEvictionDecision`), or by `decideEviction` for a pod its PUB's webhook judges first.
 * Undefined when that cannot be known exactly: a PUB read after an eviction changed it (its
 * controller's reconcile recounts its workloads' pods), or a PDB whose re-sync is not known (see
 * afterEviction). The caller then runs the evictions on a copy.
 */
export function quickRefusals(input: QuickDrainableInput): QuickRefusals | undefined {
  const { index, now } = input;
  const pdbs = new TrackedPdbs();
  const changedPubs = new Set<PubEvaluation>();
  const refused: QuickRefusals = { pods: [], budgets: new Map() };
  // Refilled for each pod, not made anew: nothing keeps it (decideEviction copies what it keeps).
  // Written in place and cut to length, not emptied first: `length = 0` drops an array's storage
  // (here only for a pod with no PDB), and growing it again for every pod made a seventh of what a
  // run of all nodes allocated.
  const views: PdbView[] = [];
  const { toEvict } = input;
  const firstRules: (EvictionRule | undefined)[] = [];
  firstEvictionRules(toEvict, firstRules);
  for (let i = 0; i < toEvict.length; i++) {
    const { pod, budgets: covering } = toEvict[i] as PodToEvict;
    const annotated = relatedPubName(pod);
    if (covering.length === 0 && annotated === undefined) continue;
    let pdbCount = 0;
    // The pod's PDB when no earlier eviction of the node changed it: firstRules holds its rule.
    let unchanged: PdbEvaluation | undefined;
    for (let k = 0; k < covering.length; k++) {
      const evaluation = (covering[k] as CoveringBudget).evaluation;
      // Not evaluated yet (loading).
      if (evaluation === undefined) return undefined;
      if (evaluation.kind !== 'PodDisruptionBudget') continue;
      const t = pdbs.find(evaluation);
      if (t?.inexact) return undefined;
      views[pdbCount++] = t ? currentView(t) : evaluation.synced;
      unchanged = t ? undefined : evaluation;
    }
    views.length = pdbCount;
    const pub = annotated === undefined ? undefined : annotatedPub(index, pod, annotated);
    if (pub && changedPubs.has(pub)) return undefined;
    // The index's PDBs of a pod are exactly those the handler finds matching it. A pod its PUB's
    // webhook judges first is fully decided.
    const rule =
      annotated !== undefined || canIgnorePdb(pod)
        ? undefined
        : pdbCount === 1 && unchanged !== undefined
          ? (firstRules[i] as EvictionRule)
          : budgetedEvictionRule(pod.ready, views, false);
    const goes = canIgnorePdb(pod) || (rule !== undefined && POD_DELETING_RULES.has(rule));
    if (!goes) {
      const decision =
        rule === undefined
          ? decideEviction({
              namespace: pod.namespace,
              podName: pod.name,
              pod,
              pdbs: views,
              pubs: pub ? [pub.synced] : [],
              // The same rules as the real eviction, without building the status it would write.
              options: { dryRun: true },
              now,
            })
          : refused.first === undefined
            ? refusedEvictionDecision(pod, views, rule)
            : undefined;
      if (decision === undefined || !decision.allowed) {
        const ref = podRef(pod);
        refused.pods.push(ref);
        if (decision !== undefined) refused.first ??= { pod: ref, decision };
        addHolding(refused.budgets, covering, pub);
        continue;
      }
    }
    for (let k = 0; k < covering.length; k++) {
      const evaluation = evaluated(covering[k]);
      if (evaluation.kind === 'PodUnavailableBudget') {
        changedPubs.add(evaluation);
        continue;
      }
      afterEviction(pdbs.find(evaluation) ?? pdbs.add(evaluation), pod, now);
    }
    if (pub) changedPubs.add(pub);
  }
  return refused;
}
