// Would Karpenter disrupt a node now: its candidate validation, then its NodePool's budget, read
// from the index (each node's pods and their PDBs) and the snapshot's NodePools and NodeClaims.
import type { PlanStatusSource } from '../../eviction/plan-types.js';
import type { ClusterIndex } from '../../index/cluster-index.js';
import type { PdbView } from '../../model/budget.js';
import type { NodeClaimView, NodePoolView } from '../../model/karpenter.js';
import type { NodeView } from '../../model/node.js';
import { dateNs } from '../go/time.js';
import { firstUnconvertiblePdb } from '../pdb-selectors.js';
import { podWithPdbs, type PodWithPdbs } from '../subject.js';
import { poolBudget, type DisruptionReason, type PoolBudget } from './budgets.js';
import {
  doNotDisruptMessage,
  newCandidate,
  pdbRefusalMessage,
  type CandidateVerdict,
  type DisruptionClass,
} from './candidate.js';
import type { KarpenterClock } from './events.js';
import {
  isInitialized,
  isInstanceTerminating,
  isManaged,
  isMarkedForDeletion,
  NODEPOOL_LABEL,
  stateLabels,
  type StateNode,
} from './node-state.js';
import { pdbEvictability } from './pdb-limits.js';
import {
  DISRUPTED_NO_SCHEDULE_TAINT,
  isDisruptable,
  notEvictedBecause,
  type NotEvictedBecause,
} from './pod-predicates.js';

/** What every node's verdict shares, worked out once. */
export interface KarpenterClusterContext {
  index: ClusterIndex;
  statusSource: PlanStatusSource;
  nowNs: bigint;
  disruptionClass: DisruptionClass;
  claimsByNode: ReadonlyMap<string, NodeClaimView>;
  pools: ReadonlyMap<string, NodePoolView>;
  /** Each NodePool's budget for each reason the disruption class uses. */
  budgets: ReadonlyMap<string, readonly ReasonBudget[]>;
  /** `NewLimits` fails (a PDB whose selector does not convert): the disruption loop stops. */
  loopError?: string;
}

export interface ReasonBudget extends PoolBudget {
  reason: DisruptionReason;
}

/**
 * A Node and its NodeClaim as Karpenter's cluster state holds them. The state's own deletion mark
 * is not in the API: a node tainted `karpenter.sh/disrupted:NoSchedule` (what Karpenter does to a
 * node it is disrupting) counts as marked; nomination is not visible and counts as none.
 */
export function stateNodeOf(
  node: NodeView | undefined,
  claim: NodeClaimView | undefined,
): StateNode {
  const tainted =
    node?.taints.some(
      (t) =>
        t.key === DISRUPTED_NO_SCHEDULE_TAINT.key &&
        t.effect === DISRUPTED_NO_SCHEDULE_TAINT.effect,
    ) ?? false;
  return {
    ...(claim ? { nodeClaim: claim } : {}),
    ...(node
      ? { node: { labels: node.labels, annotations: node.annotations ?? {}, ready: node.ready } }
      : {}),
    markedForDeletion: tainted,
  };
}

/** The reasons a disruption class is budgeted under; WhenEmpty pools do not consolidate busy nodes. */
export function reasonsFor(
  disruptionClass: DisruptionClass,
  pool: NodePoolView,
): DisruptionReason[] {
  if (disruptionClass === 'eventual') return ['Drifted'];
  return pool.consolidationPolicy === 'WhenEmpty' ? ['Empty'] : ['Empty', 'Underutilized'];
}

export interface KarpenterClusterInput {
  index: ClusterIndex;
  nodePools: readonly NodePoolView[];
  nodeClaims: readonly NodeClaimView[];
  now: Date;
  disruptionClass: DisruptionClass;
  /** The PDB status read: as recorded, or as the disruption controller would write it now (default). */
  statusSource?: PlanStatusSource;
}

