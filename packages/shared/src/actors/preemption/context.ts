import type { NodeView } from '../../model/node.js';
import type { PodView } from '../../model/pod.js';
import type { NodeAllocatable } from '../../model/scheduling.js';
import {
  allocatableOf,
  filterStatus,
  type FilterStatus,
  type NodeUsage,
} from '../../scheduling/fit.js';
import { addUsage, occupiesNode } from '../../scheduling/ledger.js';
import { rankPod, type RankedPod } from './importance.js';
import { PdbBudgets } from './pdb-violation.js';
import type { PreemptionCluster } from './types.js';

const samePod = (a: PodView, b: PodView): boolean =>
  a.namespace === b.namespace && a.name === b.name;

/** A node as one decision sees it: what its pods, and pods nominated to it, use. */
export interface NodeRoom {
  node: NodeView;
  alloc: NodeAllocatable | undefined;
  /** What the bound pods that still take room request, plus the nominated pods to leave room for. */
  used: NodeUsage;
  /** The pods bound to the node, as the cluster lists them (finished ones included). */
  bound: readonly PodView[];
}

// A node's allocatable is parsed once per node object, not once per decision.
const allocatables = new WeakMap<NodeView, NodeAllocatable | undefined>();

function allocatable(node: NodeView): NodeAllocatable | undefined {
  if (allocatables.has(node)) return allocatables.get(node);
  const alloc = allocatableOf(node);
  allocatables.set(node, alloc);
  return alloc;
}

/**
 * What one preemption decision works out once and every node it tries reads: the preemptor's
 * priority, each pod's rank and covering PDBs (on first use), each node's room.
 */
export class PreemptionContext {
  readonly priority: number;
  readonly budgets: PdbBudgets;
  private readonly ranks = new Map<PodView, RankedPod>();
  private readonly rooms = new Map<NodeView, NodeRoom>();

  constructor(
    readonly cluster: PreemptionCluster,
    readonly preemptor: PodView,
  ) {
    this.priority = this.rank(preemptor).priority;
    this.budgets = new PdbBudgets(cluster.pdbs, cluster.pdbsOfPod);
  }

  rank(pod: PodView): RankedPod {
    let r = this.ranks.get(pod);
    if (r === undefined) {
      r = rankPod(pod, this.cluster.classes);
      this.ranks.set(pod, r);
    }
    return r;
  }

  /**
   * `RunFilterPluginsWithNominatedPods` counts the pods nominated to the node whose priority is at
   * least the preemptor's (a higher-priority pod already made room there); its second pass without
   * them can only fit more easily, so the first decides.
   */
  room(node: NodeView): NodeRoom {
    let room = this.rooms.get(node);
    if (room === undefined) {
      room = this.measure(node);
      this.rooms.set(node, room);
    }
    return room;
  }

  private measure(node: NodeView): NodeRoom {
    const bound = this.cluster.podsOnNode(node.name);
    const used: NodeUsage = { cpuMilli: 0, memoryBytes: 0, pods: 0 };
    for (const p of bound) if (occupiesNode(p)) addUsage(used, p.scheduling, 1);
    for (const p of this.cluster.nominatedPods?.(node.name) ?? [])
      if (!samePod(p, this.preemptor) && this.rank(p).priority >= this.priority)
        addUsage(used, p.scheduling, 1);
    return { node, alloc: allocatable(node), used, bound };
  }

  /** The filters' answer for the preemptor on the node with this much in use. */
  status(room: NodeRoom, used: NodeUsage = room.used): FilterStatus {
    return filterStatus({
      pod: this.preemptor.scheduling,
      ...(this.preemptor.nodeName !== undefined ? { nodeName: this.preemptor.nodeName } : {}),
      node: room.node,
      alloc: room.alloc,
      used,
    });
  }
}
