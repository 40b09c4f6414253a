import type { PlanStatusSource } from '../../eviction/plan-types.js';
import type { ClusterIndex } from '../../index/cluster-index.js';
import type { PdbView } from '../../model/budget.js';
import { dateNs } from '../go/time.js';
import { podWithPdbs } from '../subject.js';
import { defaultRules, drainable } from './chain.js';
import type { ControllerListers, DrainContext, DrainSubject } from './context.js';
import { controllerListers } from './listers.js';
import type { NodeDeleteOptions } from './options.js';
import { setPdbs } from './pdb-tracker.js';
import { isListedPod } from './pod-predicates.js';
import { getPodsToMove, type PodDecision, type PodMoveInfo } from './pods-to-move.js';
import type { DrainabilityRule } from './rules.js';

/** What Cluster Autoscaler's drainability check says about removing one node now. */
export interface CaNodeVerdict {
  node: string;
  /** No pod blocks, and CA's loop can run at all. */
  removable: boolean;
  /** The loop fails before scale-down: a PDB whose selector does not convert (CA's `SetPdbs`). */
  loopError?: string;
  moveInfo: PodMoveInfo;
  /** With `explainAll`: the pods after the blocking one, which CA does not examine, as the chain would judge them. */
  notExamined: PodDecision[];
}

/** What every node's verdict shares: the rules, the listers, the time, the loop's precondition. */
export interface CaClusterContext {
  index: ClusterIndex;
  statusSource: PlanStatusSource;
  rules: readonly DrainabilityRule[];
  ctx: DrainContext;
  loopError?: string;
}

/**
 * A node's pods as CA's pod lister has them (Succeeded and Failed pods are not listed), each with
 * its PDBs. Read from the index's per-node list, never a scan of every pod.
 */
function* subjectsOnNode(cluster: CaClusterContext, node: string): Generator<DrainSubject> {
  for (const entry of cluster.index.podsOnNodeWithBudgets(node))
    if (isListedPod(entry.pod)) yield podWithPdbs(entry, cluster.statusSource);
}

/** The kinds of workload the index holds at least one of (what the snapshot listed). */
export function listedKinds(index: ClusterIndex): Set<string> {
  const kinds = new Set<string>();
  for (const w of index.workloads()) kinds.add(w.kind);
  return kinds;
}

/** CA's `SetPdbs` over every PDB: its error fails the whole loop. */
function pdbTrackerError(index: ClusterIndex): string | undefined {
  const pdbs: PdbView[] = [];
  for (const e of index.budgets()) if (e.kind === 'PodDisruptionBudget') pdbs.push(e.budget);
  const { error } = setPdbs(pdbs);
  return error === undefined ? undefined : `${error}; CA's loop fails before scale-down`;
}

/** What every node's verdict is worked out with. */
export interface CaClusterInput {
  index: ClusterIndex;
  options: NodeDeleteOptions;
  now: Date;
  /** The PDB status read: as recorded, or as the disruption controller would write it now (default). */
  statusSource?: PlanStatusSource;
  /** CA's listers; by default the index's workloads, kinds it holds none of counting as not listed. */
  listers?: ControllerListers;
}

/** Once per cluster and option set: shared by every node's verdict. */
export function caClusterContext(input: CaClusterInput): CaClusterContext {
  const { index, options, now } = input;
  const listers = input.listers ?? controllerListers(index.workloadLookup(), listedKinds(index));
  const loopError = pdbTrackerError(index);
  return {
    index,
    statusSource: input.statusSource ?? 'recomputed',
    rules: defaultRules(options),
    ctx: { nowNs: dateNs(now), listers },
    ...(loopError !== undefined ? { loopError } : {}),
  };
}

/**
 * Would the Cluster Autoscaler's drainability check let `node` go now: `GetPodsToMove` over its
 * pods with the default rules. Utilization, node-group sizes and scale-down delays are not
 * judged here.
 */
export function caNodeVerdict(
  cluster: CaClusterContext,
  node: string,
  explainAll = false,
): CaNodeVerdict {
  const { rules, ctx, loopError } = cluster;
  const moveInfo = getPodsToMove(subjectsOnNode(cluster, node), rules, ctx);
  const notExamined: PodDecision[] = [];
  if (explainAll && moveInfo.blockingPod !== undefined) {
    let after = false;
    for (const subject of subjectsOnNode(cluster, node)) {
      if (after) notExamined.push({ pod: subject.pod, ...drainable(rules, subject, ctx) });
      else after = subject.pod === moveInfo.blockingPod.pod;
    }
  }
  return {
    node,
    removable: loopError === undefined && moveInfo.blockingPod === undefined,
    ...(loopError !== undefined ? { loopError } : {}),
    moveInfo,
    notExamined,
  };
}