/** Once per cluster: NodeClaims by node, every NodePool's budget mapping, the PDB listing. */
export function karpenterClusterContext(input: KarpenterClusterInput): KarpenterClusterContext {
  const { index, nodePools, nodeClaims, disruptionClass } = input;
  const nowNs = dateNs(input.now);
  const claimsByNode = new Map<string, NodeClaimView>();
  for (const c of nodeClaims) if (c.nodeName !== undefined) claimsByNode.set(c.nodeName, c);
  const states: StateNode[] = [];
  for (const node of index.nodes()) states.push(stateNodeOf(node, claimsByNode.get(node.name)));
  for (const c of nodeClaims)
    if (c.nodeName === undefined || index.node(c.nodeName) === undefined)
      states.push(stateNodeOf(undefined, c));
  const byPool = new Map<string, StateNode[]>();
  for (const s of states) {
    const pool = stateLabels(s)[NODEPOOL_LABEL];
    if (pool === undefined) continue;
    const list = byPool.get(pool);
    if (list) list.push(s);
    else byPool.set(pool, [s]);
  }
  const budgets = new Map<string, ReasonBudget[]>();
  for (const pool of nodePools) {
    const nodes = (byPool.get(pool.name) ?? []).map((s) => ({
      managed: isManaged(s),
      initialized: isInitialized(s),
      instanceTerminating: isInstanceTerminating(s),
      ready: s.node?.ready ?? false,
      markedForDeletion: isMarkedForDeletion(s),
    }));
    budgets.set(
      pool.name,
      reasonsFor(disruptionClass, pool).map((reason) => ({
        reason,
        ...poolBudget(pool, nodes, reason, nowNs),
      })),
    );
  }
  const pdbs: PdbView[] = [];
  for (const e of index.budgets()) if (e.kind === 'PodDisruptionBudget') pdbs.push(e.budget);
  const bad = firstUnconvertiblePdb(pdbs);
  return {
    index,
    statusSource: input.statusSource ?? 'recomputed',
    nowNs,
    disruptionClass,
    claimsByNode,
    pools: new Map(nodePools.map((p) => [p.name, p])),
    budgets,
    ...(bad !== undefined
      ? { loopError: `${bad.error}; Karpenter's disruption loop fails listing PDBs` }
      : {}),
  };
}

/** One pod as Karpenter's checks see it, for display. */
export interface KarpenterPodCheck {
  pod: PodWithPdbs['pod'];
  /** The check that refuses it: do-not-disrupt (`IsDisruptable`) or its PDBs (`CanEvictPods`). */
  check?: 'IsDisruptable' | 'CanEvictPods';
  /** The error this pod alone would make the candidate fail with. */
  blocks?: string;
  /** Why Karpenter would not evict it (its PDBs then do not matter). */
  notEvicted?: NotEvictedBecause;
}

/** What Karpenter would do with one node now. */
export interface KarpenterNodeVerdict {
  node: string;
  /** A candidate, and its NodePool's budget allows a disruption for some reason of the class. */
  removable: boolean;
  loopError?: string;
  candidate: CandidateVerdict;
  /** The node's NodePool and its budget by reason, when the node names an existing pool. */
  budget?: { pool: string; reasons: readonly ReasonBudget[]; blocked: boolean };
  /** With `explainPods`: each pod's own check, in order. */
  pods: KarpenterPodCheck[];
}

function podCheck(subject: PodWithPdbs, nowNs: bigint): KarpenterPodCheck {
  // Display only: no events recorded.
  const clock: KarpenterClock = { nowNs };
  const { pod } = subject;
  if (!isDisruptable(pod, clock))
    return { pod, check: 'IsDisruptable', blocks: doNotDisruptMessage(pod) };
  const r = pdbEvictability(subject, clock, 'zeroDisruptions');
  if (!r.evictable) return { pod, check: 'CanEvictPods', blocks: pdbRefusalMessage(r.pdbs) };
  const because = notEvictedBecause(pod, clock);
  return because === undefined ? { pod } : { pod, notEvicted: because };
}

/**
 * `NewCandidate` for the node, then its NodePool's entry of `BuildDisruptionBudgetMapping` for the
 * class's reasons: removable when it is a candidate and some reason's budget allows a disruption.
 * Whether consolidation finds it worth replacing, or drift has happened, is not judged here.
 */
export function karpenterNodeVerdict(
  cluster: KarpenterClusterContext,
  nodeName: string,
  explainPods = false,
): KarpenterNodeVerdict {
  const { index, nowNs } = cluster;
  const state = stateNodeOf(index.node(nodeName), cluster.claimsByNode.get(nodeName));
  const pods = index
    .podsOnNodeWithBudgets(nodeName)
    .map((e) => podWithPdbs(e, cluster.statusSource));
  const candidate = newCandidate({
    state,
    pods,
    nodePoolExists: (name) => cluster.pools.has(name),
    disruptionClass: cluster.disruptionClass,
    nowNs,
  });
  const poolName = stateLabels(state)[NODEPOOL_LABEL];
  const reasons = poolName === undefined ? undefined : cluster.budgets.get(poolName);
  const budget =
    poolName === undefined || reasons === undefined
      ? undefined
      : { pool: poolName, reasons, blocked: reasons.every((r) => r.allowed === 0) };
  return {
    node: nodeName,
    removable:
      cluster.loopError === undefined &&
      candidate.disruptable &&
      budget !== undefined &&
      !budget.blocked,
    ...(cluster.loopError !== undefined ? { loopError: cluster.loopError } : {}),
    candidate,
    ...(budget ? { budget } : {}),
    pods: explainPods ? pods.map((p) => podCheck(p, nowNs)) : [],
  };
}
