import { isPdbHealthy } from '../budgets/disrupted.js';
import type { ClusterIndex } from '../index/cluster-index.js';
import type { PdbEvaluation, PubEvaluation } from '../index/types.js';
import type { PdbView } from '../model/budget.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';
import { relatedPubName } from '../pub/admit.js';
import { budgetedEvictionRule, canIgnorePdb, decideEviction } from './decide.js';
import { POD_DELETING_RULES } from './decide-rule.js';
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
  view: PdbView;
  inexact: boolean;
}

const podRef = (pod: PodView): ResourceRef => ({
  kind: 'Pod',
  namespace: pod.namespace,
  name: pod.name,
});

function hasEntries(map: Readonly<Record<string, string>>): boolean {
  for (const _ in map) return true;
  return false;
}

/** The PDB's figures once the controller re-synced it after the pod's accepted eviction. */
function afterEviction(tracked: TrackedPdb, pod: PodView, now: Date): void {
  const { evaluation } = tracked;
  const disrupted = evaluation.synced.status.disruptedPods;
  if (
    evaluation.sync.syncFailed ||
    (hasEntries(disrupted) && evaluation.evaluatedAtMs !== now.getTime())
  ) {
    tracked.inexact = true;
    return;
  }
  if (!isPdbHealthy(pod, disrupted, now)) return;
  const s = tracked.view.status;
  const currentHealthy = s.currentHealthy - 1;
  const spare = currentHealthy - s.desiredHealthy;
  const disruptionsAllowed = s.expectedPods <= 0 || spare <= 0 ? 0 : spare;
  tracked.view = { ...tracked.view, status: { ...s, currentHealthy, disruptionsAllowed } };
}

export interface QuickDrainableInput {
  index: ClusterIndex;
  now: Date;
  /** The pods `kubectl drain` would evict, in its order (kubectl's filters passed). */
  toEvict: readonly PodView[];
}

/** The PUB a pod's related-pub annotation names, as the index evaluated it. */
function annotatedPub(index: ClusterIndex, pod: PodView, name: string): PubEvaluation | undefined {
  const evaluation = index.budget({
    kind: 'PodUnavailableBudget',
    namespace: pod.namespace,
    name,
  });
  return evaluation?.kind === 'PodUnavailableBudget' ? evaluation : undefined;
}

/**
 * The first round of a drain (every selected pod evicted in order, each accepted eviction using up
 * budget for the next) without copying the cluster. Each budgeted pod is judged against its PDBs'
 * figures as the node's earlier evictions left them (see TrackedPdb) and its PodUnavailableBudget
 * as the index has it: by the handler's own rule (`budgetedEvictionRule`; no answer is built for a
 * pod that goes), or by `decideEviction` for a pod its PUB's webhook judges first and for every
 * refused pod (its answer is shown). Undefined when that cannot be known exactly: a PUB read after
 * an eviction changed it (its controller's reconcile recounts its workloads' pods), or a PDB whose
 * re-sync is not known (see afterEviction). The caller then runs the evictions on a copy.
 */
export function quickRefusals(input: QuickDrainableInput): RefusedNow | undefined {
  const { index, now } = input;
  // Keyed by the index's evaluation: within one call it is the same object for every pod.
  const pdbs = new Map<PdbEvaluation, TrackedPdb>();
  const changedPubs = new Set<PubEvaluation>();
  const refused: RefusedNow = { pods: [] };
  for (const pod of input.toEvict) {
    const covering = index.coveringEvaluations(pod);
    if (covering === undefined) return undefined;
    const annotated = relatedPubName(pod);
    if (covering.length === 0 && annotated === undefined) continue;
    const tracked: TrackedPdb[] = [];
    const views: PdbView[] = [];
    for (const evaluation of covering) {
      if (evaluation.kind !== 'PodDisruptionBudget') continue;
      let t = pdbs.get(evaluation);
      if (!t) {
        t = { evaluation, view: evaluation.synced, inexact: false };
        pdbs.set(evaluation, t);
      }
      if (t.inexact) return undefined;
      tracked.push(t);
      views.push(t.view);
    }
    const pub = annotated === undefined ? undefined : annotatedPub(index, pod, annotated);
    if (pub && changedPubs.has(pub)) return undefined;
    // The index's PDBs of a pod are exactly those the handler finds matching it. A pod its PUB's
    // webhook judges first, and the first refused pod (its answer is shown), are fully decided.
    const rule =
      annotated !== undefined || canIgnorePdb(pod)
        ? undefined
        : budgetedEvictionRule(pod, views, false);
    const goes = canIgnorePdb(pod) || (rule !== undefined && POD_DELETING_RULES.has(rule));
    if (!goes && (rule === undefined || refused.first === undefined)) {
      const decision = decideEviction({
        namespace: pod.namespace,
        podName: pod.name,
        pod,
        pdbs: views,
        pubs: pub ? [pub.synced] : [],
        // The same rules as the real eviction, without building the status it would write.
        options: { dryRun: true },
        now,
      });
      if (!decision.allowed) {
        const ref = podRef(pod);
        refused.pods.push(ref);
        refused.first ??= { pod: ref, decision };
        continue;
      }
    } else if (!goes) {
      refused.pods.push(podRef(pod));
      continue;
    }
    for (const t of tracked) afterEviction(t, pod, now);
    for (const evaluation of covering)
      if (evaluation.kind === 'PodUnavailableBudget') changedPubs.add(evaluation);
    if (pub) changedPubs.add(pub);
  }
  return refused;
}
