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
import { LoadBuckets } from './load-buckets.js';
import type { Result } from '../result/index.js';

/** Why the scheduler leaves a pod Pending. */
export interface Unplaced {
  /** kube-scheduler's event message, e.g. `0/6 nodes are available: 6 node(s) were unschedulable.` */
  message: string;
  /** Why each node refused it, by node name. */
  reasons: ReadonlyMap<string, UnfitReason>;
}

interface Slot {
  node: NodeView;
  /** The node's allocatable, parsed once. */
  alloc: NodeAllocatable | undefined;
  used: NodeUsage;
}

/** The scheduler counts every pod bound to a node except the ones that have finished. */
export const occupiesNode = (pod: PodView): boolean =>
  pod.phase !== 'Succeeded' && pod.phase !== 'Failed';

const CLOSED: UnfitReason = { kind: 'unschedulable', message: 'node(s) were unschedulable' };

/**
 * The free capacity of every node, as the scheduler sees it, that placements use up, and the
 * scheduler itself (`place`): drains and upgrade forecasts bind replacements through it. Pure and
 * cheap to copy (one small record per node), so a forecast can try a step on a copy.
 */
export class CapacityLedger {
  private constructor(
    private readonly slots: Map<string, Slot>,
    /** Every pod bound to each node, finished ones too, as the simulator's scheduler counts them. */
    private readonly load: LoadBuckets,
  ) {}

  /** From the cluster's nodes and the pods bound to each. */
  static of(input: {
    nodes: Iterable<NodeView>;
    podsOnNode: (name: string) => Iterable<PodView>;
  }): CapacityLedger {
    const slots = new Map<string, Slot>();
    const load = new LoadBuckets();
    for (const node of input.nodes) {
      const used: NodeUsage = { cpuMilli: 0, memoryBytes: 0, pods: 0 };
      let bound = 0;
      for (const pod of input.podsOnNode(node.name)) {
        bound++;
        if (occupiesNode(pod)) addUsage(used, pod.scheduling, 1);
      }
      slots.set(node.name, { node, alloc: allocatableOf(node), used });
      load.add(node.name, bound, true);
    }
    return new CapacityLedger(slots, load);
  }

  copy(): CapacityLedger {
    const slots = new Map<string, Slot>();
    for (const [name, s] of this.slots) slots.set(name, { ...s, used: { ...s.used } });
    return new CapacityLedger(slots, this.load.copy());
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

  /**
   * The node takes no new pod at all, whatever it tolerates: an upgrade drains it and replaces
   * it, so nothing is placed there (a cordon alone still lets a pod tolerating it in).
   */
  close(name: string): void {
    this.load.close(name);
  }

  /** A node joins (a surge node, an upgraded one), empty unless pods are bound to it later. */
  addNode(node: NodeView): void {
    this.slots.set(node.name, {
      node,
      alloc: allocatableOf(node),
      used: { cpuMilli: 0, memoryBytes: 0, pods: 0 },
    });
    this.load.add(node.name, 0, true);
  }

  removeNode(name: string): void {
    this.slots.delete(name);
    this.load.remove(name);
  }

  /** Why this node cannot take the pod now; undefined when it can. */
  unfit(pod: PodScheduling | undefined, name: string): UnfitReason | undefined {
    const s = this.slots.get(name);
    if (!s) return undefined;
    return staticUnfit(pod, s.node) ?? resourcesUnfit(pod, s.alloc, s.used);
  }

  /**
   * Binds the pod where it fits, using up that node's capacity: among the nodes that can take it,
   * the one with the fewest pods (ties by name), as the simulator's scheduler picks; undefined
   * when none can. kube-scheduler scores differently, but only whether some node fits decides a
   * drain. The emptiest nodes are tried first, so a placement rarely looks at every node.
   */
  bindSomewhere(pod: PodScheduling | undefined): string | undefined {
    const node = this.load.find((name) => this.unfit(pod, name) === undefined);
    if (node !== undefined) this.bind(pod, node);
    return node;
  }

  /** `bindSomewhere`, with kube-scheduler's reasons for each node when none can take the pod. */
  place(pod: PodScheduling | undefined): Result<string, Unplaced> {
    const node = this.bindSomewhere(pod);
    if (node !== undefined) return { ok: true, value: node };
    const reasons = new Map<string, UnfitReason>();
    for (const name of this.slots.keys()) reasons.set(name, this.unfit(pod, name) ?? CLOSED);
    return {
      ok: false,
      error: { message: unavailableMessage(this.slots.size, [...reasons.values()]), reasons },
    };
  }

  /** Binds the pod to this node whether it fits or not (what is already running there). */
  bind(pod: PodScheduling | undefined, name: string): void {
    const s = this.slots.get(name);
    if (!s) return;
    addUsage(s.used, pod, 1);
    this.load.adjust(name, 1);
  }

  /** The pod left the node: its requests are free again. */
  release(pod: PodScheduling | undefined, name: string): void {
    const s = this.slots.get(name);
    if (!s) return;
    addUsage(s.used, pod, -1);
    this.load.adjust(name, -1);
  }
}

/** A pod's requests (and its one pod slot) added to, or taken from, what a node's pods use. */
export function addUsage(used: NodeUsage, pod: PodScheduling | undefined, sign: 1 | -1): void {
  used.pods += sign;
  used.cpuMilli += sign * (pod?.requests?.cpuMilli ?? 0);
  used.memoryBytes += sign * (pod?.requests?.memoryBytes ?? 0);
}
