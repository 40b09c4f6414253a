// What `pdbscope scale-down` and a node's page report, built from the engine's verdicts (the same functions the
// oracle runs): one row per pod with the rule that decided it, what blocks, and a verdict.
import type { ClusterIndex } from '../../index/cluster-index.js';
import type { NodeClaimView, NodePoolView } from '../../model/karpenter.js';
import {
  caClusterContext,
  caNodeVerdict,
  isListedPod,
  listedKinds,
  type CaNodeVerdict,
  type NodeDeleteOptions,
  type PodDecision,
} from '../cluster-autoscaler/index.js';
import { formatGoDuration } from '../go/duration.js';
import {
  karpenterClusterContext,
  karpenterNodeVerdict,
  sentence,
  type DisruptionClass,
  type KarpenterNodeVerdict,
  type NotEvictedBecause,
} from '../karpenter/index.js';
import type { PlanStatusSource } from '../../eviction/plan-types.js';
import { nsName } from '../../model/refs.js';

export type Autoscaler = 'cluster-autoscaler' | 'karpenter';

/** What the autoscalers' reports read: the index at its time, and Karpenter's objects when listed. */
export interface ActorCluster {
  index: ClusterIndex;
  now: Date;
  /** Undefined: the input did not list them (a snapshot without Karpenter's kinds). */
  nodePools?: readonly NodePoolView[];
  nodeClaims?: readonly NodeClaimView[];
}

/** One pod of the node and what the autoscaler made of it. */
export interface ScaleDownPodRow {
  pod: string;
  /** move, daemonset, on-completion, skip, blocks, not-examined, not-listed (CA); blocks, evict, not-evicted (Karpenter). */
  result: string;
  /** The rule that decided (CA), `-` when none did. */
  rule: string;
  /** CA's outcome (`BlockDrain/NotEnoughPdb`), or Karpenter's check. */
  outcome: string;
  /** CA's error, Karpenter's message. */
  detail: string;
}

export interface ScaleDownReport {
  autoscaler: Autoscaler;
  node: string;
  now: string;
  /** The autoscaler's flags or disruption class, as it would run. */
  settings: string;
  /** The PDB status read: `recomputed` (what the disruption controller would write now) or `stored`. */
  statusSource: PlanStatusSource;
  removable: boolean;
  /** One sentence: why the node can go, or what keeps it. */
  verdict: string;
  pods: ScaleDownPodRow[];
  /** CA's blocking pod, or Karpenter's DisruptionBlocked text. */
  blocking?: { pod?: string; reason: string; message: string };
  /** Karpenter: the node's NodePool budget by reason. */
  budget?: {
    pool: string;
    reasons: {
      reason: string;
      allowed: number;
      budgetAllows: number;
      nodes: number;
      disrupting: number;
    }[];
  };
  notes: string[];
}

