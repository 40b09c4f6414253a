import type { NodeView } from '../model/node.js';
import type { PodView } from '../model/pod.js';

/** Whether a node could take a pod (taints, nodeSelector, affinity, resources); all by default. */
export type FitsNode = (pod: PodView, node: NodeView) => boolean;

/**
 * The scheduler of the forecast, as the simulated one and kube-scheduler's least-allocated
 * spreading roughly do it: the schedulable node with the fewest pods that the pod fits. Nodes are
 * kept in buckets by pod count, so a placement looks at the emptiest nodes first instead of
 * scanning every node of the cluster.
 */
export class NodeLoad {
  private readonly count = new Map<string, number>();
  private readonly buckets = new Map<number, Set<string>>();
  private readonly views = new Map<string, NodeView>();
  private readonly schedulable = new Set<string>();
  private min = 0;

  constructor(private readonly fits: FitsNode) {}

  /** A node of the cluster with its current pods; it takes pods only when `schedulable`. */
  add(node: NodeView, pods: number, schedulable: boolean): void {
    this.views.set(node.name, node);
    this.count.set(node.name, pods);
    if (schedulable) this.open(node.name);
  }

  /** Cordoned or gone: takes no more pods. */
  close(name: string): void {
    if (!this.schedulable.delete(name)) return;
    this.buckets.get(this.count.get(name) ?? 0)?.delete(name);
  }

  private open(name: string): void {
    this.schedulable.add(name);
    const n = this.count.get(name) ?? 0;
    const bucket = this.buckets.get(n);
    if (bucket) bucket.add(name);
    else this.buckets.set(n, new Set([name]));
    if (n < this.min) this.min = n;
  }

  node(name: string): NodeView | undefined {
    return this.views.get(name);
  }

  isSchedulable(name: string): boolean {
    return this.schedulable.has(name);
  }

  /** One pod more (placed) or fewer (evicted) on a node. */
  adjust(name: string, delta: number): void {
    const before = this.count.get(name) ?? 0;
    const after = Math.max(0, before + delta);
    this.count.set(name, after);
    if (!this.schedulable.has(name)) return;
    this.buckets.get(before)?.delete(name);
    const bucket = this.buckets.get(after);
    if (bucket) bucket.add(name);
    else this.buckets.set(after, new Set([name]));
    if (after < this.min) this.min = after;
  }

  /** The node the pod would be bound to, counted as holding it; undefined when none fits. */
  place(pod: PodView): string | undefined {
    const counts = [...this.buckets.keys()].filter((n) => n >= this.min).sort((a, b) => a - b);
    for (const n of counts) {
      const bucket = this.buckets.get(n);
      if (!bucket || bucket.size === 0) continue;
      let best: string | undefined;
      for (const name of bucket) {
        if (best !== undefined && name >= best) continue;
        const view = this.views.get(name);
        if (view && this.fits(pod, view)) best = name;
      }
      if (best !== undefined) {
        this.min = n;
        this.adjust(best, 1);
        return best;
      }
    }
    return undefined;
  }
}
