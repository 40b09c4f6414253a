import { readPodScheduling, type NodeUsage, type ResourceAmounts } from '@pdbscope/shared';
import type { ObjectStore } from '../store/object-store.js';
import type { KubeObject, StoreEvent } from '../store/types.js';
import { controllerRefOf } from './objects.js';
import { podNodeName } from './pod-factory.js';

/**
 * The controllers' own indexes over pods, kept from store events: pods by controller UID (what a
 * ReplicaSet owns) and pods per node (for placing new pods). Nothing is rescanned. Each update
 * re-reads the pod from the store, so an event delivered after later writes cannot leave the
 * index behind the store (a controller that just created a pod refreshes it at once).
 */
export class PodIndex {
  constructor(private readonly store: ObjectStore) {}

  private readonly byOwner = new Map<string, Set<string>>();
  private readonly perNode = new Map<string, number>();
  private readonly owners = new Map<string, string>();
  private readonly nodes = new Map<string, string>();
  /** What the scheduler counts of each node: its unfinished pods and their requests. */
  private readonly usage = new Map<string, NodeUsage>();
  private readonly asks = new Map<string, ResourceAmounts | null>();

  /** Keys (`ns/name`) of the pods whose controller has this UID. */
  ownedBy(uid: string): ReadonlySet<string> {
    return this.byOwner.get(uid) ?? EMPTY;
  }

  podsOnNode(node: string): number {
    return this.perNode.get(node) ?? 0;
  }

  /** The unfinished pods bound to the node and what they request, as the scheduler counts them. */
  usageOf(node: string): NodeUsage {
    return this.usage.get(node) ?? { pods: 0, cpuMilli: 0, memoryBytes: 0 };
  }

  private use(node: string, ask: ResourceAmounts | null, sign: 1 | -1): void {
    const u = this.usage.get(node) ?? { pods: 0, cpuMilli: 0, memoryBytes: 0 };
    u.pods += sign;
    u.cpuMilli += sign * (ask?.cpuMilli ?? 0);
    u.memoryBytes += sign * (ask?.memoryBytes ?? 0);
    if (u.pods <= 0) this.usage.delete(node);
    else this.usage.set(node, u);
  }

  apply(event: StoreEvent): void {
    if (event.resource === 'pods')
      this.refresh(event.object.metadata.namespace ?? '', event.object.metadata.name ?? '');
  }

  /** Indexes pods just listed from the store (a bulk load), without reading each one again. */
  addAll(pods: readonly KubeObject[]): void {
    for (const pod of pods) {
      const k = `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
      this.forget(k);
      this.remember(k, pod);
    }
  }

  /** Re-reads one pod from the store. */
  refresh(namespace: string, name: string): void {
    const k = `${namespace}/${name}`;
    this.forget(k);
    const pod = this.store.get('pods', namespace, name);
    if (pod !== undefined) this.remember(k, pod);
  }

  private remember(k: string, pod: KubeObject): void {
    const owner = controllerRefOf(pod)?.uid;
    if (owner !== undefined) {
      this.owners.set(k, owner);
      let set = this.byOwner.get(owner);
      if (set === undefined) this.byOwner.set(owner, (set = new Set()));
      set.add(k);
    }
    const node = podNodeName(pod);
    if (node !== undefined) {
      this.nodes.set(k, node);
      this.perNode.set(node, (this.perNode.get(node) ?? 0) + 1);
      const phase = (pod['status'] as { phase?: string } | undefined)?.phase;
      if (phase !== 'Succeeded' && phase !== 'Failed') {
        const spec = (pod['spec'] ?? {}) as Record<string, unknown>;
        const ask = readPodScheduling(spec)?.requests ?? null;
        this.asks.set(k, ask);
        this.use(node, ask, 1);
      }
    }
  }

  private forget(k: string): void {
    const owner = this.owners.get(k);
    if (owner !== undefined) {
      const set = this.byOwner.get(owner);
      set?.delete(k);
      if (set?.size === 0) this.byOwner.delete(owner);
      this.owners.delete(k);
    }
    const node = this.nodes.get(k);
    if (node !== undefined) {
      const n = (this.perNode.get(node) ?? 1) - 1;
      if (n <= 0) this.perNode.delete(node);
      else this.perNode.set(node, n);
      this.nodes.delete(k);
      const ask = this.asks.get(k);
      if (ask !== undefined) {
        this.use(node, ask, -1);
        this.asks.delete(k);
      }
    }
  }
}

const EMPTY: ReadonlySet<string> = new Set();
