// The termination controller's eviction queue (pkg/controllers/node/termination/terminator/
// eviction.go): one pod's reconcile, which evicts it through the eviction API or, once the node's
// terminationGracePeriod leaves it too little time, deletes it past its PDBs and do-not-disrupt.
// The force delete moved into the queue on Karpenter's main branch after v1.14.1 (#3063); releases
// force-delete from the drain itself (Terminator.DeleteExpiringPods), at the same deadline and
// grace period.
import { decideEviction } from '../../eviction/decide.js';
import { MULTIPLE_PDBS_MESSAGE } from '../../eviction/decide-status.js';
import type { PdbView, PubView } from '../../model/budget.js';
import type { PodView } from '../../model/pod.js';
import { nsName } from '../../model/refs.js';
import { formatGoTimeString, NS_PER_SECOND, parseGoTime } from '../go/time.js';
import type { KarpenterEvent } from './events.js';
import { isActive, isEvictable, isTerminating } from './pod-predicates.js';

/** `Queue.Add`'s deadline: the earlier of two, a missing one never replacing one that is set. */
export const earlierDeadline = (
  a: bigint | undefined,
  b: bigint | undefined,
): bigint | undefined => (a === undefined ? b : b === undefined ? a : a < b ? a : b);

const DEFAULT_GRACE_SECONDS = 30;

/**
 * `needsForceDelete`: with a node deadline, a terminating pod whose deletion falls after it, or a
 * running pod whose grace period would run past it (`now > deadline − grace period`).
 */
export function needsForceDelete(
  pod: PodView,
  deadlineNs: bigint | undefined,
  nowNs: bigint,
): boolean {
  if (deadlineNs === undefined) return false;
  if (isTerminating(pod)) {
    const deleting = parseGoTime(pod.deletionTimestamp ?? '');
    return deleting !== undefined && deleting > deadlineNs;
  }
  const grace = BigInt(pod.terminationGracePeriodSeconds ?? DEFAULT_GRACE_SECONDS);
  return nowNs > deadlineNs - grace * NS_PER_SECOND;
}

/** What one reconcile of a queued pod did. */
export type EvictionQueueResult =
  | 'ForceDeleted'
  /** Terminal or terminating: dropped from the queue. */
  | 'Dropped'
  /** do-not-disrupt (or another reason Karpenter would not evict it) in force: requeued. */
  | 'Requeued'
  | 'Evicted'
  /** 429, or 500 for several PDBs: a FailedDraining event on the node, requeued. */
  | 'EvictionBlocked'
  /** 404 or 409: the pod is gone or is another pod now. */
  | 'Gone'
  /** Any other answer: the reconcile errs and is retried. */
  | 'Failed';

export interface EvictionQueueOutcome {
  result: EvictionQueueResult;
  requeue: boolean;
  /** The eviction API's answer (200 when accepted), when it was called. */
  evictionResponseCode?: number;
  /** The force delete's `gracePeriodSeconds`. */
  gracePeriodSeconds?: number;
  events: KarpenterEvent[];
}

export interface EvictionQueueInput {
  pod: PodView;
  /** The PDBs and PUBs of the pod's namespace, as stored: what the eviction API reads. */
  pdbs: readonly PdbView[];
  pubs?: readonly PubView[];
  /** The node's termination deadline (the NodeClaim's terminationGracePeriod run out), if any. */
  deadlineNs?: bigint;
  nowNs: bigint;
  /** The NodeClaim's DisruptionReason condition reason, named in the Evicted event. */
  disruptionReason?: string;
}

/** `Queue.Reconcile` for one queued pod. */
export function reconcileEviction(input: EvictionQueueInput): EvictionQueueOutcome {
  const { pod, deadlineNs, nowNs } = input;
  const events: KarpenterEvent[] = [];
  if (deadlineNs !== undefined && needsForceDelete(pod, deadlineNs, nowNs)) {
    // int64(d.Seconds()): truncated toward zero, then at least 1 s so etcd never deletes at once.
    const remaining = Math.trunc(Number(deadlineNs - nowNs) / 1e9);
    const grace = Math.max(remaining, 1);
    const tgps = pod.terminationGracePeriodSeconds ?? DEFAULT_GRACE_SECONDS;
    events.push({
      reason: 'Disrupted',
      on: 'Pod',
      message: `Deleting the pod to accommodate the terminationTime ${formatGoTimeString(deadlineNs)} of the node. The pod was granted ${grace} seconds of grace-period of its ${tgps} terminationGracePeriodSeconds. This bypasses the PDB of the pod and the do-not-disrupt annotation.`,
    });
    return { result: 'ForceDeleted', requeue: false, gracePeriodSeconds: grace, events };
  }
  if (!isActive(pod)) return { result: 'Dropped', requeue: false, events };
  if (!isEvictable(pod, { nowNs, record: (e) => events.push(e) }))
    return { result: 'Requeued', requeue: true, events };
  const decision = decideEviction({
    namespace: pod.namespace,
    podName: pod.name,
    pod,
    pdbs: input.pdbs,
    pubs: input.pubs ?? [],
    now: new Date(Number(nowNs / 1_000_000n)),
  });
  if (decision.allowed) {
    events.push({
      reason: 'Evicted',
      on: 'Pod',
      message: `Evicted pod: ${input.disruptionReason ?? ''}`,
    });
    return { result: 'Evicted', requeue: false, evictionResponseCode: 200, events };
  }
  const code = decision.code;
  if (code === 404 || code === 409)
    return { result: 'Gone', requeue: false, evictionResponseCode: code, events };
  if (code === 429 || decision.message === MULTIPLE_PDBS_MESSAGE) {
    const why =
      decision.message === MULTIPLE_PDBS_MESSAGE
        ? 'eviction does not support multiple PDBs'
        : 'evicting pod violates a PDB';
    events.push({
      reason: 'FailedDraining',
      on: 'Node',
      message: `Failed to drain node, ${why} (Pod=${nsName(pod)})`,
    });
    return { result: 'EvictionBlocked', requeue: true, evictionResponseCode: code, events };
  }
  return { result: 'Failed', requeue: true, evictionResponseCode: code, events };
}
