// Karpenter's PDB limits (pkg/utils/pdb/pdb.go): which of a node's pods its PDBs keep from being
// evicted, read from each PDB's stored status and spec.
import type { PdbView } from '../../model/budget.js';
import type { PodWithPdbs } from '../subject.js';
import type { KarpenterClock } from './events.js';
import { isDisruptable, isEvictable, isReschedulable } from './pod-predicates.js';

/** What makes a PDB blocking: no disruption allowed now, or a spec that never allows one. */
export type EvictionBlocker = 'zeroDisruptions' | 'fullyBlocking';

/** A PDB's `client.ObjectKey` as Karpenter prints it: `namespace/name`. */
export const pdbKey = (pdb: PdbView): string => `${pdb.namespace}/${pdb.name}`;

/** maxUnavailable `0` or `"0%"`, or minAvailable `"100%"`: a PDB that never allows an eviction. */
export function isFullyBlocking(pdb: PdbView): boolean {
  const { maxUnavailable, minAvailable } = pdb.spec;
  return maxUnavailable === 0 || maxUnavailable === '0%' || minAvailable === '100%';
}

/** Whether the pod's PDBs let it be evicted, and the keys of those that do not. */
export interface PdbEvictability {
  readonly evictable: boolean;
  readonly pdbs: readonly string[];
}

const EVICTABLE: PdbEvictability = Object.freeze({ evictable: true, pdbs: Object.freeze([]) });

/**
 * `Limits.isEvictable`: a pod Karpenter would not evict anyway passes; one under several PDBs is
 * refused whatever their budgets (the eviction API refuses it); under one PDB it passes when that
 * PDB lets unhealthy pods go and the pod has a Ready=False condition, and is refused by the
 * blocker's test otherwise.
 */
export function pdbEvictability(
  { pod, pdbs }: PodWithPdbs,
  clock: KarpenterClock,
  blocker: EvictionBlocker,
): PdbEvictability {
  if (!isEvictable(pod, clock)) return EVICTABLE;
  if (pdbs.length > 1) return { evictable: false, pdbs: pdbs.map(pdbKey) };
  const pdb = pdbs[0];
  if (pdb === undefined) return EVICTABLE;
  if (pdb.spec.unhealthyPodEvictionPolicy === 'AlwaysAllow' && pod.readyFalse) return EVICTABLE;
  const blocks =
    blocker === 'zeroDisruptions' ? pdb.status.disruptionsAllowed === 0 : isFullyBlocking(pdb);
  return blocks ? { evictable: false, pdbs: [pdbKey(pdb)] } : EVICTABLE;
}

/** What `CanEvictPods` answers. */
export interface CanEvict {
  readonly canEvict: boolean;
  /** The first refused pod's PDB keys. */
  readonly blockingPdbs: readonly string[];
}

/**
 * `Limits.CanEvictPods`: every pod passes its PDBs as they stand (budgets are not used up from
 * one pod to the next); the first pod refused answers, with its PDB keys.
 */
export function canEvictPods(pods: Iterable<PodWithPdbs>, clock: KarpenterClock): CanEvict {
  for (const subject of pods) {
    const r = pdbEvictability(subject, clock, 'zeroDisruptions');
    if (!r.evictable) return { canEvict: false, blockingPdbs: r.pdbs };
  }
  return { canEvict: true, blockingPdbs: [] };
}

/**
 * `Limits.IsCurrentlyReschedulable`: Karpenter would provision for the pod now: reschedulable,
 * disruptable, and no PDB that never allows its eviction.
 */
export function isCurrentlyReschedulable(subject: PodWithPdbs, clock: KarpenterClock): boolean {
  const fullyBlocked = !pdbEvictability(subject, clock, 'fullyBlocking').evictable;
  return isReschedulable(subject.pod) && isDisruptable(subject.pod, clock) && !fullyBlocked;
}
