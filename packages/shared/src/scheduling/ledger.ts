import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';
import type { NodeAllocatable, PodScheduling } from '../model/scheduling.js';
import {
  allocatableOf,
  resourcesUnfit,
  staticUnfit,
  unavailableMessage,
  type NodeUsage,
  type UnfitReason,
} from './fit.js';

/** Where the scheduler would bind a pod, or why it stays Pending. */
export type Placement =
  | { ok: true; node: string }
  | {
      ok: false;
      /** kube-scheduler's event message, e.g. `0/6 nodes are available: 6 node(s) were unschedulable.` */
      message: string;
      /** Why each node refused it, by node name. */
      reasons: ReadonlyMap<string, UnfitReason>;
    };

interface Slot {
  node: NodeView;
  /** The node's allocatable, parsed once. */
  alloc: NodeAllocatable | undefined;
  used: NodeUsage;
}

/** The scheduler counts every pod bound to a node except the ones that have finished. */
const counts = (pod: PodView): boolean => pod.phase !== 'Succeeded' && pod.phase !== 'Failed';

/**
 * The free capacity of every node, as the scheduler sees it, that placements use up. Pure and
 * cheap to copy (one small record per node), so a forecast can try a step on a copy.
 */
export class CapacityLedger {
  private constructor(private readonly slots: Map<string, Slot>) {}

  /** From the cluster's nodes and the pods bound to each. */
  static of(input: {
    nodes: Iterable<NodeView>;
    podsOnNode: (name: string) => Iterable<PodView>;
  }): CapacityLedger {
    const slots = new Map<string, Slot>();
    for (const node of input.nodes) {
      const used: NodeUsage = { cpuMilli: 0, memoryBytes: 0, pods: 0 };
      for (const pod of input.podsOnNode(node.name)) if (counts(pod)) add(used, pod.scheduling, 1);
      slots.set(node.name, { node, alloc: allocatableOf(node), used });
    }
    return new CapacityLedger(slots);
  }

  copy(): CapacityLedger {
    const slots = new Map<string, Slot>();
    for (const [name, s] of this.slots) slots.set(name, { ...s, used: { ...s.used } });
    return new CapacityLedger(slots);
  }

  node(name: string): NodeView | undefined {
    return this.slots.get(name)?.node;
  }

  nodeNames(): string[] {
    return [...this.slots.keys()];
  }

  /** What the pods bound to the node request. */
  usage(name: string): NodeUsage | undefined {
    const s = this.slots.get(name);
    return s && { ...s.used };
  }

  /** `kubectl cordon`: the node takes no new pods. */
  cordon(name: string): void {
    const s = this.slots.get(name);
    if (s) s.node = { ...s.node, unschedulable: true };
  }

  /** A node joins (a surge node, an upgraded one), empty unless pods are bound to it later. */
  addNode(node: NodeView): void {
    this.slots.set(node.name, {
      node,
      alloc: allocatableOf(node),
      used: { cpuMilli: 0, memoryBytes: 0, pods: 0 },
    });
  }

  removeNode(name: string): void {
    this.slots.delete(name);
  }

  /** Why this node cannot take the pod now; undefined when it can. */
  unfit(pod: PodScheduling | undefined, name: string): UnfitReason | undefined {
    const s = this.slots.get(name);
    if (!s) return undefined;
    return staticUnfit(pod, s.node) ?? resourcesUnfit(pod, s.alloc, s.used);
  }

  /**
   * Binds the pod where it fits, using up that node's capacity: among the nodes that can take it,
   * the one with the fewest pods (ties by name), as the simulator's scheduler picks. kube-scheduler
   * scores differently, but only whether some node fits decides a drain.
   */
  place(pod: PodScheduling | undefined): Placement {
    let best: Slot | undefined;
    const reasons = new Map<string, UnfitReason>();
    for (const [name, s] of this.slots) {
      const why = staticUnfit(pod, s.node) ?? resourcesUnfit(pod, s.alloc, s.used);
      if (why) reasons.set(name, why);
      else if (
        best === undefined ||
        s.used.pods < best.used.pods ||
        (s.used.pods === best.used.pods && name < best.node.name)
      )
        best = s;
    }
    if (!best)
      return {
        ok: false,
        message: unavailableMessage(this.slots.size, [...reasons.values()]),
        reasons,
      };
    add(best.used, pod, 1);
    return { ok: true, node: best.node.name };
  }

  /** Binds the pod to this node whether it fits or not (what is already running there). */
  bind(pod: PodScheduling | undefined, name: string): void {
    const s = this.slots.get(name);
    if (s) add(s.used, pod, 1);
  }

  /** The pod left the node: its requests are free again. */
  release(pod: PodScheduling | undefined, name: string): void {
    const s = this.slots.get(name);
    if (s) add(s.used, pod, -1);
  }
}

function add(used: NodeUsage, pod: PodScheduling | undefined, sign: 1 | -1): void {
  used.pods += sign;
  used.cpuMilli += sign * (pod?.requests?.cpuMilli ?? 0);
  used.memoryBytes += sign * (pod?.requests?.memoryBytes ?? 0);
}