const WORKLOAD_KINDS = ['ReplicationController', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job'];

function caSettings(o: NodeDeleteOptions): string {
  return [
    `--skip-nodes-with-system-pods=${o.skipNodesWithSystemPods}`,
    `--skip-nodes-with-local-storage=${o.skipNodesWithLocalStorage}`,
    `--skip-nodes-with-custom-controller-pods=${o.skipNodesWithCustomControllerPods}`,
    `--min-replica-count=${o.minReplicaCount}`,
    `--blocking-system-pod-distruption-timeout=${formatGoDuration(o.bspDisruptionTimeoutNs)}`,
  ].join(' ');
}

const CA_RESULT: Record<string, string> = {
  UndefinedOutcome: 'move',
  DrainOk: 'move',
  WaitForCompletion: 'on-completion',
  SkipDrain: 'skip',
  BlockDrain: 'blocks',
};

function caRow(d: PodDecision, daemonSet: boolean, examined: boolean): ScaleDownPodRow {
  const { outcome, blockingReason, error } = d.status;
  const result = CA_RESULT[outcome] ?? outcome;
  return {
    pod: nsName(d.pod),
    result: !examined ? 'not-examined' : result === 'move' && daemonSet ? 'daemonset' : result,
    rule: d.rule ?? '-',
    outcome: outcome === 'BlockDrain' ? `BlockDrain/${blockingReason}` : outcome,
    detail: error ?? '',
  };
}

/** The Cluster Autoscaler's drainability verdict on the node, as a report. */
export function caScaleDownReport(
  cluster: ActorCluster,
  node: string,
  options: NodeDeleteOptions,
  statusSource: PlanStatusSource,
): ScaleDownReport {
  const context = caClusterContext({
    index: cluster.index,
    options,
    now: cluster.now,
    statusSource,
  });
  const v: CaNodeVerdict = caNodeVerdict(context, node, true);
  const info = v.moveInfo;
  const daemonSets = new Set(info.daemonSetPods);
  const pods = [
    ...info.decisions.map((d) => caRow(d, daemonSets.has(d.pod), true)),
    ...v.notExamined.map((d) => caRow(d, false, false)),
    ...cluster.index
      .podsOnNode(node)
      .filter((p) => !isListedPod(p))
      .map((p) => ({
        pod: nsName(p),
        result: 'not-listed',
        rule: '-',
        outcome: '-',
        detail: `${p.phase} pods are not in CA's pod lister`,
      })),
  ];
  const blocking = info.blockingPod;
  const verdict = v.loopError
    ? `Cluster Autoscaler removes no node: ${v.loopError}.`
    : blocking
      ? `Cluster Autoscaler keeps node ${node}: pod ${nsName(blocking.pod)} blocks it (${blocking.reason}: ${blocking.error}).`
      : `Cluster Autoscaler's drainability check lets node ${node} go: ${info.podsToMove.length} pod(s) to move, ${info.daemonSetPods.length} DaemonSet pod(s), ${info.onCompletionPods.length} left to complete.`;
  const listed = listedKinds(cluster.index);
  const notes = options.skipNodesWithCustomControllerPods
    ? WORKLOAD_KINDS.filter((k) => !listed.has(k)).map(
        (k) => `the snapshot has no ${k}: ReplicaCount takes a ${k} controller as present`,
      )
    : [];
  notes.push('utilization, node-group sizes and scale-down delays are not judged');
  return {
    autoscaler: 'cluster-autoscaler',
    node,
    now: cluster.now.toISOString(),
    settings: caSettings(options),
    statusSource,
    removable: v.removable,
    verdict,
    pods,
    ...(blocking
      ? {
          blocking: { pod: nsName(blocking.pod), reason: blocking.reason, message: blocking.error },
        }
      : {}),
    notes,
  };
}

const NOT_EVICTED: Record<NotEvictedBecause, string> = {
  terminal: 'terminal: not evicted',
  terminating: 'terminating: not evicted',
  'tolerates-disruption-taint': 'tolerates karpenter.sh/disrupted:NoSchedule: not evicted',
  'mirror-pod': 'a mirror pod (owned by its Node): not evicted',
  'do-not-disrupt': 'do-not-disrupt in force: not evicted',
};

function karpenterVerdict(v: KarpenterNodeVerdict, node: string, cls: DisruptionClass): string {
  if (v.loopError) return `Karpenter disrupts no node: ${v.loopError}.`;
  const c = v.candidate;
  if (!c.disruptable)
    return `Karpenter does not disrupt node ${node}: ${c.event ?? sentence(c.message ?? '')}.`;
  const b = v.budget;
  if (b === undefined)
    return `Karpenter does not disrupt node ${node}: its NodePool has no budget.`;
  if (b.blocked)
    return `Karpenter does not disrupt node ${node} now: NodePool ${b.pool}'s budget allows no disruption for ${b.reasons.map((r) => r.reason).join(' or ')} (${b.reasons.map((r) => `${r.reason}: ${r.budgetAllows} of ${r.nodes} node(s), ${r.disrupting} disrupting`).join('; ')}).`;
  const open = b.reasons.filter((r) => r.allowed > 0);
  return `Karpenter may disrupt node ${node} (${cls}): it is a candidate${c.ignored ? ` (${c.ignored.message}: ignored, the NodeClaim has a terminationGracePeriod)` : ''} and NodePool ${b.pool}'s budget allows ${open.map((r) => `${r.allowed} for ${r.reason}`).join(', ')}.`;
}

/**
 * What Karpenter publishes about the refusal: DisruptionBlocked on the Node and NodeClaim, or on
 * the NodePool when a budget allows nothing at all (none when the budget is used up by nodes
 * already disrupting, or for a node it does not manage).
 */
function blockingOf(
  v: KarpenterNodeVerdict,
): { blocking: NonNullable<ScaleDownReport['blocking']> } | undefined {
  const c = v.candidate;
  if (!c.disruptable) {
    const pod = c.blocking?.pod;
    return c.event !== undefined
      ? { blocking: { ...(pod ? { pod } : {}), reason: 'DisruptionBlocked', message: c.event } }
      : { blocking: { reason: 'NotACandidate', message: c.message ?? '' } };
  }
  const b = v.budget;
  if (!b?.blocked) return undefined;
  const zero = b.reasons.find((r) => r.budgetAllows === 0 && r.nodes !== 0);
  return {
    blocking: zero
      ? {
          reason: 'DisruptionBlocked',
          message: `No allowed disruptions for disruption reason ${zero.reason} due to blocking budget`,
        }
      : {
          reason: 'BudgetUsedUp',
          message: `NodePool ${b.pool}'s budget is taken by nodes already disrupting`,
        },
  };
}

/** Karpenter's candidate validation and budget on the node, as a report. */
export function karpenterScaleDownReport(
  cluster: ActorCluster,
  node: string,
  cls: DisruptionClass,
  statusSource: PlanStatusSource,
): ScaleDownReport {
  const context = karpenterClusterContext({
    index: cluster.index,
    nodePools: cluster.nodePools ?? [],
    nodeClaims: cluster.nodeClaims ?? [],
    now: cluster.now,
    disruptionClass: cls,
    statusSource,
  });
  const v = karpenterNodeVerdict(context, node, true);
  const pods = v.pods.map((p) => ({
    pod: nsName(p.pod),
    result:
      p.blocks !== undefined ? 'blocks' : p.notEvicted !== undefined ? 'not-evicted' : 'evict',
    rule: '-',
    outcome: p.check ?? (p.notEvicted !== undefined ? NOT_EVICTED[p.notEvicted] : 'evictable'),
    detail: p.blocks ?? '',
  }));
  const notes: string[] = [];
  if (cluster.nodeClaims === undefined)
    notes.push('the snapshot has no NodeClaims: add `kubectl get nodeclaims,nodepools -o yaml`');
  notes.push(
    'nominations and disruptions in flight are not in the API; whether consolidation pays, or drift happened, is not judged',
  );
  return {
    autoscaler: 'karpenter',
    node,
    now: cluster.now.toISOString(),
    settings: `--disruption-class=${cls}`,
    statusSource,
    removable: v.removable,
    verdict: karpenterVerdict(v, node, cls),
    pods,
    ...(blockingOf(v) ?? {}),
    ...(v.budget
      ? {
          budget: {
            pool: v.budget.pool,
            reasons: v.budget.reasons.map((r) => ({
              reason: r.reason,
              allowed: r.allowed,
              budgetAllows: r.budgetAllows,
              nodes: r.nodes,
              disrupting: r.disrupting,
            })),
          },
        }
      : {}),
    notes,
  };
}
